/*
 * Limits the tRPC server enforces and its client respects. Free of imports: the browser's client
 * (app/utils/trpc.tsx) reads it too.
 */

/**
 * Calls one HTTP request may batch. Each call may take a database connection, so a batch of
 * hundreds would exhaust the pool and make every other user wait; the client splits its batches at
 * this size, and the server refuses a larger one (400).
 */
export const MAX_BATCH_SIZE = 10
