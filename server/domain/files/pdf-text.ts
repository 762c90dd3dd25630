import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pLimit from 'p-limit'
import { PROJECT_ROOT } from '#server/paths.ts'

export { normalizeText } from '#server/workers/normalize-text.mjs'

/*
 * Plain text of an uploaded PDF, read by pdfjs in a child process of its own (server/workers/
 * pdf-text.mjs). A PDF is a program of sorts: a few MB of FlateDecode stream can inflate to GB
 * and a crafted one can spin for minutes. pdfjs inflates into Uint8Arrays, ArrayBuffer memory
 * that neither --max-old-space-size nor worker resourceLimits count, so only a separate process
 * that the kernel can account and we can SIGKILL keeps the web process alive and responsive.
 */

export type PdfTextLimits = {
	/** Pages read at most; later pages are skipped (default 50). */
	maxPages?: number
	/** Characters of text kept; no further page is read once reached (default 100,000). */
	maxChars?: number
	/** The reader's lifetime, from its start; time spent waiting for a free reader is not counted (default 15 s). */
	timeoutMs?: number
	/** Resident memory of the reader process (default 256 MB). */
	memoryMb?: number
}

export type PdfText = {
	text: string
	/** Pages whose text was read. */
	pages: number
	/** Whether pages or characters were left out because of maxPages or maxChars. */
	truncated: boolean
}

export type PdfReadFailure = 'invalid' | 'timeout' | 'memory' | 'crashed' | 'too_large'

/** Why a PDF gave no text. Not meant for users: callers log it and carry on without the text. */
export class PdfReadError extends Error {
	readonly reason: PdfReadFailure

	constructor(reason: PdfReadFailure, message: string, options?: { cause?: unknown }) {
		super(message, { cause: options?.cause })
		this.name = 'PdfReadError'
		this.reason = reason
	}
}

/** The uploads' own limit (10 MB); anything larger is refused before a process is started. */
export const PDF_MAX_BYTES = 10 * 1024 * 1024

const DEFAULT_LIMITS = { maxPages: 50, maxChars: 100_000, timeoutMs: 15_000, memoryMb: 256 }
/** Readers alive at once in this process: a burst of uploads queues instead of forking dozens. */
const MAX_READERS = 2
/** Inflating runs at roughly a GB a second, so the check must be frequent to stop near the limit. */
const MEMORY_POLL_MS = 20
/** Linux only; elsewhere the V8 heap flag and the timeout are the limits. */
const CAN_WATCH_MEMORY = existsSync('/proc/self/status')
// Found from the root, not from this module, because this module is bundled into
// server-build/ in production while the script stays a file of its own (see the Dockerfile).
const READER_SCRIPT = path.join(PROJECT_ROOT, 'server', 'workers', 'pdf-text.mjs')

const readers = pLimit(MAX_READERS)

export async function extractPdfText(
	bytes: Uint8Array,
	limits: PdfTextLimits & { signal?: AbortSignal } = {},
): Promise<PdfText> {
	if (bytes.byteLength > PDF_MAX_BYTES) {
		throw new PdfReadError('too_large', `The PDF has ${bytes.byteLength} bytes; at most ${PDF_MAX_BYTES} are read.`)
	}
	const settings = {
		maxPages: limits.maxPages ?? DEFAULT_LIMITS.maxPages,
		maxChars: limits.maxChars ?? DEFAULT_LIMITS.maxChars,
		timeoutMs: limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
		memoryMb: limits.memoryMb ?? DEFAULT_LIMITS.memoryMb,
	}
	return readers(() => readInChild(bytes, settings, limits.signal))
}

type Answer =
	| { ok: true; text: string; pages: number; truncated: boolean }
	| { ok: false; reason: 'invalid' | 'memory'; message: string }

/** Settles only once the child has exited, so that no reader outlives its call or its slot. */
function readInChild(bytes: Uint8Array, limits: Required<PdfTextLimits>, signal: AbortSignal | undefined) {
	return new Promise<PdfText>((resolve, reject) => {
		if (signal?.aborted) {
			reject(signal.reason)
			return
		}
		const child = fork(READER_SCRIPT, [], {
			// Replaces the parent's flags (tsx's loader, inspector): the script is plain JavaScript.
			// The heap cap is the only memory limit where /proc is missing; strings live on the heap.
			execArgv: [`--max-old-space-size=${limits.memoryMb}`, '--disallow-code-generation-from-strings'],
			// The file is untrusted input: the reader gets none of the server's secrets.
			env: {} as NodeJS.ProcessEnv,
			serialization: 'advanced',
			stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		})

		let answer: Answer | undefined
		let failure: unknown
		let stderrTail = ''
		let settled = false
		const stop = (error: unknown) => {
			failure ??= error
			child.kill('SIGKILL')
		}
		const onAbort = () => stop(signal!.reason)
		const timer = setTimeout(
			() => stop(new PdfReadError('timeout', `Reading the PDF took longer than ${limits.timeoutMs} ms.`)),
			limits.timeoutMs,
		)
		const memoryWatch = watchMemory(child.pid, limits.memoryMb, () =>
			stop(new PdfReadError('memory', `Reading the PDF needed more than ${limits.memoryMb} MB.`)),
		)
		signal?.addEventListener('abort', onAbort, { once: true })

		const settle = (code: number | null, signalName: NodeJS.Signals | null) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			clearInterval(memoryWatch)
			signal?.removeEventListener('abort', onAbort)
			if (answer?.ok) resolve({ text: answer.text, pages: answer.pages, truncated: answer.truncated })
			else if (answer) reject(new PdfReadError(answer.reason, `The PDF could not be read (${answer.message}).`))
			else if (failure) reject(failure)
			// V8 gives up at the heap cap with this on stderr and an abort.
			else if (/heap out of memory|Reached heap limit/i.test(stderrTail)) {
				reject(new PdfReadError('memory', `Reading the PDF needed more than ${limits.memoryMb} MB of heap.`))
			} else {
				const how = signalName ? `signal ${signalName}` : `code ${code}`
				reject(new PdfReadError('crashed', `The PDF reader stopped (${how}) without an answer.`))
			}
		}

		child.stderr!.setEncoding('utf8')
		child.stderr!.on('data', (chunk: string) => {
			stderrTail = (stderrTail + chunk).slice(-4_096)
		})
		child.on('message', (message) => {
			if (isAnswer(message, limits.maxChars)) answer ??= message
			else stop(new PdfReadError('crashed', 'The PDF reader answered in an unexpected shape.'))
		})
		child.on('error', (error) => {
			stop(new PdfReadError('crashed', `The PDF reader failed: ${error.message}`, { cause: error }))
			// A process that never started emits no 'close'.
			if (child.pid === undefined) settle(null, null)
		})
		// 'close' rather than 'exit': V8's out-of-memory message may still be on its way over stderr.
		child.on('close', settle)
		// A send failure means the child is already gone; 'close' reports that.
		child.send({ bytes, maxPages: limits.maxPages, maxChars: limits.maxChars }, () => {})
	})
}

function watchMemory(pid: number | undefined, memoryMb: number, onExceeded: () => void) {
	if (pid === undefined || !CAN_WATCH_MEMORY) return undefined
	const limitKb = memoryMb * 1024
	const timer = setInterval(() => {
		const rssKb = residentKb(pid)
		if (rssKb !== undefined && rssKb > limitKb) {
			clearInterval(timer)
			onExceeded()
		}
	}, MEMORY_POLL_MS)
	return timer
}

/** VmRSS in kB, or undefined once the process is gone. */
function residentKb(pid: number) {
	try {
		const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
		return match ? Number(match[1]) : undefined
	} catch {
		return undefined
	}
}

/** The reader parses hostile input, so even its answer is checked before it is believed. */
function isAnswer(message: unknown, maxChars: number): message is Answer {
	if (typeof message !== 'object' || message === null) return false
	const answer = message as Record<string, unknown>
	if (answer.ok === true) {
		return (
			typeof answer.text === 'string' &&
			answer.text.length <= maxChars &&
			typeof answer.pages === 'number' &&
			typeof answer.truncated === 'boolean'
		)
	}
	return answer.ok === false && (answer.reason === 'invalid' || answer.reason === 'memory') && typeof answer.message === 'string'
}
