import { redirect } from '@remix-run/node'

// The portal's home is the feed (spec: the default destination after login).
export function loader() {
	return redirect('/portal/feed')
}
