import * as DialogPrimitive from '@radix-ui/react-dialog'
import { NavLink, useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { FileText, LayoutGrid, Menu, PanelLeftClose, PanelLeftOpen, ShieldCheck, UserRound, X, type Icon } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

type NavItem = { to: string; label: string; icon: Icon }

export function portalNavItems(isAdmin: boolean): NavItem[] {
	return [
		{ to: '/portal/feed', label: 'Feed', icon: LayoutGrid },
		{ to: '/portal/profile', label: 'Profile', icon: UserRound },
		{ to: '/portal/drafts', label: 'Drafts', icon: FileText },
		...(isAdmin ? [{ to: '/admin', label: 'Admin', icon: ShieldCheck }] : []),
	]
}

/** The sidebar's links; collapsed, only their icons show (the names stay for screen readers and as tooltips). */
export function PortalNavList({ items, collapsed = false, onNavigate }: { items: NavItem[]; collapsed?: boolean; onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
	return (
		<ul className="grid gap-1">
			{items.map(({ to, label, icon: Icon }) => (
				<li key={to}>
					<NavLink
						to={to}
						title={collapsed ? label : undefined}
						onClick={onNavigate}
						// The current page's link is marked by its aria-current="page" (see .nav-link).
						className={cn('nav-link', collapsed && 'justify-center px-0')}
					>
						<Icon aria-hidden className="size-4 shrink-0" />
						<span className={collapsed ? 'sr-only' : undefined}>{label}</span>
					</NavLink>
				</li>
			))}
		</ul>
	)
}

const SIDEBAR_FETCHER = 'portal-sidebar'

/**
 * Whether the desktop sidebar is open: the cookie's value from the server,
 * or, while a toggle is on its way, the value being saved.
 */
export function useSidebarOpen(serverOpen: boolean) {
	const fetcher = useFetcher({ key: SIDEBAR_FETCHER })
	const pending = fetcher.formData?.get('open')
	return typeof pending === 'string' ? pending === 'true' : serverOpen
}

/**
 * The sidebar's open/closed switch: a form that saves the choice in a cookie
 * (with JavaScript through a fetcher, without it as a post and redirect back).
 * Ctrl/Cmd+B does the same once hydrated; on a narrow screen it opens the drawer.
 */
export function SidebarToggle({ open, onNarrowScreenShortcut }: { open: boolean; onNarrowScreenShortcut: () => void }) {
	const fetcher = useFetcher({ key: SIDEBAR_FETCHER })
	const hydrated = useHydrated()
	const location = useLocation()

	useEffect(() => {
		function onKeyDown(event: KeyboardEvent) {
			if (event.key.toLowerCase() !== 'b' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return
			event.preventDefault()
			if (window.matchMedia('(max-width: 767px)').matches) return onNarrowScreenShortcut()
			fetcher.submit({ intent: 'toggle-sidebar', open: String(!open) }, { method: 'post', action: '/portal/preferences' })
		}
		window.addEventListener('keydown', onKeyDown)
		return () => window.removeEventListener('keydown', onKeyDown)
	}, [fetcher, open, onNarrowScreenShortcut])

	const Icon = open ? PanelLeftClose : PanelLeftOpen
	return (
		<fetcher.Form method="post" action="/portal/preferences" className="hidden md:block">
			<input type="hidden" name="intent" value="toggle-sidebar" />
			<input type="hidden" name="open" value={String(!open)} />
			{hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
			<Button type="submit" variant="ghost" size="icon" aria-expanded={open} aria-controls="portal-sidebar" title="Toggle sidebar (Ctrl+B)">
				<Icon aria-hidden />
				<span className="sr-only">{open ? 'Collapse sidebar' : 'Expand sidebar'}</span>
			</Button>
		</fetcher.Form>
	)
}

/**
 * The navigation below 768px. Without JavaScript a disclosure (`<details>`)
 * opens the links under the header; with it, a drawer slides in from the left:
 * a modal dialog that traps focus and closes with Escape.
 */
export function MobileNav({ items, open, onOpenChange }: { items: NavItem[]; open: boolean; onOpenChange: (open: boolean) => void }) {
	// Closed by following one of its links: focus goes to the new page's <main> (FocusKeeper), as
	// after any other move to a page, not back to the Menu button.
	const navigating = useRef(false)
	const hydrated = useHydrated()
	const trigger = (
		<>
			<Menu aria-hidden className="size-5" />
			<span className="sr-only">Menu</span>
		</>
	)
	if (!hydrated) {
		return (
			<details className="group md:hidden">
				<summary className="grid size-10 cursor-pointer list-none place-items-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
					{trigger}
				</summary>
				<nav aria-label="Portal" className="absolute inset-x-0 top-14 z-40 border-b border-border bg-card p-3 shadow-raised">
					<PortalNavList items={items} />
				</nav>
			</details>
		)
	}
	return (
		<DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
			<DialogPrimitive.Trigger asChild>
				<Button variant="ghost" size="icon" className="md:hidden">
					{trigger}
				</Button>
			</DialogPrimitive.Trigger>
			<DialogPrimitive.Portal>
				<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 data-[state=open]:animate-overlay-in md:hidden" />
				<DialogPrimitive.Content
					aria-describedby={undefined}
					onCloseAutoFocus={(event) => {
						if (navigating.current) event.preventDefault()
						navigating.current = false
					}}
					className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-r border-border bg-card p-4 shadow-raised data-[state=open]:animate-drawer-in md:hidden"
				>
					<div className="flex items-center justify-between">
						<DialogPrimitive.Title className="text-base font-semibold">Menu</DialogPrimitive.Title>
						<DialogPrimitive.Close className="rounded-sm p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
							<X aria-hidden className="size-4" />
							<span className="sr-only">Close menu</span>
						</DialogPrimitive.Close>
					</div>
					<nav aria-label="Portal">
						<PortalNavList
							items={items}
							onNavigate={(event) => {
								// A link opened in another tab (a modifier held, another button) leaves this page where it is.
								const here = !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
								navigating.current = here
								onOpenChange(false)
							}}
						/>
					</nav>
				</DialogPrimitive.Content>
			</DialogPrimitive.Portal>
		</DialogPrimitive.Root>
	)
}

/** Drawer state shared by the menu button and the keyboard shortcut. */
export function useDrawer() {
	const [open, setOpen] = useState(false)
	const toggle = useCallback(() => setOpen((value) => !value), [])
	return { open, setOpen, toggle }
}
