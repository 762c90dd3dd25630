/** Characters as a person counts them, and as PostgreSQL's `char_length` does: code points, so "é" or an emoji is one. */
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
