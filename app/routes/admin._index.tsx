import type { MetaFunction } from '@remix-run/node'
import { Plus } from 'lucide-react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Admin Dashboard' })

// The opportunity list comes with a later issue.
export default function AdminDashboard() {
	return (
		<div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<h1 className="text-2xl font-semibold sm:text-3xl">Admin Dashboard</h1>
					<p className="mt-1 text-muted-foreground">Manage opportunity listings</p>
				</div>
				<ButtonLink to="/admin/opportunities/new">
					<Plus aria-hidden />
					New Opportunity
				</ButtonLink>
			</div>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
