import path from 'node:path'

/** Where the end-to-end server on `port` keeps its log (scripts/e2e-server.mjs; read by scripts/test.mjs). */
export function e2eServerLog(root, port) {
	return path.join(root, 'test-results', port === '3100' ? 'e2e-server.log' : `e2e-server-${port}.log`)
}
