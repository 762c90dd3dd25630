import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireOnboardedUser } from '#server/auth/guards.ts'

// The portal's home is the feed (spec: the default destination after login). The guard runs
// here too: loaders run in parallel, and this redirect must not overtake the layout's.
export function loader({ request, context }: LoaderFunctionArgs) {
	requireOnboardedUser(request, context)
	return redirect('/portal/feed')
}
