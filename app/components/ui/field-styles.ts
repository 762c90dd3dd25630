/** Shared look of text inputs, textareas and selects, including the invalid state set by aria-invalid. */
export const fieldClassName =
	'w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-card transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30 disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30'
