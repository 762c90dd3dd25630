import type { MetaDescriptor } from '@remix-run/node'

const SITE_NAME = 'Callboard'

/** Title and description tags of a page; `title` is followed by the site name. */
export function pageMeta({
	title,
	description,
	noindex = false,
}: {
	title?: string
	description?: string
	/** Keeps the page out of search results (e.g. payment outcomes). */
	noindex?: boolean
}): MetaDescriptor[] {
	const fullTitle = title ? `${title} · ${SITE_NAME}` : SITE_NAME
	return [
		{ title: fullTitle },
		{ property: 'og:title', content: fullTitle },
		{ property: 'og:site_name', content: SITE_NAME },
		...(description
			? [
					{ name: 'description', content: description },
					{ property: 'og:description', content: description },
				]
			: []),
		...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
	]
}
