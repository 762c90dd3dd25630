import {
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#app/components/ui/card.tsx'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { profileValuesFromForm } from '#app/utils/profile-form.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireUser } from '#server/auth/guards.ts'
import { isDomainError } from '#server/domain/errors.ts'
import { MAX_ONBOARDING_LINKS, ONBOARDING_STEPS } from '#server/domain/profiles/choices.ts'
import {
	assertReadyToComplete,
	completeOnboarding,
	getOnboarding,
	saveOnboardingStep,
	type OnboardingFormValues,
} from '#server/domain/profiles/onboarding.ts'
import { isMultipartForm } from '#server/http/multipart.ts'
import { logFailure } from '#server/logger.ts'
import { FilesStep, LinksStep, NameStep, PracticeStep, type StepProps } from './steps.tsx'
import { receiveProfileFiles, uploadProblemsSummary } from '#app/utils/profile-files.server.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Set up your profile', noindex: true })

const STEPS: Record<number, { title: string; description: string }> = {
	1: { title: 'About you', description: 'Your name and where you are based.' },
	2: { title: 'Your practice', description: 'What you make and what you are looking for.' },
	3: { title: 'Website and links', description: 'Where people can see your work.' },
	4: { title: 'CV and images', description: 'Your CV helps us write drafts in your voice.' },
}

function requireOnboardingUser(request: Request, context: LoaderFunctionArgs['context']) {
	const user = requireUser(request, context)
	if (user.onboardingCompleted) throw redirect('/portal/feed')
	return user
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = requireOnboardingUser(request, context)
	const { completed, step, values } = await getOnboarding(context.app, user.id)
	if (completed) throw redirect('/portal/feed')
	return { step: shownStep(request, step), values }
}

/**
 * The step the page shows: the one reached, or an earlier one its address names (`?step=2`). Each
 * step's page has its own address, so the browser's Back goes to the step before, with JavaScript
 * as without (a tester's finding: with it, Back left the site). A later step than the one reached
 * cannot be skipped to; Next from an earlier one saves it and goes on from there.
 */
function shownStep(request: Request, reached: number) {
	const asked = Number(new URL(request.url).searchParams.get('step'))
	return Number.isInteger(asked) && asked >= 1 && asked < reached ? asked : reached
}

const stepPath = (step: number) => `/onboarding?step=${step}`

export async function action({ request, context }: ActionFunctionArgs) {
	const user = requireOnboardingUser(request, context)
	if (isMultipartForm(request.headers.get('Content-Type'))) {
		return complete(request, context, user.id)
	}

	const form = await readForm(request)
	const intent = String(form.get('intent') ?? 'next')
	const values = profileValuesFromForm(form)
	let move: 'next' | 'stay' | 'previous' = intent === 'previous' ? 'previous' : 'next'
	// The link rows' buttons, without JavaScript (with it, the rows change in the browser).
	if (intent === 'add-link' && values.links.length < MAX_ONBOARDING_LINKS) {
		values.links.push({ kind: 'instagram', url: '' })
		move = 'stay'
	}
	const removed = /^remove-link-(\d)$/.exec(intent)
	if (removed && values.links.length > 1) {
		values.links.splice(Number(removed[1]), 1)
		move = 'stay'
	}

	const result = await handleFormErrors(
		() => saveOnboardingStep(context.app, user.id, { step: form.get('step'), values, move }),
		{ values },
	)
	if (!result.ok) return result.response
	return redirect(stepPath(result.value))
}

/** The last step: check the answers, store the files, finish. A failed file never blocks completion. */
async function complete(request: Request, context: ActionFunctionArgs['context'], userId: string) {
	const { app } = context
	try {
		await assertReadyToComplete(app, userId)
	} catch (error) {
		if (!isDomainError(error)) throw error
		if (error.code === 'CONFLICT') throw redirect('/portal/feed')
		return redirectWithToast('/onboarding', { type: 'error', description: error.message }, app.env)
	}
	try {
		const received = await receiveProfileFiles(request, app, userId, { cvTypes: 'pdf' })
		await completeOnboarding(app, userId)
		const problems = uploadProblemsSummary(received)
		return redirectWithToast(
			'/portal/feed',
			problems
				? { type: 'info', title: 'Profile completed!', description: `${problems} You can add files on your profile.` }
				: { title: 'Profile completed!' },
			app.env,
		)
	} catch (error) {
		logFailure(app.logger, error, { userId }, 'onboarding completion failed')
		return redirectWithToast(
			'/onboarding',
			{ type: 'error', description: 'Failed to complete onboarding. Please try again.' },
			app.env,
		)
	}
}

export default function Onboarding() {
	const { step, values } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const headingRef = useRef<HTMLHeadingElement>(null)
	const firstStep = useRef(step)

	// A new step replaces the form: move focus to its heading, so screen readers hear where they are.
	useEffect(() => {
		if (step !== firstStep.current) headingRef.current?.focus()
		firstStep.current = -1
	}, [step])

	const failed = actionData && 'fieldErrors' in actionData ? actionData : null
	const props: StepProps = {
		values: (failed?.values as OnboardingFormValues | undefined) ?? values,
		serverErrors: failed?.fieldErrors ?? {},
		formError: failed && Object.keys(failed.fieldErrors).length === 0 ? failed.formError : undefined,
	}
	const { title, description } = STEPS[step]!

	return (
		<PublicLayout>
			<div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
				<h1 className="text-3xl font-semibold tracking-tight">Set up your profile</h1>
				<p className="mt-2 text-muted-foreground">
					Four short steps. We use your profile to match open calls and to write your drafts.
				</p>
				<StepProgress step={step} />
				<Card className="mt-6">
					<CardHeader>
						<h2 ref={headingRef} tabIndex={-1} className="text-lg leading-snug font-semibold focus:outline-none">
							{title}
						</h2>
						<CardDescription>{description}</CardDescription>
					</CardHeader>
					<CardContent>
						{step === 1 ? <NameStep key={1} {...props} /> : null}
						{step === 2 ? <PracticeStep key={2} {...props} /> : null}
						{step === 3 ? <LinksStep key={3} {...props} /> : null}
						{step === 4 ? <FilesStep key={4} formError={props.formError} /> : null}
					</CardContent>
				</Card>
			</div>
		</PublicLayout>
	)
}

function StepProgress({ step }: { step: number }) {
	const label = `Step ${step} of ${ONBOARDING_STEPS}`
	return (
		<div className="mt-8 grid gap-2">
			<p className="text-sm font-medium" id="onboarding-progress">
				{label}
			</p>
			<div
				role="progressbar"
				aria-labelledby="onboarding-progress"
				aria-valuemin={1}
				aria-valuemax={ONBOARDING_STEPS}
				aria-valuenow={step}
				aria-valuetext={label}
				className="h-2 overflow-hidden rounded-full bg-muted"
			>
				<div
					className="h-full rounded-full bg-primary transition-[width] duration-300"
					style={{ width: `${(step / ONBOARDING_STEPS) * 100}%` }}
				/>
			</div>
		</div>
	)
}
