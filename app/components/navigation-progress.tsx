import { useNavigation } from '@remix-run/react'
import { cn } from '#app/utils/cn.ts'

/** What a pending page load says (spec: Opportunity detail, "Loading opportunity..."). */
function loadingMessage(pathname: string) {
	if (/^\/portal\/opportunities\/[^/]+$/.test(pathname)) return 'Loading opportunity...'
	if (pathname === '/portal/feed') return 'Loading opportunities...'
	return 'Loading...'
}

/**
 * A thin bar under the header while a page loads (JavaScript navigations only; without
 * JavaScript the browser shows its own progress), announced to screen readers.
 */
export function NavigationProgress() {
	const navigation = useNavigation()
	const pathname = navigation.state === 'loading' ? navigation.location.pathname : null
	return (
		<>
			<div
				aria-hidden
				className={cn(
					'pointer-events-none absolute inset-x-0 -bottom-px h-0.5 origin-left bg-primary transition-[transform,opacity] duration-500',
					pathname ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0',
				)}
			/>
			<p role="status" className="sr-only">
				{pathname ? loadingMessage(pathname) : ''}
			</p>
		</>
	)
}
