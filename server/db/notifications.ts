import pg from 'pg'
import type { Logger } from 'pino'
import { isStopping, unlessStopping } from '#server/lifecycle.ts'

/**
 * PostgreSQL LISTEN/NOTIFY for one process: how a web process learns that a worker (in this process
 * or any other) changed something it is showing, such as a draft's answers. One connection serves
 * every subscriber of the process; it connects on the first subscription and reconnects after a
 * loss, waiting 1, 2, 5, then 10 seconds between tries (spec section 9, realtime backoff).
 *
 * A notification is a hint, never the data: subscribers re-read the rows, and should also re-read
 * now and then, because notifications sent while the connection was down are lost.
 */
export type Notifications = {
	/** Calls `onMessage` with each payload sent on `channel` until the returned function is called. */
	subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => void>
	close(): Promise<void>
}

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000]
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

export function createNotifications(databaseUrl: string, logger: Logger): Notifications {
	const subscribers = new Map<string, Set<(payload: string) => void>>()
	let client: pg.Client | null = null
	let connecting: Promise<pg.Client> | null = null
	let attempt = 0
	let closed = false
	let retryTimer: NodeJS.Timeout | undefined

	function assertChannel(channel: string) {
		// Channel names are identifiers in LISTEN: only our own fixed names, never user input.
		if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel ${JSON.stringify(channel)}`)
	}

	async function connect(): Promise<pg.Client> {
		const next = new pg.Client({ connectionString: databaseUrl, application_name: 'callboard-listen' })
		next.on('notification', (message) => {
			for (const onMessage of subscribers.get(message.channel) ?? []) onMessage(message.payload ?? '')
		})
		next.on('error', (error) =>
			unlessStopping(
				() => logger.warn({ err: error }, 'notification connection error'),
				() => logger.debug({ err: error }, 'notification connection lost while stopping'),
			),
		)
		next.on('end', () => {
			if (client !== next) return
			client = null
			if (!closed) scheduleReconnect()
		})
		await next.connect()
		for (const channel of subscribers.keys()) await next.query(`LISTEN ${channel}`)
		client = next
		attempt = 0
		return next
	}

	function ensureConnected(): Promise<pg.Client> {
		if (client) return Promise.resolve(client)
		connecting ??= connect().finally(() => {
			connecting = null
		})
		return connecting
	}

	function scheduleReconnect() {
		const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!
		attempt += 1
		clearTimeout(retryTimer)
		retryTimer = setTimeout(() => {
			if (closed || isStopping() || !subscribers.size) return
			ensureConnected().catch((error) => {
				logger.warn({ err: error, attempt }, 'notification connection failed; retrying')
				scheduleReconnect()
			})
		}, delay)
		retryTimer.unref()
	}

	return {
		async subscribe(channel, onMessage) {
			assertChannel(channel)
			if (closed) throw new Error('Notifications are closed')
			let listeners = subscribers.get(channel)
			const isNew = !listeners
			if (!listeners) subscribers.set(channel, (listeners = new Set()))
			listeners.add(onMessage)
			try {
				const connection = await ensureConnected()
				if (isNew && connection === client) await connection.query(`LISTEN ${channel}`)
			} catch (error) {
				// The subscriber is kept: it will hear messages once the connection is back.
				logger.warn({ err: error }, 'could not listen for notifications; retrying')
				scheduleReconnect()
			}
			return () => {
				listeners.delete(onMessage)
			}
		},

		async close() {
			closed = true
			clearTimeout(retryTimer)
			subscribers.clear()
			const current = client ?? (connecting ? await connecting.catch(() => null) : null)
			client = null
			await current?.end().catch(() => undefined)
		},
	}
}
