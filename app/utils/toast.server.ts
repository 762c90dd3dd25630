import { createCookieSessionStorage, redirect, type SessionStorage } from '@remix-run/node'
import { z } from 'zod'
import { combineHeaders } from '#app/utils/headers.ts'
import type { Env } from '#server/env.ts'

/*
 * Flash toasts (post/redirect/get): an action puts a toast into a signed cookie and redirects; the
 * root loader reads it once, renders it (visible without JavaScript) and clears the cookie.
 */

const COOKIE_NAME = 'cb_toast'
const TOAST_KEY = 'toast'

export const ToastSchema = z.object({
	id: z.string(),
	type: z.enum(['success', 'error', 'info']),
	title: z.string().min(1),
	description: z.string().optional(),
	/** The control that takes focus on the page this toast is shown on, without JavaScript (useFlashFocus). */
	focus: z.string().max(200).optional(),
	/** A file of this site the page this toast is shown on fetches once, without JavaScript (useFlashFile): a download after a save. */
	file: z
		.string()
		.max(300)
		.regex(/^\/(?!\/)[\w./-]*$/)
		.optional(),
})

export type Toast = z.infer<typeof ToastSchema>

/**
 * What callers pass. Errors may leave out the title: the specification titles every error "Error"
 * unless it states another one (e.g. "Not Found").
 */
export type ToastInput = (
	| { type?: 'success' | 'info'; title: string; description?: string }
	| { type: 'error'; title?: string; description: string }
) & { id?: string; focus?: string; file?: string }

/** The part of the environment the toast cookie needs (pass `context.app.env`). */
export type ToastEnv = Pick<Env, 'SESSION_SECRET' | 'isProduction'>

const storages = new WeakMap<ToastEnv, SessionStorage>()

function toastStorage(env: ToastEnv) {
	let storage = storages.get(env)
	if (!storage) {
		storage = createCookieSessionStorage({
			cookie: {
				name: COOKIE_NAME,
				path: '/',
				httpOnly: true,
				sameSite: 'lax',
				secure: env.isProduction,
				secrets: [env.SESSION_SECRET],
			},
		})
		storages.set(env, storage)
	}
	return storage
}

function toToast(input: ToastInput): Toast {
	return ToastSchema.parse({
		id: input.id ?? crypto.randomUUID(),
		type: input.type ?? 'success',
		title: input.title ?? 'Error',
		description: input.description,
		focus: input.focus,
		file: input.file,
	})
}

/** Headers that set the flash toast cookie, to add to any response (usually a redirect). */
export async function createToastHeaders(toast: ToastInput, env: ToastEnv): Promise<Headers> {
	const storage = toastStorage(env)
	const session = await storage.getSession()
	session.flash(TOAST_KEY, toToast(toast))
	return new Headers({ 'Set-Cookie': await storage.commitSession(session) })
}

/**
 * Redirects to `url` with a toast shown on the next page. Headers in `init` are kept, so it
 * combines with other cookies (e.g. a new session).
 *
 * @example return redirectWithToast('/admin', { title: 'Success', description: 'Opportunity created successfully' }, context.app.env)
 * @example return redirectWithToast('/portal/feed', { type: 'error', description: 'Failed to load opportunity' }, context.app.env)
 */
export async function redirectWithToast(url: string, toast: ToastInput, env: ToastEnv, init?: ResponseInit) {
	return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast, env)) })
}

/**
 * The pending toast of this request, if any, and the headers that clear it (null when there is
 * nothing to clear). A cookie that is tampered with or malformed counts as no toast.
 */
export async function getToast(
	request: Request,
	env: ToastEnv,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const cookie = request.headers.get('Cookie')
	if (!cookie?.includes(`${COOKIE_NAME}=`)) return { toast: null, headers: null }
	const storage = toastStorage(env)
	const session = await storage.getSession(cookie)
	const result = ToastSchema.safeParse(session.get(TOAST_KEY))
	return {
		toast: result.success ? result.data : null,
		headers: new Headers({ 'Set-Cookie': await storage.destroySession(session) }),
	}
}
