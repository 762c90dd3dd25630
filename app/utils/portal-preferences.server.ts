import { createCookie } from '@remix-run/node'

/*
 * Layout preferences of the portal, kept in cookies so the server renders the
 * page as the user left it, with or without JavaScript.
 */

const WEEK_SECONDS = 7 * 24 * 60 * 60
const options = { path: '/', httpOnly: true, sameSite: 'lax', maxAge: WEEK_SECONDS } as const

const sidebarCookie = createCookie('cb_sidebar', options)
const creditsBannerCookie = createCookie('cb_credits_banner', options)

export async function readPortalPreferences(request: Request) {
	const header = request.headers.get('Cookie')
	return {
		sidebarOpen: (await sidebarCookie.parse(header)) !== 'closed',
		creditsBannerDismissed: (await creditsBannerCookie.parse(header)) === 'dismissed',
	}
}

export function sidebarPreferenceCookie(open: boolean, { secure }: { secure: boolean }) {
	return sidebarCookie.serialize(open ? 'open' : 'closed', { secure })
}

export function creditsBannerDismissedCookie({ secure }: { secure: boolean }) {
	return creditsBannerCookie.serialize('dismissed', { secure })
}
