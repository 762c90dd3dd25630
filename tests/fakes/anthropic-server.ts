import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { cutToLimit, type LimitType } from '#server/domain/drafting/answer-fit.ts'
import { header, readBody, sendJson } from './http.ts'

/** A request as the fake received it, in arrival order. */
export type RecordedRequest = {
	method: string
	path: string
	headers: IncomingHttpHeaders
	/** The parsed JSON body; null when there was none or it was not JSON. */
	body: MessagesBody | null
}

/** The parts of a Messages API request body the fake reads. */
export type MessagesBody = {
	model?: string
	max_tokens?: number
	system?: string | { type: string; text?: string; cache_control?: unknown }[]
	messages?: { role: string; content: string | { type: string; text?: string; [key: string]: unknown }[] }[]
	[key: string]: unknown
}

export type Usage = {
	input_tokens: number
	output_tokens: number
	cache_creation_input_tokens: number
	cache_read_input_tokens: number
}

/** What to answer one request with; anything left out comes from the default reply. */
export type FakeReply = {
	/** 200 by default; 400, 401, 403, 404, 413, 429, 500 and 529 get the real API's error body. */
	status?: number
	/** The reply text, or with an error status the error's message. */
	text?: string
	/** An error's type, when it is not the status's usual one (e.g. 'overloaded_error' for 529). */
	errorType?: string
	/** Wait this long before answering (overrides the server's latency). */
	delayMs?: number
	usage?: Partial<Usage>
	/** The model the response names; the requested one by default. */
	model?: string
	stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal'
	headers?: Record<string, string>
	/** Sent as `retry-after-ms`, which the SDK waits for instead of its backoff: keeps retries fast in tests. */
	retryAfterMs?: number
}

/** Scripts the fake: `index` counts the POST /v1/messages requests from 0, retries included. */
export type Responder = (body: MessagesBody, index: number) => FakeReply | undefined | Promise<FakeReply | undefined>

export type FakeAnthropicOptions = {
	/** 0 (a free port) by default. */
	port?: number
	host?: string
	/** When set, any other key is refused with 401; otherwise any key is accepted. */
	apiKey?: string
	/** Every reply waits this long, unless the responder's reply says otherwise. */
	latencyMs?: number
	responder?: Responder
}

const ERROR_TYPES: Record<number, string> = {
	400: 'invalid_request_error',
	401: 'authentication_error',
	403: 'permission_error',
	404: 'not_found_error',
	413: 'request_too_large',
	429: 'rate_limit_error',
	500: 'api_error',
	529: 'overloaded_error',
}

const ERROR_MESSAGES: Record<string, string> = {
	invalid_request_error: 'Invalid request',
	authentication_error: 'invalid x-api-key',
	rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
	api_error: 'Internal server error',
	overloaded_error: 'Overloaded',
}

/**
 * The Anthropic Messages API (`POST /v1/messages`, non-streaming) for the real SDK to talk to,
 * answering like a well-behaved model by default (see defaultReply) or as each test scripts it.
 * Its errors have the API's status codes and bodies, so the SDK retries what it would retry in
 * production. It simulates the prompt cache: a system prefix ending in a cache_control breakpoint
 * is written on first sight and read afterwards, as the usage figures then show.
 *
 * Standalone, for benchmarks and manual runs:
 *   npx tsx tests/fakes/anthropic-server.ts --port 4010 --latency-ms 1000
 * then ANTHROPIC_BASE_URL=http://127.0.0.1:4010 with any ANTHROPIC_API_KEY.
 */
export async function startFakeAnthropic(options: FakeAnthropicOptions = {}) {
	const requests: RecordedRequest[] = []
	let responder: Responder = options.responder ?? (() => undefined)
	let messageCount = 0
	const cachedPrefixes = new Set<string>()
	const timers = new Set<NodeJS.Timeout>()

	const server = createServer(async (req, res) => {
		try {
			await handle(req, res)
		} catch (error) {
			sendError(res, 500, 'api_error', String(error))
		}
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const raw = (await readBody(req)).toString('utf8')
		const body = parseJson(raw)
		const path = new URL(req.url ?? '/', 'http://fake-anthropic').pathname
		requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body })
		res.setHeader('request-id', `req_${randomBytes(12).toString('hex')}`)

		if (req.method !== 'POST' || path !== '/v1/messages') return sendError(res, 404, 'not_found_error', `Not found: ${req.method} ${path}`)
		// The real SDK sends its key as `Authorization: Bearer`; curl examples use x-api-key.
		const key = header(req.headers, 'x-api-key') ?? /^Bearer (.+)$/.exec(header(req.headers, 'authorization') ?? '')?.[1]
		if (!key) return sendError(res, 401, 'authentication_error', 'x-api-key header is required')
		if (options.apiKey !== undefined && key !== options.apiKey) return sendError(res, 401, 'authentication_error', 'invalid x-api-key')
		if (!header(req.headers, 'anthropic-version')) return sendError(res, 400, 'invalid_request_error', 'anthropic-version: header is required')
		const problem = invalidBody(body)
		if (problem || !body) return sendError(res, 400, 'invalid_request_error', problem ?? 'Request body is not valid JSON')

		const index = messageCount++
		const reply = (await responder(body, index)) ?? {}
		await sleep(reply.delayMs ?? options.latencyMs ?? 0)
		if (res.destroyed) return
		for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
		if (reply.retryAfterMs !== undefined) res.setHeader('retry-after-ms', String(reply.retryAfterMs))
		const status = reply.status ?? 200
		if (status >= 400) {
			const type = reply.errorType ?? ERROR_TYPES[status] ?? 'api_error'
			return sendError(res, status, type, reply.text ?? ERROR_MESSAGES[type] ?? 'Error')
		}

		const text = reply.text ?? defaultReply(body)
		sendJson(res, status, {
			id: `msg_${randomBytes(12).toString('hex')}`,
			type: 'message',
			role: 'assistant',
			model: reply.model ?? body.model,
			content: text ? [{ type: 'text', text, citations: null }] : [],
			stop_reason: reply.stopReason ?? 'end_turn',
			stop_sequence: null,
			stop_details: null,
			container: null,
			usage: {
				...usageFor(body, text),
				service_tier: 'standard',
				...reply.usage,
			},
		})
	}

	/** Simulated prompt caching: the tokens up to the last cache_control breakpoint are written once, then read. */
	function usageFor(body: MessagesBody, text: string): Usage {
		const system = Array.isArray(body.system) ? body.system : []
		const breakpoint = system.findLastIndex((block) => block.cache_control)
		const prefix = breakpoint >= 0 ? JSON.stringify([body.model, system.slice(0, breakpoint + 1)]) : ''
		const prefixTokens = estimateTokens(prefix)
		const cached = prefix !== '' && cachedPrefixes.has(hash(prefix))
		if (prefix) cachedPrefixes.add(hash(prefix))
		return {
			input_tokens: Math.max(1, estimateTokens(JSON.stringify(body)) - prefixTokens),
			output_tokens: Math.max(1, estimateTokens(text)),
			cache_creation_input_tokens: prefix && !cached ? prefixTokens : 0,
			cache_read_input_tokens: cached ? prefixTokens : 0,
		}
	}

	function sleep(ms: number) {
		if (ms <= 0) return Promise.resolve()
		return new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				timers.delete(timer)
				resolve()
			}, ms)
			timers.add(timer)
		})
	}

	await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
	const { address, port } = server.address() as AddressInfo
	return {
		url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
		/** Every request received, in order, including refused and failed ones. */
		requests,
		/** The JSON bodies of every POST /v1/messages received, retries and refused ones included. */
		messages: () => requests.filter((request) => request.path === '/v1/messages' && request.body).map((request) => request.body!),
		setResponder(next: Responder) {
			responder = next
		},
		/** Back to the default replies (and forget the request count and the cache). */
		reset() {
			responder = options.responder ?? (() => undefined)
			requests.length = 0
			messageCount = 0
			cachedPrefixes.clear()
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer)
				// Delayed replies and the SDK's keep-alive sockets would otherwise hold close() open.
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type FakeAnthropic = Awaited<ReturnType<typeof startFakeAnthropic>>

/**
 * The default model: a deterministic answer that names the question it answers (from the user
 * turn's "question N of M: "Label"" line) and keeps to the request's rules as Callboard's prompts
 * state them: one of the listed options, a JSON array of them, a URL from the links given, a
 * number, or text within "at most N words|characters".
 */
export function defaultReply(body: MessagesBody): string {
	const request = lastUserText(body)
	const systemText = typeof body.system === 'string' ? body.system : (body.system ?? []).map((block) => block.text ?? '').join('\n')
	const named = /question (\d+)(?: of \d+)?[,:]? "(.*)"/i.exec(request)
	const number = named?.[1] ?? '1'
	const label = named?.[2] ?? 'the question'
	const options = [...(/options[^\n]*:\n((?:- .*\n?)+)/i.exec(request)?.[1] ?? '').matchAll(/^- (.*)$/gm)].map((match) => match[1]!.trim())

	if (/exactly one of these options/i.test(request) && options.length) return options[0]!
	if (/JSON array/i.test(request) && options.length) return JSON.stringify(options.slice(0, Math.min(2, options.length)))
	if (/only one URL/i.test(request)) {
		const artist = /<artist>([\s\S]*?)<\/artist>/.exec(systemText)?.[1] ?? ''
		return /https?:\/\/[^\s<>"')\]]+/.exec(artist)?.[0] ?? 'none'
	}
	if (/only a number/i.test(request)) return String(Number(number) * 3)

	const refit = /<answer>\n([\s\S]*?)\n<\/answer>/.exec(request)?.[1]
	const words = /at most (\d+) words/i.exec(request)
	const chars = /at most (\d+) characters/i.exec(request)
	const singleLine = /single line/i.test(request)
	const limit = words ? { unit: 'words' as const, value: Number(words[1]) } : chars ? { unit: 'chars' as const, value: Number(chars[1]) } : null
	// Aim under the limit, as the prompt asks; with no limit, a few sentences.
	const target = limit ? Math.max(1, Math.floor(limit.value * 0.9)) : singleLine ? 12 : 90
	const source = refit ?? composeAnswer(number, label, singleLine ? 1 : 3)
	return fit(source, limit?.unit ?? 'words', target, singleLine)
}

const SENTENCES = [
	'My practice moves between the studio and the places where the work is shown.',
	'I start from material I can hold, and from the people who live with it.',
	'This opportunity would give the work time, a place and an audience it does not yet have.',
	'I would use the residency to finish the series I began last year and to share it openly.',
	'Each piece is made slowly, by hand, and tested with the people it speaks to.',
	'What I bring is a steady practice and a wish to learn from the place and its community.',
]

function composeAnswer(number: string, label: string, paragraphs: number) {
	const opening = `This is the fake model's answer to question ${number}, "${label}".`
	const start = Number(number) % SENTENCES.length
	const body = Array.from({ length: 9 }, (_, i) => SENTENCES[(start + i) % SENTENCES.length]!)
	const perParagraph = Math.ceil(body.length / paragraphs)
	const parts = Array.from({ length: paragraphs }, (_, i) => body.slice(i * perParagraph, (i + 1) * perParagraph).join(' '))
	parts[0] = `${opening} ${parts[0]}`
	return parts.join('\n\n')
}

/** Whole sentences up to `target` words or characters, as a model that minds its limit writes. */
function fit(text: string, unit: LimitType, target: number, singleLine: boolean) {
	return cutToLimit(singleLine ? text.replace(/\s+/g, ' ').trim() : text.trim(), unit, target)
}

function lastUserText(body: MessagesBody) {
	const user = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user')
	if (!user) return ''
	if (typeof user.content === 'string') return user.content
	return user.content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n')
}

function invalidBody(body: MessagesBody | null) {
	if (!body) return null
	if (typeof body.model !== 'string' || !body.model) return 'model: Field required'
	if (!Number.isInteger(body.max_tokens) || body.max_tokens! < 1) return 'max_tokens: Field required and must be a positive integer'
	if (!Array.isArray(body.messages) || !body.messages.length) return 'messages: at least one message is required'
	return null
}

/** About four characters a token, as a rough stand-in for the tokenizer. */
function estimateTokens(text: string) {
	return Math.ceil(text.length / 4)
}

function hash(text: string) {
	return createHash('sha256').update(text).digest('hex')
}

function parseJson(raw: string): MessagesBody | null {
	try {
		const value: unknown = JSON.parse(raw)
		return value && typeof value === 'object' && !Array.isArray(value) ? (value as MessagesBody) : null
	} catch {
		return null
	}
}

function sendError(res: ServerResponse, status: number, type: string, message: string) {
	sendJson(res, status, { type: 'error', error: { type, message }, request_id: res.getHeader('request-id') ?? null })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4010' },
			host: { type: 'string', default: '127.0.0.1' },
			'latency-ms': { type: 'string', default: '0' },
			'api-key': { type: 'string' },
		},
	})
	const fake = await startFakeAnthropic({
		port: Number(values.port),
		host: values.host,
		latencyMs: Number(values['latency-ms']),
		apiKey: values['api-key'],
	})
	console.log(`Fake Anthropic Messages API on ${fake.url} (latency ${values['latency-ms']} ms)`)
	const stop = () => void fake.close().then(() => process.exit(0))
	process.once('SIGINT', stop)
	process.once('SIGTERM', stop)
}
