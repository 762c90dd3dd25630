import { describe, expect, test } from 'vitest'
import { createToastHeaders, getToast, redirectWithToast, type ToastEnv } from '#app/utils/toast.server.ts'

const env: ToastEnv = { SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789', isProduction: true }

function requestWith(headers: Headers) {
	const cookie = headers.get('Set-Cookie')?.split(';')[0] ?? ''
	return new Request('http://localhost/', { headers: { Cookie: cookie } })
}

describe('flash toasts', () => {
	test('a toast set on a redirect is read once, and reading it clears the cookie', async () => {
		const response = await redirectWithToast('/pricing', { title: 'Profile completed!' }, env)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/pricing')
		const setCookie = response.headers.get('Set-Cookie') ?? ''
		expect(setCookie).toMatch(/^cb_toast=/)
		expect(setCookie).toMatch(/HttpOnly/i)
		expect(setCookie).toMatch(/SameSite=Lax/i)
		expect(setCookie).toMatch(/Secure/i)

		const { toast, headers } = await getToast(requestWith(response.headers), env)
		expect(toast).toEqual({ id: expect.any(String), type: 'success', title: 'Profile completed!' })
		expect(headers?.get('Set-Cookie')).toMatch(/^cb_toast=;.*Expires=Thu, 01 Jan 1970/)
	})

	test('errors are titled "Error" unless the caller names another title', async () => {
		const plain = await getToast(
			requestWith(await createToastHeaders({ type: 'error', description: 'Failed to load drafts' }, env)),
			env,
		)
		expect(plain.toast).toMatchObject({ type: 'error', title: 'Error', description: 'Failed to load drafts' })

		const titled = await getToast(
			requestWith(await createToastHeaders({ type: 'error', title: 'Not Found', description: 'Draft not found' }, env)),
			env,
		)
		expect(titled.toast).toMatchObject({ type: 'error', title: 'Not Found', description: 'Draft not found' })
	})

	test('other headers and cookies of the redirect are kept', async () => {
		const response = await redirectWithToast('/', { title: 'Signed out' }, env, {
			status: 303,
			headers: { 'Set-Cookie': 'cb_session=; Max-Age=0' },
		})
		expect(response.status).toBe(303)
		expect(response.headers.getSetCookie()).toEqual([
			'cb_session=; Max-Age=0',
			expect.stringMatching(/^cb_toast=/),
		])
	})

	test('a toast carries the control that takes focus on the page it is shown on', async () => {
		const response = await redirectWithToast('/portal/feed', { title: 'Saved', focus: 'save:abc' }, env)
		const { toast } = await getToast(requestWith(response.headers), env)
		expect(toast).toMatchObject({ title: 'Saved', focus: 'save:abc' })
	})

	test('no cookie, or one signed with another secret, means no toast', async () => {
		expect(await getToast(new Request('http://localhost/'), env)).toEqual({ toast: null, headers: null })

		const forged = await createToastHeaders({ title: 'Hi' }, { ...env, SESSION_SECRET: 'another-secret-that-is-long-enough-0123456789' })
		const { toast } = await getToast(requestWith(forged), env)
		expect(toast).toBeNull()
	})
})
