import { readdirSync, readFileSync } from 'node:fs'
import zlib from 'node:zlib'
import { afterEach, describe, expect, test } from 'vitest'
import { deflatedSpaces, flateBombPdf as flateBomb, minimalPdf, pdfOfPages, textPage } from '#tests/fixtures/files.ts'
import { PDF_MAX_BYTES, type PdfReadError, extractPdfText } from './pdf-text.ts'

const onLinux = process.platform === 'linux'
const MB = 1024 * 1024

afterEach(() => {
	if (onLinux) expect(readerProcesses(), 'no reader outlives its call').toEqual([])
})

describe('the text of a PDF', () => {
	test('comes back page by page, normalized', async () => {
		const cv = minimalPdf(['Ada Lovelace (b. 1985)', 'Solo show: Analytical Engines, Lisbon 2024'])
		expect(await extractPdfText(cv)).toEqual({
			text: 'Ada Lovelace (b. 1985)\nSolo show: Analytical Engines, Lisbon 2024',
			pages: 1,
			truncated: false,
		})
		expect(await extractPdfText(pdfOfPages([textPage('First   page'), textPage('Second page')]))).toEqual({
			text: 'First page\n\nSecond page',
			pages: 2,
			truncated: false,
		})
	})

	test('stops after maxPages pages', async () => {
		const pdf = pdfOfPages([textPage('One'), textPage('Two'), textPage('Three')])
		expect(await extractPdfText(pdf, { maxPages: 2 })).toEqual({ text: 'One\n\nTwo', pages: 2, truncated: true })
		expect(await extractPdfText(pdf, { maxPages: 3 })).toMatchObject({ pages: 3, truncated: false })
	})

	test('stops reading pages once maxChars characters are in, and cuts the text there', async () => {
		const line = 'x'.repeat(60)
		const pdf = pdfOfPages([textPage(line), textPage(line), textPage(line), textPage(line)])
		const result = await extractPdfText(pdf, { maxChars: 100 })
		expect(result).toEqual({ text: `${line}\n\n${line}`.slice(0, 100), pages: 2, truncated: true })
		expect(await extractPdfText(pdf, { maxChars: 60 * 4 + 2 * 3 })).toMatchObject({ pages: 4, truncated: false })
	})
})

describe('a PDF that cannot be read', () => {
	test('is invalid when it is not a PDF, or not a whole one', async () => {
		await expectFailure(extractPdfText(Buffer.from('GIF89a and then some garbage')), 'invalid')
		await expectFailure(extractPdfText(Buffer.from('%PDF-1.4 nothing else')), 'invalid')
	})

	test('is too large above 10 MB, before any reader starts', async () => {
		await expectFailure(extractPdfText(new Uint8Array(PDF_MAX_BYTES + 1)), 'too_large')
	})

	test('times out, and its reader is killed', async () => {
		await expectFailure(extractPdfText(minimalPdf(['Slow']), { timeoutMs: 1 }), 'timeout')
		if (onLinux) expect(readerProcesses()).toEqual([])
	})

	test('is reported as crashed when its reader dies without an answer', { skip: !onLinux }, async () => {
		const reading = extractPdfText(minimalPdf(['Doomed']))
		const [pid] = await waitFor(readerProcesses)
		process.kill(pid!, 'SIGTERM')
		await expectFailure(reading, 'crashed')
	})

	test('is abandoned, and its reader killed, when the caller aborts', async () => {
		const controller = new AbortController()
		const reading = extractPdfText(flateBomb(), { signal: controller.signal })
		setTimeout(() => controller.abort(), 50)
		await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
	})
})

describe('a Flate bomb (1 GB of spaces in a 1 MB content stream)', () => {
	test('is a valid zlib stream (checked small)', () => {
		expect(zlib.inflateSync(deflatedSpaces(1000, 3))).toEqual(Buffer.alloc(3000, 0x20))
	})

	test('is stopped at the memory limit without growing this process', { skip: !onLinux }, async () => {
		const bomb = flateBomb()
		expect(bomb.length).toBeLessThan(2 * MB)
		const before = process.memoryUsage().rss
		await expectFailure(extractPdfText(bomb, { memoryMb: 160 }), 'memory')
		expect(process.memoryUsage().rss - before).toBeLessThan(64 * MB)
	})

	test('leaves this event loop free while it is read', async () => {
		let ticks = 0
		const ticker = setInterval(() => ticks++, 10)
		try {
			// Off Linux nothing watches the resident memory, so the timeout ends it.
			await expect(extractPdfText(flateBomb(), { memoryMb: 160, timeoutMs: 3_000 })).rejects.toMatchObject({
				reason: expect.stringMatching(/^(memory|timeout)$/),
			})
		} finally {
			clearInterval(ticker)
		}
		expect(ticks).toBeGreaterThanOrEqual(5)
	})
})

test('at most two readers run at once; the rest wait their turn', { skip: !onLinux }, async () => {
	let most = 0
	const sampler = setInterval(() => (most = Math.max(most, readerProcesses().length)), 5)
	try {
		const results = await Promise.all(Array.from({ length: 5 }, (_, n) => extractPdfText(minimalPdf([`Call ${n}`]))))
		expect(results.map((result) => result.text)).toEqual(['Call 0', 'Call 1', 'Call 2', 'Call 3', 'Call 4'])
	} finally {
		clearInterval(sampler)
	}
	expect(most).toBe(2)
})

async function expectFailure(reading: Promise<unknown>, reason: PdfReadError['reason']) {
	await expect(reading).rejects.toMatchObject({ name: 'PdfReadError', reason })
}

/** Child processes of this one running the reader script, from /proc. */
function readerProcesses(): number[] {
	const pids: number[] = []
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			// The parent pid is the fourth field, after a command name in parentheses that may hold spaces.
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
			if (parent !== process.pid) continue
			if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workers/pdf-text.mjs')) pids.push(Number(entry))
		} catch {
			// gone between the listing and the read
		}
	}
	return pids
}

async function waitFor<T extends unknown[]>(probe: () => T, timeoutMs = 5_000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const found = probe()
		if (found.length > 0) return found
		if (Date.now() > deadline) throw new Error('nothing turned up')
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
}
