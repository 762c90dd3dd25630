import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names; on conflicting Tailwind utilities the last one wins. */
export function cn(...inputs: ClassValue[]) {
	return twMerge(clsx(inputs))
}
