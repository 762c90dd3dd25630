import { z } from 'zod'

/** E-mail addresses are compared trimmed and lowercased everywhere. */
export const EmailSchema = z
	.string({ message: 'E-mail is required' })
	.trim()
	.toLowerCase()
	.min(1, 'E-mail is required')
	.pipe(z.email('Enter a valid e-mail address'))
