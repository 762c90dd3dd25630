/**
 * Characters as PostgreSQL's `char_length` counts them: code points. A letter with its accent
 * ("é", precomposed, as keyboards type it) or a simple emoji is one; a flag, a skin tone or a
 * family emoji is several. (A form counting with JavaScript's `length` counts UTF-16 units: most
 * emoji are two there.)
 */
export function countChars(text: string): number {
	let count = 0
	for (const _ of text) count += 1
	return count
}

/*
 * Checks for zod's `refine` on a length in characters, counted as `countChars` does. zod's own
 * `min` and `max` count UTF-16 units, so "😀😀" would pass a minimum of 3 that the database's CHECK
 * (in characters) then refuses, and 150 emoji would be "too long" for a maximum of 200.
 */
export const atLeastChars = (min: number) => (text: string) => countChars(text) >= min
export const atMostChars = (max: number) => (text: string) => countChars(text) <= max
