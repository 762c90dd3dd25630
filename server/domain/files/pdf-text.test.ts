import { readdirSync, readFileSync } from 'node:fs'
import zlib from 'node:zlib'
import { afterEach, describe, expect, test } from 'vitest'
import { minimalPdf } from '#tests/fixtures/files.ts'
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

type ContentStream = { data: Buffer; filter?: string }

/** A page's content stream showing `lines` in Helvetica, as tests/fixtures/files.ts's minimalPdf does. */
function textPage(...lines: string[]): ContentStream {
	const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
	const operators = ['BT', '/F1 12 Tf', '14 TL', '72 720 Td', ...lines.map((line) => `(${escape(line)}) Tj T*`), 'ET']
	return { data: Buffer.from(operators.join('\n'), 'latin1') }
}

/** A PDF with one page per content stream, and a correct cross-reference table. */
function pdfOfPages(streams: ContentStream[]): Buffer {
	const first = 4
	const objects: Buffer[] = [
		Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
		Buffer.from(`<< /Type /Pages /Kids [${streams.map((_, n) => `${first + 2 * n} 0 R`).join(' ')}] /Count ${streams.length} >>`),
		Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
	]
	streams.forEach((stream, n) => {
		objects.push(
			Buffer.from(
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> ' +
					`/Contents ${first + 2 * n + 1} 0 R >>`,
			),
			Buffer.concat([
				Buffer.from(`<< /Length ${stream.data.length}${stream.filter ? ` /Filter /${stream.filter}` : ''} >>\nstream\n`),
				stream.data,
				Buffer.from('\nendstream'),
			]),
		)
	})
	const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')]
	let length = parts[0]!.length
	const offsets = objects.map((object, index) => {
		const offset = length
		const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')])
		parts.push(part)
		length += part.length
		return offset
	})
	const xref = [
		`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
		...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
		`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
	]
	return Buffer.concat([...parts, Buffer.from(xref.join(''))])
}

let bomb: Buffer | undefined

/** A one-page PDF whose content stream inflates to 1 GiB of spaces. */
function flateBomb(): Buffer {
	bomb ??= pdfOfPages([{ data: deflatedSpaces(16 * MB, 64), filter: 'FlateDecode' }])
	return bomb
}

/**
 * A zlib stream of `chunk * count` spaces, built without holding them: one chunk is compressed
 * alone and ends on a byte boundary (a sync flush, not a final block), so copies of it concatenate
 * into one valid stream.
 */
function deflatedSpaces(chunk: number, count: number): Buffer {
	const block = zlib.deflateRawSync(Buffer.alloc(chunk, 0x20), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })
	const total = BigInt(chunk) * BigInt(count)
	// Adler-32 of `total` bytes of 0x20: a = 1 + 32·n, b = Σ a_i = n + 16·n·(n + 1), both mod 65521.
	const a = (1n + 32n * total) % 65521n
	const b = (total + 16n * total * (total + 1n)) % 65521n
	const checksum = Buffer.alloc(4)
	checksum.writeUInt32BE(Number((b << 16n) | a))
	const finalBlock = zlib.deflateRawSync(Buffer.alloc(0))
	return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(count).fill(block), finalBlock, checksum])
}
