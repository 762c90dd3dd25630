import { useRouteLoaderData } from '@remix-run/react'
import type { loader } from '#app/routes/portal.tsx'

/** The portal layout's billing facts (payments set up? pack size?), for upgrade offers on any portal page. */
export function usePortalBilling() {
	return useRouteLoaderData<typeof loader>('routes/portal')?.billing ?? { configured: false, packSize: 0 }
}
