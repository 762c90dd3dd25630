import { expect, test } from 'vitest'
import { isDomainError } from '#server/domain/errors.ts'
import { sampleDraft } from './draft.fixture.ts'
import { EXPORTS_BUSY_MESSAGE, renderExport } from './exports.ts'

test('a process renders two exports at once and lets eight wait; the next is refused at once, before any work', async () => {
	const draft = sampleDraft()
	const accepted = Array.from({ length: 10 }, (_, index) => renderExport(draft, index % 2 ? 'pdf' : 'docx'))
	// Two have started; eight wait their turn.
	await new Promise(setImmediate)
	const refused = await renderExport(draft, 'pdf').catch((error: unknown) => error)
	expect(isDomainError(refused) && refused.code).toBe('UNAVAILABLE')
	expect((refused as Error).message).toBe(EXPORTS_BUSY_MESSAGE)
	// The ten are all made, and the queue takes exports again once they are.
	for (const bytes of await Promise.all(accepted)) expect(bytes.length).toBeGreaterThan(1000)
	expect((await renderExport(draft, 'pdf')).subarray(0, 5).toString()).toBe('%PDF-')
})
