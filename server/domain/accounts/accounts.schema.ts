import { z } from 'zod'

/*
 * Inputs of the account functions, shared by the forms and the server. Only
 * zod here, so the browser may import this file too.
 */

/** E-mail addresses are compared trimmed and lowercased everywhere. */
export const EmailSchema = z
	.string({ message: 'E-mail is required' })
	.trim()
	.toLowerCase()
	.min(1, 'E-mail is required')
	// The mail standard's limits (RFC 5321): 64 characters before the @, 254 in all. A longer one is
	// no address any mailbox has, and it would not fit the toast's cookie that repeats it.
	.max(254, 'Enter a valid e-mail address')
	.refine((email) => email.split('@')[0]!.length <= 64, 'Enter a valid e-mail address')
	.pipe(z.email('Enter a valid e-mail address'))

export const PASSWORD_MIN = 8

/** What a new password must be; each failed rule is a reason shown to the user. */
export const PasswordSchema = z
	.string({ message: 'Password is required' })
	.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
	.max(200, 'Password must be at most 200 characters')
	.refine((value) => /[a-zA-Z]/.test(value), 'Password must contain a letter')
	.refine((value) => /[0-9]/.test(value) || /[^a-zA-Z0-9]/.test(value), 'Password must contain a number or a symbol')

/** Signing in checks the password against its hash only: the strength rules apply when one is chosen. */
export const SignInInput = z.object({
	email: EmailSchema,
	password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Invalid login credentials'),
})
export type SignInInput = z.input<typeof SignInInput>

export const SignUpInput = z.object({ email: EmailSchema, password: PasswordSchema })
export type SignUpInput = z.input<typeof SignUpInput>

/** Asks for an e-mailed link: a magic sign-in link or a password reset link. */
export const EmailLinkRequestInput = z.object({ email: EmailSchema })
export type EmailLinkRequestInput = z.input<typeof EmailLinkRequestInput>

export const LINK_INVALID_MESSAGE = 'This link has expired or has already been used.'

/** A token from an e-mailed link. */
export const EmailTokenInput = z.object({
	token: z.string({ message: LINK_INVALID_MESSAGE }).min(16, LINK_INVALID_MESSAGE).max(200, LINK_INVALID_MESSAGE),
})
export type EmailTokenInput = z.input<typeof EmailTokenInput>

/** Said when the password given to confirm an address is not the one it was signed up with. */
export const CONFIRM_PASSWORD_MESSAGE = 'That is not the password this account was signed up with.'

export const ConfirmEmailInput = EmailTokenInput.extend({
	password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, CONFIRM_PASSWORD_MESSAGE),
})
export type ConfirmEmailInput = z.input<typeof ConfirmEmailInput>

export const ResetPasswordInput = EmailTokenInput.extend({ password: PasswordSchema })
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>

export const ACCOUNT_MESSAGES = {
	confirmEmail: 'Type your e-mail address to confirm.',
	ownAdminRole: 'You cannot remove your own admin role.',
	onlyAdmin: 'You are the only admin. Make another account an admin before deleting this one.',
	cancelFailed: 'Your Pro subscription could not be cancelled, so nothing was deleted. Try again in a moment.',
	deletedTitle: 'Account deleted',
	deletedDescription: 'Your account and everything in it were deleted.',
	passwordLinkSent: (email: string) => `We sent a link to choose a new password to ${email}.`,
	sameEmail: 'That is already your e-mail address.',
	emailChangeAsked: (current: string, next: string) => `To move your account to ${next}, open the link we sent to ${current} first.`,
	emailChangeApproved: (next: string) => `We sent a link to ${next}. Open it to finish the change.`,
	emailTaken: 'That address now belongs to another account, so nothing was changed.',
	emailChangeWaitingForCurrent: (current: string, next: string) => `Waiting for your current address: open the link we sent to ${current} to move your account to ${next}.`,
	emailChangeWaitingForNew: (next: string) => `Waiting for ${next}: open the link we sent there to finish moving your account.`,
	emailChangeCancelledTitle: 'E-mail change cancelled',
	emailChangeCancelled: 'The links we sent for it no longer work. Your address stays as it is.',
	emailChangeReplaced: 'Sending another address below replaces this change.',
	emailChangeNoneWaitingTitle: 'Nothing to cancel',
	emailChangeNoneWaiting: 'No e-mail change was waiting: its links had been used or had expired.',
	emailChangedTitle: 'E-mail address changed',
	emailChanged: (next: string) => `You now sign in with ${next}. Every other device was signed out.`,
} as const

/** Moving the account to another e-mail address (ADR 028): the address it moves to. */
export const ChangeEmailInput = z.object({ newEmail: EmailSchema })
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>

/** Deleting an account is confirmed by typing its e-mail address. */
export const DeleteAccountInput = z.object({
	email: z.string({ message: ACCOUNT_MESSAGES.confirmEmail }).trim().toLowerCase().max(320, ACCOUNT_MESSAGES.confirmEmail),
})
export type DeleteAccountInput = z.input<typeof DeleteAccountInput>
