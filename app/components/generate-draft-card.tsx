import { Form, useActionData, useNavigate, useNavigation } from '@remix-run/react'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { showToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Wand2 } from '#app/components/ui/icons.tsx'
import { UpgradeDialog, UpgradePanel } from '#app/components/upgrade-dialog.tsx'
import { trpcErrorMessage, useTRPC } from '#app/utils/trpc.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { DraftAllowance } from '#server/domain/credits/allowance.ts'
import { formatShortDate } from '#server/domain/dates.ts'
import { isDraftLimitError, watchDraftPath, NO_QUESTIONS_MESSAGE, TONE_CHOICES, type Tone } from '#server/domain/drafting/drafting.schema.ts'

/** What the opportunity page's action answers when a plain form post cannot start a draft. */
export type GenerateActionData = { upgrade: boolean; formError: string }

type GenerateDraftCardProps = {
	opportunityId: string
	allowance: DraftAllowance
	questionCount: number
	/** The call's deadline when it has passed: drafting stays possible, with a warning. */
	closedOn?: string | null
}

/**
 * The "Generate Draft" card (spec section 2): the tone and the button. With JavaScript the button
 * calls generate-draft over tRPC and goes straight to the new draft's page, reading "Generating..."
 * while the request runs; with no draft left (and not Pro) it opens the upgrade dialog without a
 * request, as does a server answer containing draft_limit_exceeded. Without JavaScript the form
 * posts to the page's action, which redirects to the draft or answers with the same offer.
 */
export function GenerateDraftCard({ opportunityId, allowance, questionCount, closedOn }: GenerateDraftCardProps) {
	const actionData = useActionData<GenerateActionData>()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const navigate = useNavigate()
	const trpc = useTRPC()
	const [upgradeOpen, setUpgradeOpen] = useState(false)
	const generate = useMutation(
		trpc.drafts.generate.mutationOptions({
			onSuccess: ({ draftId }) => navigate(watchDraftPath(draftId)),
			onError: (error) => {
				if (isDraftLimitError(error.message)) setUpgradeOpen(true)
				else showToast({ type: 'error', description: trpcErrorMessage(error, 'Failed to generate draft') })
			},
		}),
	)
	const posting = navigation.state !== 'idle' && navigation.formAction?.endsWith(opportunityId) && navigation.formMethod === 'POST'
	// Stays "Generating..." until the draft's page has replaced this one.
	const busy = generate.isPending || generate.isSuccess || Boolean(posting)
	const upgradeFromServer = actionData?.upgrade === true
	const [answered, setAnswered] = useState(actionData)
	if (actionData !== answered) {
		setAnswered(actionData)
		if (upgradeFromServer) setUpgradeOpen(true)
	}
	const drafting = questionCount > 0

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		if (!allowance.canDraft) return setUpgradeOpen(true)
		const tone = new FormData(event.currentTarget).get('tone')
		generate.mutate({ opportunityId, tone: (typeof tone === 'string' ? tone : 'neutral') as Tone })
	}

	return (
		<Card>
			<CardHeader>
				<CardTitle as="h2">Generate Draft</CardTitle>
				<CardDescription>
					{allowance.unlimited
						? 'Pro Plan - Unlimited Drafts'
						: `One AI-written answer per question, within each limit. Credits remaining: ${allowance.creditsRemaining}`}
				</CardDescription>
			</CardHeader>
			<CardContent>
				{/* Without JavaScript the form posts; once hydrated, onSubmit takes over. */}
				<Form method="post" className="grid gap-4" onSubmit={hydrated ? onSubmit : undefined} aria-busy={busy}>
					<fieldset className="grid gap-2" disabled={!drafting}>
						<legend className="mb-1 text-sm font-medium">Tone</legend>
						{TONE_CHOICES.map((tone) => (
							<label
								key={tone.value}
								className="flex cursor-pointer items-start gap-2.5 rounded-md border border-border px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
							>
								<input type="radio" name="tone" value={tone.value} defaultChecked={tone.value === 'neutral'} className="checkbox mt-0.5" />
								<span>
									<span className="font-medium">{tone.label}</span>
									<span className="block text-xs text-muted-foreground">{tone.hint}</span>
								</span>
							</label>
						))}
					</fieldset>
					<Button type="submit" disabled={busy || !drafting} aria-describedby={drafting ? (closedOn ? 'generate-closed' : undefined) : 'generate-unavailable'}>
						<Wand2 aria-hidden className="size-4" />
						{busy ? 'Generating...' : 'Generate Draft'}
					</Button>
					{drafting && closedOn ? (
						// Still allowed (a late call, a draft to reuse elsewhere), but a credit should not go there unawares.
						<p id="generate-closed" className="text-sm text-destructive">
							This call closed on {formatShortDate(closedOn)}. You can still draft an application, but it may no longer be accepted.
						</p>
					) : null}
					{drafting ? null : (
						<p id="generate-unavailable" className="text-sm text-muted-foreground">
							{NO_QUESTIONS_MESSAGE}
						</p>
					)}
					{actionData && !actionData.upgrade ? <ErrorList errors={[actionData.formError]} /> : null}
				</Form>
				{upgradeFromServer && !hydrated ? (
					<div className="mt-4">
						<UpgradePanel dismissTo={`/portal/opportunities/${opportunityId}`} />
					</div>
				) : null}
				<UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
			</CardContent>
		</Card>
	)
}
