import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '#app/root.tsx'

/** The signed-in user from the root loader, or null when signed out. */
export function useOptionalUser() {
	return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null
}
