import { z } from 'zod'
import { LINK_KINDS } from './choices.ts'
import { RequiredUrl } from './profile.schema.ts'

export const LinkKindInput = z.enum(LINK_KINDS, { error: 'Choose a link type' })

export const AddLinkInput = z.object({ kind: LinkKindInput, url: RequiredUrl })
export type AddLinkInput = z.output<typeof AddLinkInput>

export const RemoveLinkInput = z.object({ linkId: z.uuid({ error: 'Link not found' }) })
export type RemoveLinkInput = z.output<typeof RemoveLinkInput>
