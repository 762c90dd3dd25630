/**
 * The advisory lock (`#server/db/advisory-lock.ts`) a process holds for as long as it writes a
 * draft's answers. The recovery sweep queues again only drafts whose lock nobody holds.
 */
export const draftLockKey = (draftId: string) => `draft:${draftId}`
