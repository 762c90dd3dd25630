import { Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { CircleAlert, CircleCheck, Info, X, type Icon } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Toast } from '#app/utils/toast.server.ts'

const MAX_VISIBLE = 3
// Errors stay longer: they usually ask the reader to do something.
const DURATION_MS: Record<Toast['type'], number> = { success: 5_000, info: 5_000, error: 8_000 }

const looks: Record<Toast['type'], { icon: Icon; className: string; iconClassName: string }> = {
	success: { icon: CircleCheck, className: 'border-border bg-card', iconClassName: 'text-success' },
	info: { icon: Info, className: 'border-border bg-card', iconClassName: 'text-primary' },
	error: {
		icon: CircleAlert,
		className: 'border-destructive/30 bg-destructive-soft',
		iconClassName: 'text-destructive',
	},
}

const closeClassName =
	'-m-1 shrink-0 rounded-sm p-1 text-muted-foreground transition-colors hover:bg-foreground/5 hover:text-foreground'

const dismissLabel = (
	<>
		<X aria-hidden className="size-4" />
		<span className="sr-only">Dismiss notification</span>
	</>
)

const CLIENT_TOAST_EVENT = 'callboard:toast'

/**
 * Shows a toast from browser code, for outcomes no navigation reports (e.g. a failed tRPC
 * mutation). Errors default to the title "Error", as the specification titles them.
 */
export function showToast(input: { type: 'error'; title?: string; description: string } | { type?: 'success' | 'info'; title: string; description?: string }) {
	const toast: Toast = { id: crypto.randomUUID(), type: input.type ?? 'success', title: input.title ?? 'Error', description: input.description }
	window.dispatchEvent(new CustomEvent<Toast>(CLIENT_TOAST_EVENT, { detail: toast }))
}

/**
 * Shows the flash toast of the root loader, and those of showToast(). The server renders it into live regions, so it is
 * there without JavaScript (dismissing then reloads the page). Once hydrated, toasts animate, can
 * be dismissed and hide themselves, pausing while hovered or focused. Each new toast id that a
 * later navigation brings is added to the stack; one that says what a toast shown already says
 * replaces it rather than stacking a copy.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
	const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : [])
	const [lastId, setLastId] = useState(toast?.id)
	if (toast && toast.id !== lastId) {
		setLastId(toast.id)
		setToasts((current) => stack(current, toast))
	}
	useEffect(() => {
		const onToast = (event: Event) => setToasts((current) => stack(current, (event as CustomEvent<Toast>).detail))
		window.addEventListener(CLIENT_TOAST_EVENT, onToast)
		return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast)
	}, [])
	const dismiss = (id: string) => setToasts((current) => current.filter((t) => t.id !== id))
	const card = (t: Toast) => <ToastCard key={t.id} toast={t} onDismiss={dismiss} />

	return (
		<section
			aria-label="Notifications"
			className="toaster pointer-events-none fixed inset-x-4 bottom-4 z-[100] flex flex-col gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
		>
			{/* Live regions exist before any toast does, so screen readers announce the ones added later.
			    Each names its aria-live, though its role implies it: an open modal dialog hides the rest
			    of the page from screen readers (aria-hidden) except elements with that attribute. */}
			<div role="status" aria-live="polite" className="flex flex-col gap-2">
				{toasts.filter((t) => t.type !== 'error').map(card)}
			</div>
			<div role="alert" aria-live="assertive" className="flex flex-col gap-2">
				{toasts.filter((t) => t.type === 'error').map(card)}
			</div>
		</section>
	)
}

/** The toasts after `next` arrives: one saying the same as it is replaced (shown anew, not twice). */
function stack(current: Toast[], next: Toast) {
	const same = (t: Toast) => t.type === next.type && t.title === next.title && t.description === next.description
	return [...current.filter((t) => !same(t)), next].slice(-MAX_VISIBLE)
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
	const hydrated = useHydrated()
	const location = useLocation()
	const [leaving, setLeaving] = useState(false)
	const [paused, setPaused] = useState(false)
	const remaining = useRef(DURATION_MS[toast.type])

	useEffect(() => {
		if (paused || leaving) return
		const startedAt = Date.now()
		const timer = setTimeout(() => setLeaving(true), remaining.current)
		return () => {
			clearTimeout(timer)
			remaining.current -= Date.now() - startedAt
		}
	}, [paused, leaving])

	const { icon: Icon, className, iconClassName } = looks[toast.type]
	return (
		<div
			className={cn(
				'pointer-events-auto flex items-start gap-3 rounded-lg border p-4 text-sm shadow-raised',
				leaving ? 'animate-toast-out' : 'animate-toast-in',
				// Without JavaScript, CSS runs its clock (tailwind.css).
				!hydrated && 'toast-expires',
				className,
			)}
			data-type={hydrated ? undefined : toast.type}
			onAnimationEnd={() => leaving && onDismiss(toast.id)}
			onMouseEnter={() => setPaused(true)}
			onMouseLeave={() => setPaused(false)}
			onFocus={() => setPaused(true)}
			onBlur={() => setPaused(false)}
		>
			<Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconClassName)} />
			<div className="min-w-0 flex-1">
				<p className={cn('font-semibold', toast.type === 'error' && 'text-destructive')}>{toast.title}</p>
				{toast.description ? <p className="mt-1 text-foreground/80">{toast.description}</p> : null}
			</div>
			{hydrated ? (
				<button type="button" onClick={() => setLeaving(true)} className={closeClassName}>
					{dismissLabel}
				</button>
			) : (
				// Without JavaScript, dismissing reloads the page: the cookie no longer holds the toast.
				<Link to={location} className={closeClassName}>
					{dismissLabel}
				</Link>
			)}
		</div>
	)
}

/*
 * Focus after a form posted without JavaScript. The post redirects back to its page
 * (post/redirect/get), and the browser would start that page again at its top: a Save pressed on the
 * feed's twentieth card, or a question moved down the list, would leave the keyboard and the view a
 * screen or more away. The action names the control in its flash toast (`focus`), and that control
 * renders `autofocus`, so the browser focuses it and scrolls it into view. (It lives here, with the
 * toast that carries it: this module is on every page already, so pages that use it load no chunk
 * more; the feed's HTML is at its budget.) With JavaScript FocusKeeper keeps focus where it was
 * (ADR 008), so once hydrated nothing is named here: a control that first appears after a post (the
 * images field, once an image is removed from a full set) must not take focus from it.
 */

export type ProfilePart = 'basics' | 'link' | 'cv' | 'image' | 'brief'

/** The names of the controls a redirect can return focus to. */
export const FLASH_FOCUS = {
	/** A save button, on a feed card or an opportunity's page. */
	save: (opportunityId: string) => `save:${opportunityId}`,
	/** Whether `key` names a save button (whose card may be gone: unsaved on the Saved filter). */
	isSave: (key: string | undefined) => key?.startsWith('save:') ?? false,
	/** A question's move button, in the admin's reorder list. */
	move: (questionId: string, direction: 'up' | 'down') => `move:${questionId}:${direction}`,
	/** A question's "Save as template" button. */
	template: (questionId: string) => `template:${questionId}`,
	/** A part of the profile page. */
	profile: (part: ProfilePart) => `profile:${part}`,
	/** The account page's "E-mail me a link". */
	passwordLink: 'account:password-link',
	/** The account page's new e-mail address field. */
	emailChange: 'account:email-change',
}

/** The control the toast this page shows returns focus to, if any (until hydrated). */
export function useFlashFocusKey(): string | undefined {
	const focus = useRouteLoaderData<typeof rootLoader>('root')?.toast?.focus
	return useHydrated() ? undefined : focus
}

/**
 * The file the toast this page shows asks to fetch, until hydrated (a no-JavaScript Download or
 * export, after the page's answers were saved): the page fetches it with a `<meta refresh>` in
 * `<noscript>`, and stays, as a download does not leave the page.
 */
export function useFlashFile(): string | undefined {
	const file = useRouteLoaderData<typeof rootLoader>('root')?.toast?.file
	return useHydrated() ? undefined : file
}

/** `true` (for `autoFocus`) when the toast this page shows returns focus to the control named `key`. */
export function useFlashFocus(key: string): true | undefined {
	return useFlashFocusKey() === key ? true : undefined
}
