import { normalizeTags, type Category } from '#server/domain/opportunities/opportunity.schema.ts'

/**
 * The opportunity form's fields as submitted (with or without JavaScript), shaped for
 * OpportunityInput: tags stay one comma-separated string, which the schema splits and normalises.
 * The edit form's "Active" switch is a checkbox: absent means off.
 */
export function opportunityValuesFromForm(form: FormData, { withActive = false }: { withActive?: boolean } = {}) {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	return {
		title: text('title'),
		url: text('url'),
		organization: text('organization'),
		// Typed as the schema's input; the domain function validates it (an empty or unknown value is refused there).
		category: text('category') as Category,
		deadline: text('deadline'),
		location: text('location'),
		tags: form.getAll('tags').filter((value): value is string => typeof value === 'string').join(','),
		description: text('description'),
		...(withActive ? { active: form.get('active') === 'on' } : {}),
	}
}

export type OpportunityFormValues = ReturnType<typeof opportunityValuesFromForm>

/** Submitted values back as the form's defaults (tags as a list). */
export function formDefaultsFrom(values: OpportunityFormValues) {
	return { ...values, tags: normalizeTags([values.tags]) }
}

/** The route id of an opportunity's admin layout, whose loader data its tabs read. */
export const OPPORTUNITY_LAYOUT = 'routes/admin.opportunities.$id'

/** An admin tab's title names its opportunity, so open tabs of several can be told apart. */
export function opportunityTabTitle(title: string | undefined, tab: string) {
	return title ? `${tab}: ${title}` : `${tab} opportunity`
}

/** The same, for a tab route's meta, from its layout's data among the matches. */
export function opportunityTabTitleIn(matches: readonly { id: string; data: unknown }[], tab: string) {
	const layout = matches.find((match) => match.id === OPPORTUNITY_LAYOUT)?.data as { opportunity?: { title?: string } } | undefined
	return opportunityTabTitle(layout?.opportunity?.title, tab)
}
