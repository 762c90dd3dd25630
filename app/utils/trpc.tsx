import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ReactNode } from 'react'
// Only the router's type and the limits (a module of constants): no server code reaches the browser bundle.
import type { AppRouter } from '#server/trpc/router.ts'
import { MAX_BATCH_SIZE } from '#server/trpc/limits.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/** Spec section 9: cached data stays fresh for 5 minutes and is not refetched on window focus. */
export function createQueryClient() {
	return new QueryClient({
		defaultOptions: {
			queries: { staleTime: 300_000, refetchOnWindowFocus: false },
		},
	})
}

/** Spec section 9: a lost live connection is tried again after 1, 2, 5, then every 10 seconds. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000]
/** Errors a reconnection cannot fix (not signed in, not allowed, not found, bad input). */
const FINAL_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'])

/**
 * Queries and mutations go in batches over HTTP; subscriptions (live draft progress) over
 * server-sent events, reconnecting with the specification's backoff.
 */
function createClient() {
	return createTRPCClient<AppRouter>({
		links: [
			splitLink({
				condition: (op) => op.type === 'subscription',
				true: [
					retryLink({
						retry: ({ error }) => !FINAL_CODES.has(error.data?.code ?? ''),
						retryDelayMs: (attempt) => RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!,
					}),
					httpSubscriptionLink({ url: '/trpc' }),
				],
				// The server refuses larger batches.
				false: httpBatchLink({ url: '/trpc', maxItems: MAX_BATCH_SIZE }),
			}),
		],
	})
}

/** The query cache and tRPC client of one browser tab (one per server render, never shared between requests). */
export function TrpcProviders({ children }: { children: ReactNode }) {
	const [queryClient] = useState(createQueryClient)
	const [trpcClient] = useState(createClient)
	return (
		<QueryClientProvider client={queryClient}>
			<TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
				{children}
			</TRPCProvider>
		</QueryClientProvider>
	)
}

type FailedCall = { message: string; data?: { code: string; fieldErrors: Record<string, string[]> | null } | null }

/** The message of a failed call: the server's own for bad input, the specification's `fallback` for anything unexpected. */
export function trpcErrorMessage(error: FailedCall, fallback: string) {
	const fieldMessage = Object.values(error.data?.fieldErrors ?? {})[0]?.[0]
	if (fieldMessage) return fieldMessage
	const code = error.data?.code
	return !code || code === 'INTERNAL_SERVER_ERROR' || code === 'PAYLOAD_TOO_LARGE' ? fallback : error.message
}
