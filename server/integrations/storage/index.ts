import path from 'node:path'
import type { Env } from '#server/env.ts'
import { createLocalStorage } from './local.ts'
import { createS3Storage } from './s3.ts'
import type { Storage } from './types.ts'

type StorageEnv = Pick<
	Env,
	'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>

/** S3-compatible storage when S3_BUCKET and its keys are set (env.ts requires all three together); else local disk. */
export function createStorage(env: StorageEnv): Storage {
	if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
		return createS3Storage({
			bucket: env.S3_BUCKET,
			region: env.S3_REGION,
			accessKeyId: env.S3_ACCESS_KEY_ID,
			secretAccessKey: env.S3_SECRET_ACCESS_KEY,
			endpoint: env.S3_ENDPOINT,
			forcePathStyle: env.S3_FORCE_PATH_STYLE,
		})
	}
	return createLocalStorage(uploadsDirectory(env.DATA_DIR))
}

export function uploadsDirectory(dataDir: string) {
	return path.join(dataDir, 'uploads')
}
