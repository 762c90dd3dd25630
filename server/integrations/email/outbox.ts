import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { extractLinks } from './links.ts'
import { OutboxMessageSchema } from './message.schema.ts'
import type { EmailMessage, OutboxMailer, OutboxMessage } from './types.ts'

// Ids are file names: a sortable UTC timestamp, a sequence and a random suffix. Anything
// else is refused before it reaches the file system (no path traversal).
const ID_PATTERN = /^\d{8}T\d{9}Z-\d{4}-[0-9a-f]{8}$/
const DEFAULT_LIST_LIMIT = 50

export function outboxDirectory(dataDir: string) {
	return path.join(dataDir, 'outbox')
}

type OutboxOptions = {
	dir: string
	from: string
	logger: Logger
	/**
	 * Print each message's links (sign-in and reset links included) to the log: on a developer's
	 * machine that is how one signs in. Never on a public installation, where the log is read by
	 * others (createMailer decides from APP_URL).
	 */
	logLinks?: boolean
}

/**
 * The local mailer: each message becomes a JSON file under `dir`, and on a
 * local machine its links are logged, so sign-up and password-reset links
 * work without a mail server.
 */
export function createOutboxMailer({ dir, from, logger, logLinks = false }: OutboxOptions): OutboxMailer {
	return {
		kind: 'outbox',
		async send(message: EmailMessage) {
			const stored: OutboxMessage = { id: newId(), from, createdAt: new Date().toISOString(), ...message }
			await mkdir(dir, { recursive: true })
			// Written under a hidden name and renamed, so a reader never sees half a message.
			const file = path.join(dir, `${stored.id}.json`)
			const partial = path.join(dir, `.${stored.id}.partial`)
			await writeFile(partial, JSON.stringify(stored, null, 2))
			await rename(partial, file)
			const links = logLinks ? { links: extractLinks(message.text) } : {}
			logger.info({ id: stored.id, to: message.to, subject: message.subject, ...links }, 'e-mail written to the outbox')
		},
		list: (options) => listOutbox(dir, options),
		read: (id) => readOutboxMessage(dir, id),
	}
}

/** Messages in the outbox, newest first. */
export async function listOutbox(dir: string, { to, limit = DEFAULT_LIST_LIMIT }: { to?: string; limit?: number } = {}) {
	const ids = (await readdirIfExists(dir))
		.filter((name) => name.endsWith('.json'))
		.map((name) => name.slice(0, -'.json'.length))
		.filter((id) => ID_PATTERN.test(id))
		.sort()
		.reverse()
	const recipient = to?.trim().toLowerCase()
	const messages: OutboxMessage[] = []
	for (const id of ids) {
		if (messages.length >= limit) break
		const message = await readOutboxMessage(dir, id)
		if (message && (!recipient || message.to.toLowerCase() === recipient)) messages.push(message)
	}
	return messages
}

/** One message by id; null when the id is malformed, unknown or the file is not a message. */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
	if (!ID_PATTERN.test(id)) return null
	let content: string
	try {
		content = await readFile(path.join(dir, `${id}.json`), 'utf8')
	} catch (error) {
		if (isMissing(error)) return null
		throw error
	}
	let json: unknown
	try {
		json = JSON.parse(content)
	} catch {
		return null
	}
	const parsed = OutboxMessageSchema.safeParse(json)
	return parsed.success && parsed.data.id === id ? parsed.data : null
}

let previous = { stamp: '', sequence: 0 }

function newId() {
	// 20250102T030405678Z: ISO 8601 basic format, which sorts by time and is a valid file name everywhere.
	// The sequence keeps messages of the same millisecond in the order they were sent.
	const stamp = new Date().toISOString().replace(/[-:.]/g, '')
	previous = { stamp, sequence: stamp === previous.stamp ? previous.sequence + 1 : 0 }
	return `${stamp}-${String(previous.sequence).padStart(4, '0')}-${randomBytes(4).toString('hex')}`
}

async function readdirIfExists(dir: string) {
	try {
		return await readdir(dir)
	} catch (error) {
		if (isMissing(error)) return []
		throw error
	}
}

function isMissing(error: unknown) {
	return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
