import { showToast } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Copy } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

type CopyButtonProps = {
	/** The text to copy, or a function giving it at the moment of the click. */
	value: string | (() => string)
	/** The visible label. */
	children?: string
	/** An accessible name when several copy buttons share a page ("Copy answer 2"). */
	label?: string
	/** The success toast (spec section 8: "Copied"). */
	copied?: { title: string; description?: string }
	/** The failure toast's description (spec section 8: "Failed to copy to clipboard"). */
	failed?: string
	size?: 'sm' | 'default'
}

/**
 * Copies text to the clipboard with a toast (spec section 8: "Copied"; "Copy Failed"). It needs
 * JavaScript, so without it nothing renders: the text it would copy is on the page to select.
 */
export function CopyButton({ value, children = 'Copy', label, copied = { title: 'Copied' }, failed = 'Failed to copy to clipboard', size = 'sm' }: CopyButtonProps) {
	const hydrated = useHydrated()
	if (!hydrated) return null
	const copy = async () => {
		try {
			await navigator.clipboard.writeText(typeof value === 'function' ? value() : value)
			showToast(copied)
		} catch {
			showToast({ type: 'error', title: 'Copy Failed', description: failed })
		}
	}
	return (
		<Button variant="outline" size={size} onClick={copy} aria-label={label}>
			<Copy aria-hidden />
			{children}
		</Button>
	)
}
