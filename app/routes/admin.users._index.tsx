import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Search } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { formatDateTime } from '#app/utils/date-time.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { requireAdmin } from '#server/auth/guards.ts'
import { findUsers } from '#server/domain/admin/users.ts'

export const meta: MetaFunction = () => pageMeta({ title: 'Users', noindex: true })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const actor = requireAdmin(request, context)
	const q = new URL(request.url).searchParams.get('q')?.trim() ?? ''
	const users = await findUsers(context.app, actor, { q: q.slice(0, 200) })
	return {
		q,
		users: users.map(({ createdAt, ...user }) => ({ ...user, created: formatDateTime(createdAt) })),
	}
}

export default function AdminUsers() {
	const { q, users } = useLoaderData<typeof loader>()
	const navigation = useNavigation()
	const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/users'
	return (
		<div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold sm:text-3xl">Users</h1>
				<p className="mt-1 text-muted-foreground">Find an account by e-mail to change its role, plan or credits.</p>
			</div>
			<Form method="get" role="search" aria-label="Users" className="flex flex-wrap items-end gap-3">
				<div className="grid min-w-64 flex-1 gap-1.5">
					<Label htmlFor="user-search">E-mail contains</Label>
					<Input id="user-search" type="search" name="q" defaultValue={q} maxLength={200} autoComplete="off" />
				</div>
				<Button type="submit" disabled={searching}>
					<Search aria-hidden />
					Search
				</Button>
			</Form>
			<section aria-labelledby="user-results" className="min-w-0">
				<h2 id="user-results" className="mb-3 text-sm font-medium text-muted-foreground" aria-live="polite">
					{users.length === 0
						? q
							? `No users match "${q}".`
							: 'No users yet.'
						: `${users.length === 20 ? 'The 20 newest' : users.length} ${users.length === 1 ? 'user' : 'users'}${q ? ` matching "${q}"` : ''}, newest first`}
				</h2>
				{users.length ? (
					<Card className="relative min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label="Users table">
						<table className="w-full text-left text-sm">
							<thead className="border-b border-border text-muted-foreground">
								<tr>
									{['E-mail', 'Name', 'Role', 'Plan', 'Credits', 'Onboarding', 'Created'].map((heading) => (
										<th key={heading} scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
											{heading}
										</th>
									))}
								</tr>
							</thead>
							<tbody>
								{users.map((user) => (
									<tr key={user.id} className="border-b border-border last:border-0">
										<th scope="row" className="px-4 py-3 font-medium">
											<Link to={`/admin/users/${user.id}`} className="text-primary underline-offset-4 hover:underline">
												{user.email}
											</Link>
										</th>
										<td className="px-4 py-3">{user.name ?? '–'}</td>
										<td className="px-4 py-3">
											<Badge variant={user.role === 'admin' ? 'default' : 'outline'}>{user.role}</Badge>
										</td>
										<td className="px-4 py-3">
											<Badge variant={user.plan === 'pro' ? 'secondary' : 'outline'}>{user.plan}</Badge>
										</td>
										<td className="px-4 py-3 tabular-nums">{user.credits}</td>
										<td className="px-4 py-3">{user.onboardingCompleted ? 'Completed' : 'Not completed'}</td>
										<td className="px-4 py-3 whitespace-nowrap">{user.created}</td>
									</tr>
								))}
							</tbody>
						</table>
					</Card>
				) : null}
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
