import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export const isJs = () => test.info().project.name === 'js'

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
