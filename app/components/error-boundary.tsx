import { isRouteErrorResponse, useParams, useRouteError, type ErrorResponse, type Params } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { CircleAlert, SearchX } from '#app/components/ui/icons.tsx'

type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactNode

type GeneralErrorBoundaryProps = {
	/** Renders a thrown Response whose status has no handler of its own. */
	defaultStatusHandler?: StatusHandler
	/** Renders thrown Responses by status; 404 already has the "page not found" page. */
	statusHandlers?: Record<number, StatusHandler>
	/** Renders anything else that was thrown (bugs, failed dependencies). */
	unexpectedErrorHandler?: (error: unknown) => ReactNode
}

/** The error boundary of every route: `export function ErrorBoundary() { return <GeneralErrorBoundary /> }`. */
export function GeneralErrorBoundary({
	defaultStatusHandler = ({ error }) => <ErrorResponsePage error={error} />,
	statusHandlers,
	unexpectedErrorHandler = () => <UnexpectedErrorPage />,
}: GeneralErrorBoundaryProps) {
	const error = useRouteError()
	const params = useParams()
	if (isRouteErrorResponse(error)) {
		const handler = statusHandlers?.[error.status] ?? (error.status === 404 ? notFound : defaultStatusHandler)
		return <>{handler({ error, params })}</>
	}
	return <>{unexpectedErrorHandler(error)}</>
}

const homeLink = <ButtonLink to="/">Back to home</ButtonLink>

const notFound: StatusHandler = () => (
	<StatusPanel icon={SearchX} tone="primary" title="Oops! Page not found" actions={homeLink}>
		<p>The page you are looking for does not exist or has moved.</p>
	</StatusPanel>
)

function ErrorResponsePage({ error }: { error: ErrorResponse }) {
	// A string body is a message written for the user (e.g. a 400 from an action); anything else is not shown.
	const message = typeof error.data === 'string' && error.data.trim() ? error.data : error.statusText
	return (
		<StatusPanel icon={CircleAlert} tone="destructive" title={`Error ${error.status}`} actions={homeLink}>
			{message ? <p>{message}</p> : null}
		</StatusPanel>
	)
}

function UnexpectedErrorPage() {
	return (
		<StatusPanel icon={CircleAlert} tone="destructive" title="Something went wrong" actions={homeLink}>
			<p>An unexpected error occurred. Please try again.</p>
		</StatusPanel>
	)
}
