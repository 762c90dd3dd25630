import { useFetcher, useLocation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { maskIcon } from '#app/components/ui/icons.tsx'
import { cn } from '#app/utils/cn.ts'
import { FLASH_FOCUS, useFlashFocus } from '#app/components/toaster.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { action } from '#app/routes/portal.opportunities.$id_.save.tsx'

type SaveOpportunityButtonProps = {
	opportunityId: string
	/** The opportunity's title, for the button's accessible name, "Save {title}" or "Saved {title}" (a feed shows many of these buttons). */
	title: string
	/** Whether the artist has saved it, from the page's loader. */
	saved: boolean
	/** Where the form returns without JavaScript; the current page by default. */
	redirectTo?: string
	/** `sm` (the default) for a card's corner, `default` beside other full-size buttons (the detail page). */
	size?: 'sm' | 'default'
	/** Classes of the form around the button (a feed card's are in its CSS: `.feed-card-actions > form`). */
	className?: string
}

/**
 * Saves or unsaves an opportunity: a toggle button (`aria-pressed`) in a form posting to
 * /portal/opportunities/{id}/save. With JavaScript a fetcher posts it and the button shows the new
 * state at once, and the loader's value again if the save fails (the action's flash toast says why);
 * without JavaScript it is a plain form that comes back to `redirectTo` with a toast.
 * It is a form, so it must sit beside a card's link, never inside it.
 */
export function SaveOpportunityButton({ opportunityId, title, saved, redirectTo, size = 'sm', className }: SaveOpportunityButtonProps) {
	const fetcher = useFetcher<typeof action>()
	const hydrated = useHydrated()
	const location = useLocation()
	const pending = fetcher.formData?.get('intent')
	const isSaved = typeof pending === 'string' ? pending === 'save' : saved
	const focusAfterPost = useFlashFocus(FLASH_FOCUS.save(opportunityId))

	return (
		<fetcher.Form method="post" action={`/portal/opportunities/${opportunityId}/save`} className={className}>
			{hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />}
			{/* The button carries the intent (a form posts its submitter's name and value): no hidden input on every card. */}
			<Button
				type="submit"
				name="intent"
				value={isSaved ? 'unsave' : 'save'}
				variant="outline"
				size={size}
				aria-pressed={isSaved}
				autoFocus={focusAfterPost}
				// The bookmark is drawn by CSS (a feed repeats this button on every card), filled when saved.
				className={cn(maskIcon(isSaved ? 'bookmark-filled' : 'bookmark'), isSaved && 'border-primary/40 bg-accent text-accent-foreground hover:bg-accent/70')}
			>
				{/* The name starts with the words on the button (WCAG 2.5.3, label in name), so a voice user can
				    say what they see; the title tells a feed's many buttons apart. */}
				{isSaved ? 'Saved' : 'Save'}
				<span className="sr-only">{` ${title}`}</span>
			</Button>
		</fetcher.Form>
	)
}
