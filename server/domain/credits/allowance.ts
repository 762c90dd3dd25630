/**
 * Whether an artist may start a draft (PRODUCT.md, "Plans, credits and limits"): Pro drafts
 * without limit; anyone else spends a credit, so with none left the upgrade dialog opens. The
 * drafting step checks again when it spends the credit; this is what pages show beforehand.
 */
export function draftAllowance({ plan, creditsRemaining }: { plan: 'free' | 'pro'; creditsRemaining: number }) {
	const unlimited = plan === 'pro'
	return { unlimited, canDraft: unlimited || creditsRemaining > 0, creditsRemaining }
}
export type DraftAllowance = ReturnType<typeof draftAllowance>
