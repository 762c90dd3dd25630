import type { TextSegment } from '#server/integrations/email/links.ts'

/** An e-mail's plain-text body with its links clickable, line breaks kept. */
export function OutboxText({ segments }: { segments: TextSegment[] }) {
	return (
		<p className="text-sm whitespace-pre-wrap">
			{segments.map((segment, index) =>
				segment.kind === 'link' ? (
					<a key={index} href={segment.value} className="text-primary underline underline-offset-4">
						{segment.value}
					</a>
				) : (
					<span key={index}>{segment.value}</span>
				),
			)}
		</p>
	)
}

/** UTC on both server and browser, so the hydrated page matches the server's. */
export function formatOutboxTime(iso: string) {
	return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}
