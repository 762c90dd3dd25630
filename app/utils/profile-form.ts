/**
 * The profile fields of a submitted form, shaped for the profile schemas: checkbox groups as
 * lists, link rows named `links.N.kind` / `links.N.url` (react-hook-form's names) as a list in
 * row order. Fields the form does not have are left undefined.
 */
export function profileValuesFromForm(form: FormData) {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : undefined
	}
	const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string')

	const rows = new Map<number, { kind?: string; url?: string }>()
	for (const [name, value] of form) {
		const match = /^links\.(\d{1,2})\.(kind|url)$/.exec(name)
		if (!match || typeof value !== 'string') continue
		const row = rows.get(Number(match[1])) ?? {}
		row[match[2] as 'kind' | 'url'] = value
		rows.set(Number(match[1]), row)
	}
	const links = [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)

	return {
		fullName: text('fullName'),
		city: text('city'),
		country: text('country'),
		mediums: list('mediums'),
		interests: list('interests'),
		websiteUrl: text('websiteUrl'),
		timeZone: text('timeZone'),
		links,
	}
}
