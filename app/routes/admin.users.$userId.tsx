import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList, Field, SelectField } from '#app/components/forms.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { formatDateTime } from '#app/utils/date-time.ts'
import { handleFormErrors, orNotFound, type FormErrorData } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { readForm } from '#app/utils/read-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { ACCOUNT_MESSAGES } from '#server/domain/accounts/accounts.schema.ts'
import { adjustCredits, changeUserRole, getUserForAdmin, setUserPlan } from '#server/domain/admin/users.ts'
import { MAX_CREDIT_ADJUSTMENT } from '#server/domain/admin/users.schema.ts'

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
	pageMeta({ title: data ? data.user.email : isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'User', noindex: true })

const REASON_LABELS: Record<string, string> = {
	first_login_grant: 'First sign-in grant',
	draft_generated: 'Draft generated',
	draft_refund: 'Draft refund',
	credit_pack: 'Credit pack',
	admin_adjustment: 'Admin adjustment',
}
const ACTION_LABELS: Record<string, string> = { role_changed: 'Role changed', plan_changed: 'Plan changed' }
/** Who acted: an admin's e-mail, or the system (sign-in grant, Stripe, an operator's command line). */
const byWhom = (email: string | null) => email ?? 'System'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { user, creditHistory, auditHistory } = await orNotFound(() => getUserForAdmin(context.app, actor, params.userId ?? ''))
	return {
		user: { ...user, createdAt: formatDateTime(user.createdAt) },
		isSelf: user.id === actor.id,
		creditHistory: creditHistory.map((entry) => ({
			id: entry.id,
			when: formatDateTime(entry.createdAt),
			delta: entry.delta,
			balanceAfter: entry.balanceAfter,
			reason: REASON_LABELS[entry.reason] ?? entry.reason,
			note: entry.note,
			by: byWhom(entry.actorEmail),
		})),
		auditHistory: auditHistory.map((entry) => ({
			id: entry.id,
			when: formatDateTime(entry.createdAt),
			action: ACTION_LABELS[entry.action] ?? entry.action,
			change: entry.details ? `${entry.details.from} → ${entry.details.to}` : '',
			by: byWhom(entry.actorEmail),
		})),
	}
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const actor = requireAdmin(request, context)
	const { app } = context
	const userId = params.userId ?? ''
	const form = await readForm(request)
	const intent = String(form.get('intent'))
	const run = async (change: () => Promise<unknown>, values: Record<string, FormDataEntryValue | null>) => {
		const result = await handleFormErrors(change, { intent, values })
		return result.ok ? redirectWithToast(`/admin/users/${userId}`, { title: 'User updated successfully' }, app.env) : result.response
	}
	switch (intent) {
		case 'role': {
			const values = { role: form.get('role') }
			return run(() => changeUserRole(app, actor, { userId, ...values }), values)
		}
		case 'plan': {
			const values = { plan: form.get('plan') }
			return run(() => setUserPlan(app, actor, { userId, ...values }), values)
		}
		case 'credits': {
			const values = { delta: form.get('delta'), note: form.get('note') }
			return run(() => adjustCredits(app, actor, { userId, ...values }), values)
		}
	}
	throw new Response('Unknown form.', { status: 400 })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type Failed = FormErrorData<Record<string, string | null>> | null

export default function AdminUser() {
	const data = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as FormErrorData<Record<string, string | null>> | undefined
	const failed = (intent: string): Failed => (actionData?.intent === intent ? actionData : null)
	const { user } = data
	return (
		<div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
			<div className="grid gap-3">
				<ButtonLink to="/admin/users" variant="ghost" size="sm" className="justify-self-start">
					<ArrowLeft aria-hidden />
					Back to users
				</ButtonLink>
				<div>
					<h1 className="text-2xl font-semibold break-all sm:text-3xl">{user.email}</h1>
					<p className="mt-1 text-muted-foreground">{user.name ?? 'No name yet'}</p>
				</div>
				<dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-5">
					<Detail term="Role">
						<Badge variant={user.role === 'admin' ? 'default' : 'outline'}>{user.role}</Badge>
					</Detail>
					<Detail term="Plan">
						<Badge variant={user.plan === 'pro' ? 'secondary' : 'outline'}>{user.plan}</Badge>
					</Detail>
					<Detail term="Credits">
						<span className="tabular-nums">{user.credits}</span>
					</Detail>
					<Detail term="Onboarding">{user.onboardingCompleted ? 'Completed' : 'Not completed'}</Detail>
					<Detail term="Created">{user.createdAt}</Detail>
				</dl>
			</div>
			<div className="grid gap-6 lg:grid-cols-3">
				<RoleForm current={user.role} isSelf={data.isSelf} failed={failed('role')} />
				<PlanForm current={user.plan} failed={failed('plan')} />
				<CreditsForm failed={failed('credits')} />
			</div>
			<CreditHistory entries={data.creditHistory} />
			<AuditHistory entries={data.auditHistory} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
	return (
		<div className="grid gap-1">
			<dt className="text-muted-foreground">{term}</dt>
			<dd className="font-medium">{children}</dd>
		</div>
	)
}

/** One of the page's small forms: a titled card whose failure is announced and shown above its button. */
function ChangeForm({ intent, title, failed, resetOnSuccess = false, children }: { intent: string; title: string; failed: Failed; resetOnSuccess?: boolean; children: ReactNode }) {
	const headingId = useId()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	// With JavaScript the page is not reloaded, so typed fields keep their values after a change;
	// one that adds (credits) is emptied once it succeeded, or a second press would add again.
	const form = useRef<HTMLFormElement>(null)
	const active = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
	const wasActive = useRef(false)
	useEffect(() => {
		if (active) {
			wasActive.current = true
			return
		}
		if (wasActive.current && resetOnSuccess && !failed) form.current?.reset()
		wasActive.current = false
	}, [active, failed, resetOnSuccess])
	// Field messages show beside their field; anything else (a refusal, a conflict) shows here.
	const formError = failed && !Object.keys(failed.fieldErrors).length ? failed.formError : null
	return (
		<section aria-labelledby={headingId}>
			<Card className="h-full">
				<CardHeader>
					<CardTitle as="h2" id={headingId}>
						{title}
					</CardTitle>
				</CardHeader>
				<CardContent>
					<Form ref={form} method="post" className="grid gap-4">
						<input type="hidden" name="intent" value={intent} />
						{children}
						<div role="alert" className="empty:hidden">
							{formError ? <ErrorList errors={[formError]} /> : null}
						</div>
						<Button type="submit" disabled={busy} className="justify-self-start">
							{busy ? 'Saving…' : 'Save'}
							{/* Three forms on the page: each button says what it saves. */}
							<span className="sr-only"> {title.toLowerCase()}</span>
						</Button>
					</Form>
				</CardContent>
			</Card>
		</section>
	)
}

function ChoiceField({ name, label, options, defaultValue, errors, hint }: {
	name: string
	label: string
	options: readonly string[]
	defaultValue: string
	errors?: string[]
	hint?: string
}) {
	return (
		<SelectField label={label} hint={hint} errors={errors} selectProps={{ name, defaultValue }}>
			{options.map((option) => (
				<option key={option} value={option}>
					{option}
				</option>
			))}
		</SelectField>
	)
}

function RoleForm({ current, isSelf, failed }: { current: string; isSelf: boolean; failed: Failed }) {
	return (
		<ChangeForm intent="role" title="Role" failed={failed}>
			<ChoiceField
				name="role"
				label="Role"
				options={['user', 'admin']}
				defaultValue={failed?.values?.role ?? current}
				errors={failed?.fieldErrors.role}
				// Refused for that very reason, the error says it: the hint would say it a second time.
				hint={isSelf ? (failed?.formError === ACCOUNT_MESSAGES.ownAdminRole ? undefined : ACCOUNT_MESSAGES.ownAdminRole) : 'Admins can open every page under /admin.'}
			/>
		</ChangeForm>
	)
}

function PlanForm({ current, failed }: { current: string; failed: Failed }) {
	return (
		<ChangeForm intent="plan" title="Plan" failed={failed}>
			<ChoiceField
				name="plan"
				label="Plan"
				options={['free', 'pro']}
				defaultValue={failed?.values?.plan ?? current}
				errors={failed?.fieldErrors.plan}
				hint="A manual change; Stripe billing is not touched."
			/>
		</ChangeForm>
	)
}

function CreditsForm({ failed }: { failed: Failed }) {
	return (
		<ChangeForm intent="credits" title="Credits" failed={failed} resetOnSuccess>
			<Field
				label="Credits to add or remove"
				hint="A negative number removes credits, e.g. -2."
				errors={failed?.fieldErrors.delta}
				inputProps={{
					name: 'delta',
					type: 'number',
					inputMode: 'numeric',
					step: 1,
					min: -MAX_CREDIT_ADJUSTMENT,
					max: MAX_CREDIT_ADJUSTMENT,
					required: true,
					defaultValue: failed?.values?.delta ?? '',
				}}
			/>
			<Field
				label="Note"
				hint="Required: why the credits change; kept in the history."
				errors={failed?.fieldErrors.note}
				inputProps={{ name: 'note', required: true, maxLength: 500, defaultValue: failed?.values?.note ?? '', autoComplete: 'off' }}
			/>
		</ChangeForm>
	)
}

function HistorySection({ title, empty, headings, children }: { title: string; empty: boolean; headings: string[]; children: ReactNode }) {
	const headingId = useId()
	return (
		<section aria-labelledby={headingId} className="grid min-w-0 gap-3">
			<h2 id={headingId} className="text-lg font-semibold">
				{title}
			</h2>
			{empty ? (
				<p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
			) : (
				// Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too; `relative`
				// keeps the screen-reader-only text inside it; `min-w-0` lets it shrink in the page's grid.
				<Card className="relative min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
					<table className="w-full text-left text-sm" aria-labelledby={headingId}>
						<thead className="border-b border-border text-muted-foreground">
							<tr>
								{headings.map((heading) => (
									<th key={heading} scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
										{heading}
									</th>
								))}
							</tr>
						</thead>
						<tbody>{children}</tbody>
					</table>
				</Card>
			)}
		</section>
	)
}

const cell = 'px-4 py-3 align-top'

function CreditHistory({ entries }: { entries: LoaderData['creditHistory'] }) {
	return (
		<HistorySection title="Credit history" empty={!entries.length} headings={['When', 'Change', 'Balance', 'Reason', 'Note', 'By']}>
			{entries.map((entry) => (
				<tr key={entry.id} className="border-b border-border last:border-0">
					<td className={`${cell} whitespace-nowrap`}>{entry.when}</td>
					<td className={`${cell} tabular-nums`}>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</td>
					<td className={`${cell} tabular-nums`}>{entry.balanceAfter}</td>
					<td className={cell}>{entry.reason}</td>
					<td className={cell}>{entry.note ?? '–'}</td>
					<td className={`${cell} break-all`}>{entry.by}</td>
				</tr>
			))}
		</HistorySection>
	)
}

function AuditHistory({ entries }: { entries: LoaderData['auditHistory'] }) {
	return (
		<HistorySection title="Audit log" empty={!entries.length} headings={['When', 'Action', 'Change', 'By']}>
			{entries.map((entry) => (
				<tr key={entry.id} className="border-b border-border last:border-0">
					<td className={`${cell} whitespace-nowrap`}>{entry.when}</td>
					<td className={cell}>{entry.action}</td>
					<td className={cell}>{entry.change}</td>
					<td className={`${cell} break-all`}>{entry.by}</td>
				</tr>
			))}
		</HistorySection>
	)
}
