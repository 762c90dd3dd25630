import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export const isJs = () => test.info().project.name === 'js'

/**
 * With JavaScript, waits until React has hydrated the page (app/root.tsx marks <html>), so clicks
 * and typing reach React rather than the plain HTML underneath. Before that, a click on a link is a
 * full page load, and a value typed into a field is reset when the form registers it.
 */
export async function whenHydrated(page: Page) {
	if (isJs()) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Goes to `path` and, with JavaScript, waits until the page is hydrated. */
export async function open(page: Page, path: string) {
	await page.goto(path)
	await whenHydrated(page)
}

/**
 * After a submit it refused, react-hook-form focuses the first invalid field at once and again on a
 * timer. Text typed before that timer has fired can land in the invalid field instead of the one
 * being filled. Waits for that timer: it was set before the errors rendered, so a timer set now
 * fires after it.
 */
export async function whenFocusSettled(page: Page) {
	if (isJs()) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
}

/** The toast region: server-rendered without JavaScript, animated with it. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** The newest link to `path` e-mailed to `to`, read from the development outbox (e-mails go out through a job). */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: string) {
	const pattern = new RegExp(`href="(https?://[^"]+${path.replace(/\//g, '\\/')}\\?token=[\\w-]+)"`)
	let link = ''
	await expect
		.poll(
			async () => {
				const html = await (await request.get(`/dev/outbox?${new URLSearchParams({ to })}`)).text()
				link = html.match(pattern)?.[1] ?? ''
				return link
			},
			{ message: `an e-mail to ${to} with a ${path} link`, timeout: 15_000 },
		)
		.not.toBe('')
	return new URL(link).pathname + new URL(link).search
}

export function uniqueEmail(prefix: string) {
	return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
}
