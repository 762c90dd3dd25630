import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ChevronDown, SlidersHorizontal } from '#app/components/ui/icons.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { useFilterSubmit } from '#app/utils/use-filter-submit.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	FEED_PARAMS,
	FEED_SORT_LABELS,
	FEED_SORTS,
	feedInputFromSearchParams,
	type FeedFilters,
} from '#server/domain/feed/feed.schema.ts'

/** The filters without the page, in a form two sets can be compared by. */
function filterKey({ mediums, types, locations, saved, sort }: FeedFilters) {
	return JSON.stringify([mediums.toSorted(), types.toSorted(), locations.toSorted(), saved, sort])
}

type Option = { value: string; label: string }

type FeedFiltersProps = {
	filters: FeedFilters
	options: { mediums: Option[]; types: Option[]; locations: string[] }
}

/**
 * The feed's filters as a GET form: the URL holds them, so they work without JavaScript,
 * survive a reload and can be shared. With JavaScript each change applies by itself (useFilterSubmit).
 */
export function FeedFilterForm({ filters, options }: FeedFiltersProps) {
	const onChange = useFilterSubmit()
	const hydrated = useHydrated()
	const formRef = useRef<HTMLFormElement>(null)
	// The inputs are uncontrolled (they work without JavaScript). When the filters change other than
	// by this form (Clear filters, Back), they are re-created from the loader's filters.
	const [generation, setGeneration] = useState(0)
	useEffect(() => {
		const form = formRef.current
		if (!form) return
		const fromForm = feedInputFromSearchParams(new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)])))
		if (filterKey(fromForm) !== filterKey(filters)) setGeneration((value) => value + 1)
	}, [filters])
	useDisclosureMenus(formRef, generation)
	const active = filters.mediums.length + filters.types.length + filters.locations.length + (filters.saved ? 1 : 0)
	const locationOptions = [...new Set([...options.locations, ...filters.locations])].map((location) => ({
		value: location,
		label: location,
	}))

	return (
		<Form
			key={generation}
			ref={formRef}
			method="get"
			role="search"
			aria-label="Filter opportunities"
			className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-3 shadow-card"
			onChange={onChange}
		>
			<SlidersHorizontal aria-hidden className="mb-2.5 hidden size-4 text-muted-foreground sm:block" />
			<FilterGroup
				legend="Mediums"
				name={FEED_PARAMS.mediums}
				options={options.mediums}
				selected={filters.mediums}
				empty="None of your mediums are tagged on open calls yet."
			/>
			<FilterGroup
				legend="Types"
				name={FEED_PARAMS.types}
				options={options.types}
				selected={filters.types}
				empty="None of your interests are tagged on open calls yet."
			/>
			<FilterGroup
				legend="Location"
				name={FEED_PARAMS.locations}
				options={locationOptions}
				selected={filters.locations}
				empty="No locations listed."
			/>
			<label className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
				<input
					type="checkbox"
					name={FEED_PARAMS.saved}
					value="1"
					defaultChecked={filters.saved}
					className="checkbox"
				/>
				Saved only
			</label>
			<div className="grid gap-1">
				<label htmlFor="feed-sort" className="text-xs font-medium text-muted-foreground">
					Sort by
				</label>
				<Select id="feed-sort" name={FEED_PARAMS.sort} defaultValue={filters.sort} className="h-10 w-auto">
					{FEED_SORTS.map((sort) => (
						<option key={sort} value={sort}>
							{FEED_SORT_LABELS[sort]}
						</option>
					))}
				</Select>
			</div>
			<div className="ml-auto flex items-center gap-2">
				{active ? (
					<Link
						to="/portal/feed"
						className="rounded-md px-2 py-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
					>
						Clear filters
					</Link>
				) : null}
				{/* With JavaScript every change applies at once; without it this button does. */}
				{hydrated ? null : (
					<Button type="submit" size="sm">
						Apply filters
					</Button>
				)}
			</div>
		</Form>
	)
}

/**
 * With JavaScript the filter disclosures behave like menus: one open at a time, closed by a click
 * outside, by Escape (which returns focus to its summary) or when the keyboard takes focus out of
 * one (it sat over the cards Tab went on to). Without it they stay plain <details>.
 *
 * A click, not a press, closes: on a phone the open menu pushes the row down, and closed on the
 * press, the row moved back up under the finger, so a tap meant for the next menu landed elsewhere.
 */
function useDisclosureMenus(formRef: RefObject<HTMLFormElement | null>, formKey: number) {
	useEffect(() => {
		const form = formRef.current
		if (!form) return
		const openMenus = () => [...form.querySelectorAll<HTMLDetailsElement>('details[open]')]
		const onToggle = (event: Event) => {
			const opened = event.target as HTMLDetailsElement
			if (opened.open) for (const other of openMenus()) if (other !== opened) other.open = false
		}
		const onClick = (event: MouseEvent) => {
			for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false
		}
		// Focus moved by a press is the click's to judge; by the keyboard (or a screen reader's cursor),
		// leaving a menu closes it. A mouse moves focus on its press, so its press ends at pointerup; a
		// tap's mouse events (focus among them) come after pointerup, so a touch press lasts until its
		// click, or until whatever ends it without one (a scroll, a drag, a menu, another button, a key).
		let pressing = false
		const onPointerDown = () => void (pressing = true)
		const onPointerUp = (event: PointerEvent) => void (event.pointerType === 'mouse' && (pressing = false))
		const onPointerEnd = () => void (pressing = false)
		const PRESS_ENDS = ['click', 'keydown', 'pointercancel', 'contextmenu', 'dragstart', 'auxclick'] as const
		const onFocusOut = (event: FocusEvent) => {
			const next = event.relatedTarget as Node | null
			if (pressing || !next) return
			for (const menu of openMenus()) if (menu.contains(event.target as Node) && !menu.contains(next)) menu.open = false
		}
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			for (const menu of openMenus()) {
				menu.open = false
				menu.querySelector('summary')?.focus()
			}
		}
		// toggle does not bubble: listen in the capture phase.
		form.addEventListener('toggle', onToggle, true)
		form.addEventListener('focusout', onFocusOut)
		document.addEventListener('click', onClick)
		document.addEventListener('pointerdown', onPointerDown, true)
		document.addEventListener('pointerup', onPointerUp, true)
		for (const type of PRESS_ENDS) document.addEventListener(type, onPointerEnd, true)
		document.addEventListener('keydown', onKeyDown)
		return () => {
			form.removeEventListener('toggle', onToggle, true)
			form.removeEventListener('focusout', onFocusOut)
			document.removeEventListener('click', onClick)
			document.removeEventListener('pointerdown', onPointerDown, true)
			document.removeEventListener('pointerup', onPointerUp, true)
			for (const type of PRESS_ENDS) document.removeEventListener(type, onPointerEnd, true)
			document.removeEventListener('keydown', onKeyDown)
		}
		// formKey: the form is re-created when the URL changes from outside (see FeedFilterForm).
	}, [formRef, formKey])
}

/** One category as a native disclosure of checkboxes: keyboard and no-JS friendly, compact when closed. */
function FilterGroup({
	legend,
	name,
	options,
	selected,
	empty,
}: {
	legend: string
	name: string
	options: Option[]
	selected: string[]
	empty: string
}) {
	return (
		<details className="group relative">
			<summary className="feed-filter-summary">
				{legend}
				{selected.length ? (
					<span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
						<span className="sr-only">, selected: </span>
						{selected.length}
					</span>
				) : null}
				<ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
			</summary>
			<fieldset className="feed-filter-menu">
				<legend className="sr-only">{legend}</legend>
				{options.length ? (
					options.map((option) => (
						<label key={option.value}>
							<input
								type="checkbox"
								name={name}
								value={option.value}
								defaultChecked={selected.includes(option.value)}
							/>
							{option.label}
						</label>
					))
				) : (
					<p className="px-2 py-1.5 text-sm text-muted-foreground">{empty}</p>
				)}
			</fieldset>
		</details>
	)
}
