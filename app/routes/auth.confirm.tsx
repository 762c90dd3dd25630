import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { ExpiredLink } from '#app/components/account-forms.tsx'
import { redirectSignedIn } from '#app/utils/auth.server.ts'
import { handleFormErrors } from '#app/utils/errors.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { confirmEmail } from '#server/domain/accounts/sign-up.ts'

export { PublicErrorBoundary as ErrorBoundary } from '#app/components/public-layout.tsx'

export const meta: MetaFunction = () => pageMeta({ title: 'Confirm your e-mail address', noindex: true })

/**
 * The link of the confirmation e-mail: confirms the address, signs in (first
 * sign-in: the free draft) and continues to onboarding. A mail scanner that
 * follows it first uses it up; the person then gets the page below, whose
 * magic link signs in and confirms just the same.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const result = await handleFormErrors(() => confirmEmail(context.app, { token }))
	if (!result.ok) return data({ expired: true }, { status: 400 })
	const next = result.value.onboardingCompleted ? '/' : '/onboarding'
	return redirectSignedIn(next, result.value, 'Your e-mail address is confirmed', context.app.env)
}

export default function ConfirmEmail() {
	return <ExpiredLink title="This confirmation link has expired" newLink={{ to: '/signin', label: 'Get a magic link' }} />
}
