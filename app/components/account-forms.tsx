import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { PublicLayout } from '#app/components/public-layout.tsx'
import { StatusPanel } from '#app/components/status-panel.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { LinkIcon } from '#app/components/ui/icons.tsx'

/** A form's own message (wrong password, too many attempts …), announced as soon as it appears. */
export function FormAlert({ message }: { message?: string | null }) {
	return (
		<div role="alert" aria-live="assertive">
			<ErrorList errors={message ? [message] : null} />
		</div>
	)
}

/** The narrow, centred card of the account pages (forgot and reset password, magic link). */
export function AccountCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
	return (
		<PublicLayout>
			<div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
				<Card>
					<CardHeader>
						<CardTitle as="h1">{title}</CardTitle>
						{description ? <CardDescription>{description}</CardDescription> : null}
					</CardHeader>
					<CardContent>{children}</CardContent>
				</Card>
			</div>
		</PublicLayout>
	)
}

/** What an expired or used e-mail link shows, with the way to a new one. */
export function ExpiredLink({ title, newLink }: { title: string; newLink: { to: string; label: string } }) {
	return (
		<PublicLayout>
			<StatusPanel
				icon={LinkIcon}
				tone="destructive"
				title={title}
				actions={
					<>
						<ButtonLink to={newLink.to}>{newLink.label}</ButtonLink>
						<ButtonLink to="/signin" variant="outline">
							Go to sign in
						</ButtonLink>
					</>
				}
			>
				<p>This link has expired or has already been used. Links from our e-mails work once, for a limited time.</p>
			</StatusPanel>
		</PublicLayout>
	)
}

/**
 * The one button of an e-mailed link's page: opening the link only shows it, and pressing it posts
 * the token, which uses the link up (a mail scanner opening links first uses none).
 */
export function UseLinkForm({ token, label, busyLabel }: { token: string; label: string; busyLabel: string }) {
	const submitting = useNavigation().state !== 'idle'
	return (
		<Form method="post">
			<input type="hidden" name="token" value={token} />
			<Button type="submit" className="w-full" disabled={submitting}>
				{submitting ? busyLabel : label}
			</Button>
		</Form>
	)
}
