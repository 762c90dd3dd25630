import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '#app/root.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/*
 * Focus after a form posted without JavaScript. The post redirects back to its page (post/redirect/get),
 * and the browser would start that page again at its top: a Save pressed on the feed's twentieth card,
 * or a question moved down the list, would leave the keyboard and the view a screen or more away. The
 * action names the control in its flash toast (`focus`), and that control renders `autofocus`, so the
 * browser focuses it and scrolls it into view. With JavaScript FocusKeeper keeps focus where it was
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
}

/** The control the toast this page shows returns focus to, if any (until hydrated). */
export function useFlashFocusKey(): string | undefined {
	const focus = useRouteLoaderData<typeof rootLoader>('root')?.toast?.focus
	return useHydrated() ? undefined : focus
}

/** `true` (for `autoFocus`) when the toast this page shows returns focus to the control named `key`. */
export function useFlashFocus(key: string): true | undefined {
	return useFlashFocusKey() === key ? true : undefined
}
