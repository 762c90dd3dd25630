import type { Socket } from 'node:net'
import type { Request, RequestHandler, Response } from 'express'
import { MAX_FILE_BYTES as MAX_CONTEXT_FILE_BYTES, MAX_FILES as MAX_CONTEXT_FILES, NOTES_MAX } from '#server/domain/context/context.schema.ts'
import { DRAFT_FORM_MAX_BYTES } from '#server/domain/drafting/answer-form.ts'
import { formatBytes, MAX_CV_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES, MAX_ONBOARDING_LINKS } from '#server/domain/profiles/choices.ts'
import { URL_MAX_CHARS } from '#server/domain/profiles/profile.schema.ts'
import { isMultipartForm } from './multipart.ts'

/*
 * How large a body each route accepts, checked on the declared Content-Length before a byte of the
 * body is read. Remix actions read `request.formData()` / `request.json()` whole, so without this a
 * few unauthenticated 500 MB posts to /signin fill the server's memory before any action can
 * answer. Only a multipart body (streamed: its files go to storage part by part) gets a route's
 * upload limit; any other body is read whole, and gets the route's form limit. tRPC's bodies are
 * judged by its own guard (concurrent-large-requests.ts), in tRPC's shape.
 */

const KiB = 1024
const MiB = 1024 * KiB

/** Sign-in, setup, settings, preferences and every other form of a few short fields. */
export const SMALL_FORM_LIMIT = 64 * KiB
/** Admin forms: an opportunity's description and eligibility, a question with its options. */
export const ADMIN_FORM_LIMIT = 1 * MiB
/** The onboarding answers as JSON (`{ user_id, profile_data }`, spec section 7). */
export const PROFILE_INGEST_LIMIT = 64 * KiB
/** Worst case of text sent form-encoded: a UTF-16 unit is up to 3 UTF-8 bytes, each sent as "%XX". */
const FORM_ENCODED_BYTES_PER_CHAR = 9
/** Multipart sends text as raw UTF-8: up to 4 bytes for a character. */
const UTF8_BYTES_PER_CHAR = 4
/**
 * What an upload form carries besides its files: boundaries and part headers (a few hundred bytes a
 * part) and its text fields (the context notes, at most NOTES_MAX characters).
 */
export const MULTIPART_ALLOWANCE = roundUpTo(NOTES_MAX * UTF8_BYTES_PER_CHAR + 64 * KiB, 64 * KiB)
/** One post of the profile and onboarding pages carries a CV and a full set of images (app/utils/profile-files.server.ts). */
export const PROFILE_UPLOAD_LIMIT = MAX_CV_BYTES + MAX_IMAGES * MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE
/** A question's context save (its dialog's and its no-JavaScript page's): notes and up to MAX_FILES files. */
export const CONTEXT_UPLOAD_LIMIT = MAX_CONTEXT_FILES * MAX_CONTEXT_FILE_BYTES + MULTIPART_ALLOWANCE
/**
 * The draft page posts every answer's field in one multipart form without JavaScript; each
 * field's maxlength shares this out (answerFieldMaxChars in answer-form.ts).
 */
export const DRAFT_FORM_LIMIT = DRAFT_FORM_MAX_BYTES
/**
 * The profile's and onboarding's forms without files: short fields, and at most the onboarding's
 * links and the website, each a URL, form-encoded at its worst.
 */
export const PROFILE_FORM_LIMIT = roundUpTo((MAX_ONBOARDING_LINKS + 1) * URL_MAX_CHARS * FORM_ENCODED_BYTES_PER_CHAR + SMALL_FORM_LIMIT, 64 * KiB)
/** A question's context notes sent form-encoded rather than as multipart. */
export const CONTEXT_FORM_LIMIT = roundUpTo(NOTES_MAX * FORM_ENCODED_BYTES_PER_CHAR + SMALL_FORM_LIMIT, 64 * KiB)
/** Stripe's events are a few KB; the largest (an invoice with many lines) stays far below this. */
export const WEBHOOK_BODY_LIMIT = 512 * KiB
/** Every path the table below does not name. */
export const DEFAULT_BODY_LIMIT = SMALL_FORM_LIMIT

/** `limit` for a multipart body, `formLimit` for any other (read whole). */
type BodyLimitRule = { route: string; pattern: RegExp; limit: number; formLimit: number }

/**
 * The routes that take more than a small form, first match wins. `:name` is one path segment,
 * a trailing `/*` any number of them. A route's `.data` twin (the URL Remix's single fetch posts
 * to when JavaScript is on) and a trailing slash get the same limit, and matching ignores case as
 * Remix's does. A path written some other way only ever falls back to the smaller default.
 */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
	rule('/portal/profile', PROFILE_UPLOAD_LIMIT, PROFILE_FORM_LIMIT),
	rule('/onboarding', PROFILE_UPLOAD_LIMIT, PROFILE_FORM_LIMIT),
	rule('/portal/opportunities/:id/context/:slug', CONTEXT_UPLOAD_LIMIT, CONTEXT_FORM_LIMIT),
	rule('/portal/opportunities/:id/context/:slug/save', CONTEXT_UPLOAD_LIMIT, CONTEXT_FORM_LIMIT),
	rule('/portal/drafts/:id', DRAFT_FORM_LIMIT),
	rule('/api/profile/ingest', PROFILE_INGEST_LIMIT),
	rule('/webhooks/stripe', WEBHOOK_BODY_LIMIT),
	rule('/admin/*', ADMIN_FORM_LIMIT),
]

function rule(route: string, limit: number, formLimit = limit): BodyLimitRule {
	const body = route
		.replace(/\/\*$/, '')
		.split('/')
		.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
		.join('/')
	const rest = route.endsWith('/*') ? '(?:/.*)?' : '/?'
	return { route, pattern: new RegExp(`^${body}(?:${rest}|\\.data)$`, 'i'), limit, formLimit }
}

function roundUpTo(bytes: number, unit: number) {
	return Math.ceil(bytes / unit) * unit
}

/** The largest body `path` accepts, in bytes: as multipart, or of any other type (read whole). */
export function bodyLimitFor(path: string, { multipart }: { multipart: boolean }): number {
	const found = BODY_LIMITS.find(({ pattern }) => pattern.test(path))
	if (!found) return DEFAULT_BODY_LIMIT
	return multipart ? found.limit : found.formLimit
}

export const BODY_LIMIT_MESSAGES = {
	tooLarge: (limit: number) => `This request is too large: this address accepts at most ${formatBytes(limit)}.`,
	lengthRequired: 'This request has no Content-Length: send its size with it.',
} as const

/**
 * Refuses a body over its route's limit (413), judged by its Content-Length alone.
 *
 * A body without a length (Transfer-Encoding: chunked) gets 411 Length Required rather than being
 * counted while it streams: browsers send a Content-Length with every form post and every fetch of
 * a FormData or text body (Remix's own submissions included), and a proxy that buffers requests
 * (nginx's default) adds one. Counting instead would mean a second reader racing Remix's own on
 * the request stream, and a 413 sent while an action is halfway through its form.
 */
export function bodyLimits(): RequestHandler {
	return (req, res, next) => {
		// JSON for the routes' fetch clients (`{ error }`, as those routes answer), else a sentence.
		const refuse = (status: number, message: string) =>
			refuseUnreadBody(res, status, req.accepts(['text/plain', 'application/json']) === 'application/json' ? { error: message } : message)
		if (req.get('transfer-encoding') !== undefined) return refuse(411, BODY_LIMIT_MESSAGES.lengthRequired)
		// No Content-Length and no Transfer-Encoding: no body at all.
		const declared = req.get('content-length')
		if (declared === undefined) return next()
		const limit = bodyLimitFor(req.path, { multipart: isMultipartForm(req.get('content-type')) })
		// Node has already refused a malformed or repeated Content-Length (400).
		if (Number(declared) > limit) {
			// A body only somewhat too large is read and thrown away, so the client gets the answer on a
			// connection it can keep; closing on unread bytes makes the kernel reset it, and a browser
			// then shows "connection reset" instead of the sentence. A huge one is not worth reading.
			if (Number(declared) <= limit + DRAIN_AT_MOST) {
				req.resume()
				return res.status(413).format({
					'text/plain': () => res.send(BODY_LIMIT_MESSAGES.tooLarge(limit)),
					'application/json': () => res.json({ error: BODY_LIMIT_MESSAGES.tooLarge(limit) }),
				})
			}
			return refuse(413, BODY_LIMIT_MESSAGES.tooLarge(limit))
		}
		next()
	}
}

/** How far over its limit a body may be and still be read to the end before the 413. */
const DRAIN_AT_MOST = 4 * 1024 * 1024

/**
 * Answers a request without reading its body (text, or JSON for an object), and closes the
 * connection after the answer: a client still sending stops instead of the server reading, and
 * throwing away, all of it to reuse the connection.
 */
export function refuseUnreadBody(res: Response, status: number, body: string | object) {
	res.set('Connection', 'close')
	lingerBeforeClosing(res)
	if (typeof body === 'string') res.status(status).type('text/plain').send(body)
	else res.status(status).json(body)
}

/**
 * Reads to its end, and throws away, the body of a request that was answered before its handler
 * read it all (a redirect thrown before the form is parsed, a refusal). Node cannot parse the next
 * request of a kept-alive connection while the last one's body is unread, and resets the
 * connection instead, so the visitor's next page failed with "connection reset". Only a body of a
 * size some route takes is read: one answered before the size checks (a kept page, a refused
 * address) may declare any size, or none, and its connection is closed after the answer instead,
 * lingering as a refusal's does.
 */
export function drainUnreadBodies(): RequestHandler {
	return (req, res, next) => {
		res.once('finish', () => {
			// A connection that closes after its answer is not reused (a refusal lingers on its own).
			if (req.complete || req.destroyed || res.getHeader('Connection') === 'close') return
			// Whatever half-read the body (Remix's stream adapter) is done with it: nothing keeps the bytes.
			req.removeAllListeners('data')
			const declared = Number(req.get('content-length'))
			if (req.get('transfer-encoding') !== undefined || !(declared <= MAX_DRAINED_BYTES)) {
				// res.socket is already detached once the answer is out; the request keeps it.
				lingerThenClose(req, req.socket)
				return
			}
			req.on('data', () => undefined)
			req.resume()
		})
		next()
	}
}

/** The largest body any route takes: what drainUnreadBodies reads to keep a connection. */
const MAX_DRAINED_BYTES = Math.max(...BODY_LIMITS.map((rule) => rule.limit))

/** How long, and through how many more bytes, a refused upload's connection is read before it is reset. */
export const LINGER = { ms: 2_000, bytes: 16 * MiB }

/**
 * Closes the connection after its answer the way nginx's lingering close does: the answer and a
 * FIN go out, and the bytes the client is still sending are read and thrown away until it hangs
 * up, for at most LINGER (a client that sends on regardless is then cut off). Closing at once with
 * unread bytes makes the kernel reset the connection, and a reset throws the answer away on the
 * client's side if it had not read it yet: the visitor saw "connection reset" instead of the 413's
 * sentence. Node's server closes a `Connection: close` socket through `destroySoon()` once the
 * answer is out, destroying it as soon as the FIN is sent; this one socket gets its own.
 */
function lingerBeforeClosing(res: Response) {
	const { req, socket } = res
	if (!socket) return
	closingSockets.add(socket)
	discardUpToLinger(req, socket)
	socket.destroySoon = function lingeringClose(this: Socket) {
		closeLingering(this)
	}
}

/** The same lingering close for a connection whose answer is already out (drainUnreadBodies). */
function lingerThenClose(req: Request, socket: Socket) {
	closingSockets.add(socket)
	discardUpToLinger(req, socket)
	req.resume()
	closeLingering(socket)
}

function discardUpToLinger(req: Request, socket: Socket) {
	let discarded = 0
	req.on('data', (chunk: Buffer) => {
		discarded += chunk.length
		if (discarded > LINGER.bytes) socket.destroy()
	})
}

function closeLingering(socket: Socket) {
	socket.end()
	const timer = setTimeout(() => socket.destroy(), LINGER.ms).unref()
	socket.once('close', () => clearTimeout(timer))
}

/** Connections answered with `Connection: close` that linger before closing (lingerBeforeClosing). */
const closingSockets = new WeakSet<Socket>()

/**
 * Serves nothing more on a connection that is closing after a refusal: a request pipelined behind
 * the refused one is read and left unanswered until the connection closes (RFC 9112, 9.6: after
 * `Connection: close` a server processes no further request on that connection). First in the
 * chain, so such a request reaches no handler.
 */
export function ignoreRequestsOnClosingConnections(): RequestHandler {
	return (req, _res, next) => {
		if (!closingSockets.has(req.socket)) return next()
		req.resume()
	}
}
