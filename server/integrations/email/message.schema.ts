import { z } from 'zod'

/**
 * An e-mail as it travels through the job queue and the outbox files. Checked
 * again when read back, since both are stored outside the process.
 * Line breaks in the subject are refused: a header must stay one line.
 */
export const EmailMessageSchema = z.object({
	to: z.email(),
	subject: z
		.string()
		.min(1)
		.max(300)
		.refine((subject) => !/[\r\n]/.test(subject), 'must be a single line'),
	text: z.string().min(1),
	html: z.string().min(1),
})

export const OutboxMessageSchema = EmailMessageSchema.extend({
	id: z.string(),
	from: z.string(),
	createdAt: z.iso.datetime(),
})
