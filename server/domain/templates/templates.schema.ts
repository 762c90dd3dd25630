import { z } from 'zod'

const Id = z.string().trim()

export const ListTemplatesInput = z.object({ q: z.string().trim().max(200).default('') })
export type ListTemplatesInput = z.input<typeof ListTemplatesInput>

export const ImportTemplateInput = z.object({ opportunityId: Id, templateId: Id })
export type ImportTemplateInput = z.input<typeof ImportTemplateInput>

export const SaveQuestionAsTemplateInput = z.object({ questionId: Id })
export type SaveQuestionAsTemplateInput = z.input<typeof SaveQuestionAsTemplateInput>

export const DeleteTemplateInput = z.object({ templateId: Id })
export type DeleteTemplateInput = z.input<typeof DeleteTemplateInput>
