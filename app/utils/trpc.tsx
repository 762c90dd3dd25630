import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ReactNode } from 'react'
// Only the router's type: no server code reaches the browser bundle.
import type { AppRouter } from '#server/trpc/router.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/** Spec section 9: cached data stays fresh for 5 minutes and is not refetched on window focus. */
export function createQueryClient() {
	return new QueryClient({
		defaultOptions: {
			queries: { staleTime: 300_000, refetchOnWindowFocus: false },
		},
	})
}

/** The query cache and tRPC client of one browser tab (one per server render, never shared between requests). */
export function TrpcProviders({ children }: { children: ReactNode }) {
	const [queryClient] = useState(createQueryClient)
	const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] }))
	return (
		<QueryClientProvider client={queryClient}>
			<TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
				{children}
			</TRPCProvider>
		</QueryClientProvider>
	)
}
