import type { Db } from '#server/db/client.ts'
import type { Prisma } from '#server/db/generated/client.ts'
import { DomainError } from '#server/domain/errors.ts'

/*
 * The per-user storage quota: everything a user keeps (CV, images, question-context files) counts
 * against one allowance. Without it one artist could fill the store: five 10 MB context files per
 * question, on every question of every open call. Counted in one place (storageUsed), from the
 * sizes recorded with each file; checked before a file is streamed into storage and again in the
 * transaction that records it, under a lock on the user's profile row, so two uploads at once
 * cannot both take the last of the room.
 */

const MB = 1024 * 1024
/** What one user may store in all: a full CV, five images and plenty of context files. */
export const STORAGE_QUOTA_BYTES = 250 * MB

type Queryable = Pick<Db | Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>

const megabytes = (bytes: number) => Number((bytes / MB).toFixed(1))

export function storageFullError(usedBytes: number) {
	return new DomainError(
		'INVALID',
		`Your files take ${megabytes(usedBytes)} MB of your ${megabytes(STORAGE_QUOTA_BYTES)} MB. Delete some to add more.`,
	)
}

/** Bytes the user's recorded files take: their profile files and their question-context files. */
export async function storageUsed(db: Queryable, userId: string): Promise<number> {
	const [row] = await db.$queryRaw<{ used: bigint | number | null }[]>`
		SELECT (SELECT COALESCE(SUM(size), 0) FROM user_assets WHERE user_id = ${userId}::uuid)
			+ (SELECT COALESCE(SUM(f.size), 0) FROM context_files f JOIN question_contexts c ON c.id = f.context_id WHERE c.user_id = ${userId}::uuid)
			AS used`
	return Number(row?.used ?? 0)
}

/**
 * Serialises the recording of a user's files until the transaction ends: every transaction that
 * records files calls this first, so each one's quota check sees the others' rows.
 */
export async function lockUserStorage(tx: Prisma.TransactionClient, userId: string) {
	await tx.$executeRaw`SELECT 1 FROM profiles WHERE user_id = ${userId}::uuid FOR UPDATE`
}

/**
 * Refuses when the user's files, less `freeing` (a CV about to be replaced) plus `adding`, would
 * pass the quota. Before a file is streamed its size is not known yet: call it with `adding: 1`
 * to refuse a user who has no room left at all. Returns the bytes in use.
 */
export async function assertStorageRoom(db: Queryable, userId: string, { adding, freeing = 0 }: { adding: number; freeing?: number }) {
	const used = await storageUsed(db, userId)
	if (used - freeing + adding > STORAGE_QUOTA_BYTES) throw storageFullError(used)
	return used
}
