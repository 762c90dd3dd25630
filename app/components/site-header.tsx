import { Form } from '@remix-run/react'
import { Brand } from '#app/components/brand.tsx'
import { Button, ButtonLink, type ButtonProps } from '#app/components/ui/button.tsx'
import { useOptionalUser } from '#app/utils/user.ts'

// Slimmer buttons on phones keep the name and a signed-in user's links on one row at 360px.
const navButton = { size: 'sm', className: 'px-2.5 sm:px-3' } as const

/** A POST form, so that no prefetch or crawler can sign anyone out. */
export function SignOutButton({ size, className }: Pick<ButtonProps, 'size' | 'className'>) {
	return (
		<Form method="post" action="/signout">
			<Button type="submit" variant="outline" size={size} className={className}>
				Sign Out
			</Button>
		</Form>
	)
}

export function SiteHeader() {
	const user = useOptionalUser()
	return (
		<header className="sticky top-0 z-40 border-b border-border/80 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
			{/* Wraps onto two rows when a narrow screen cannot hold every link beside the name. */}
			<div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-4 py-3 sm:px-6">
				<Brand />
				<nav aria-label="Main" className="flex flex-wrap items-center gap-0.5 sm:gap-2">
					{user ? (
						<>
							<ButtonLink to="/portal/feed" variant="ghost" {...navButton}>
								Dashboard
							</ButtonLink>
							{user.role === 'admin' ? (
								<ButtonLink to="/admin" variant="ghost" {...navButton}>
									Admin
								</ButtonLink>
							) : null}
							<SignOutButton {...navButton} />
						</>
					) : (
						<>
							<ButtonLink to="/signin" variant="ghost" {...navButton}>
								Sign In
							</ButtonLink>
							<ButtonLink to="/signin" {...navButton}>
								Get Started
							</ButtonLink>
						</>
					)}
				</nav>
			</div>
		</header>
	)
}
