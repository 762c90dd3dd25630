import type { MetaFunction } from '@remix-run/node'
import { FileText } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Drafts' })

// Drafting arrives with a later issue; until then nobody has drafts to list.
export default function Drafts() {
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold sm:text-3xl">Drafts</h1>
			<div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-dashed border-border px-6 py-14 text-center">
				<FileText aria-hidden className="size-8 text-muted-foreground" />
				<p className="text-muted-foreground">You haven't created any drafts yet.</p>
				<ButtonLink to="/portal/feed">Browse opportunities</ButtonLink>
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
