import type { EmailMessage } from '#server/integrations/email/types.ts'

/*
 * The account e-mails: short, friendly, each with an HTML and a plain-text
 * body. Links are absolute, built from APP_URL by the caller.
 */

function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

type Layout = { to: string; subject: string; intro: string; action?: { label: string; url: string }; outro: string[] }

function compose({ to, subject, intro, action, outro }: Layout): EmailMessage {
	const text = [intro, action ? `${action.label}: ${action.url}` : null, ...outro, '— Callboard']
		.filter(Boolean)
		.join('\n\n')
	const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`
	const button = action
		? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
			`<p style="margin:0 0 16px;font-size:13px;color:#5f5a52">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
		: ''
	const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#faf9f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1a17;line-height:1.5"><div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e7e3dc;border-radius:12px">${paragraph(intro)}${button}${outro.map(paragraph).join('')}<p style="margin:0;color:#5f5a52">— Callboard</p></div></body></html>`
	return { to, subject, text, html }
}

export function confirmEmailMessage({ to, url }: { to: string; url: string }) {
	return compose({
		to,
		subject: 'Confirm your e-mail address for Callboard',
		intro: 'Welcome to Callboard! Please confirm your e-mail address to finish creating your account.',
		action: { label: 'Confirm my e-mail address', url },
		outro: [
			'It asks for the password you chose when you signed up. The link works once and expires in 24 hours.',
			"If you didn't sign up for Callboard, you can ignore this e-mail.",
		],
	})
}

/** Sent instead of a confirmation when someone signs up with an address that already has an account. */
export function accountExistsMessage({ to, signInUrl, resetUrl }: { to: string; signInUrl: string; resetUrl: string }) {
	return compose({
		to,
		subject: 'You already have a Callboard account',
		intro: 'Someone (hopefully you) just tried to sign up for Callboard with this e-mail address, which already has an account.',
		action: { label: 'Sign in to Callboard', url: signInUrl },
		outro: [
			`Forgot your password? Choose a new one here: ${resetUrl}`,
			"If this wasn't you, you can ignore this e-mail: nothing has changed on your account.",
		],
	})
}

export function magicLinkMessage({ to, url }: { to: string; url: string }) {
	return compose({
		to,
		subject: 'Your Callboard sign-in link',
		intro: 'Here is your link to sign in to Callboard.',
		action: { label: 'Sign in to Callboard', url },
		outro: ['The link works once and expires in 15 minutes.', "If you didn't ask for it, you can ignore this e-mail."],
	})
}

export function passwordResetMessage({ to, url }: { to: string; url: string }) {
	return compose({
		to,
		subject: 'Reset your Callboard password',
		intro: 'Someone asked to reset the password of your Callboard account. Choose a new password here:',
		action: { label: 'Choose a new password', url },
		outro: [
			'The link works once and expires in 1 hour. Resetting signs you out everywhere else.',
			"If you didn't ask for it, you can ignore this e-mail: your password stays the same.",
		],
	})
}

/** To the account's current address: its owner agrees to move the account (ADR 028). */
export function emailChangeApproveMessage({ to, newEmail, url }: { to: string; newEmail: string; url: string }) {
	return compose({
		to,
		subject: 'Change your Callboard e-mail address?',
		intro: `Someone signed in to your Callboard account asked to move it to a new e-mail address: ${newEmail}.`,
		action: { label: 'Yes, move my account', url },
		outro: [
			`Nothing changes until you agree here and then confirm from ${newEmail}. The link works once and expires in 1 hour.`,
			"If this wasn't you, ignore this e-mail, and sign out of other devices on your account page: someone may be signed in as you.",
		],
	})
}

/** To the new address: its owner confirms it, and the account moves there. */
export function emailChangeConfirmMessage({ to, url }: { to: string; url: string }) {
	return compose({
		to,
		subject: 'Move a Callboard account to this address?',
		intro:
			'Someone asked to move an existing Callboard account, with its profile, drafts and password, to this e-mail address. Confirm only if that account is yours: this address then signs in to it.',
		action: { label: 'Confirm my new address', url },
		outro: [
			'The link works once and expires in 24 hours. Confirming signs the account out on every other device.',
			"If you didn't ask to move your account here, ignore this e-mail: nothing changes.",
		],
	})
}

/** To a new address that already has an account: sent instead of the confirmation, so no one learns which addresses have one. */
export function emailInUseMessage({ to, signInUrl }: { to: string; signInUrl: string }) {
	return compose({
		to,
		subject: 'This address already has a Callboard account',
		intro: 'Someone asked to move another Callboard account to this e-mail address, which already has an account of its own. Nothing has changed.',
		action: { label: 'Sign in to Callboard', url: signInUrl },
		outro: ['An address can belong to one account only: to use this one, delete the other account first.', "If this wasn't you, you can ignore this e-mail."],
	})
}

/** To the old address once the account has moved. */
export function emailChangedMessage({ to, newEmail }: { to: string; newEmail: string }) {
	return compose({
		to,
		subject: 'Your Callboard e-mail address was changed',
		intro: `Your Callboard account now signs in with ${newEmail}, as agreed from this address and confirmed from the new one. Every device was signed out.`,
		outro: ["If this wasn't you, someone was able to read this mailbox: secure it at once."],
	})
}
