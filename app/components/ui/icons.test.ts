import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { buildMasks, buildSprite } from '../../../scripts/build-icon-sprite.mjs'
import * as icons from './icons.tsx'

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8')
const symbols = new Map(
	[...sprite.matchAll(/<symbol id="([^"]+)"([^>]*)>(.*?)<\/symbol>/g)].map(([, id, attributes, body]) => [id!, { attributes: attributes!, body: body! }]),
)
const iconComponents = Object.entries(icons).filter(
	(entry): entry is [string, icons.Icon] => typeof entry[1] === 'function' && 'symbol' in entry[1],
)

test('every icon the app can import is drawn by a symbol of the sprite', () => {
	expect(iconComponents.length).toBeGreaterThan(0)
	const missing = iconComponents.filter(([, Icon]) => !symbols.has(Icon.symbol)).map(([name]) => name)
	expect(missing, 'run node scripts/build-icon-sprite.mjs').toEqual([])
})

test('every symbol has a viewBox and draws at least one shape', () => {
	for (const [id, { attributes, body }] of symbols) {
		expect(attributes, id).toMatch(/ viewBox="0 0 \d+ \d+"/)
		expect(body, id).toMatch(/^(<(path|circle|rect|line|polyline|polygon|ellipse) [a-z0-9-]+="[^"]+"[^>]*\/>)+$/)
	}
})

test('the sprite holds no symbol that no icon uses', () => {
	const used = new Set(iconComponents.map(([, Icon]) => Icon.symbol))
	expect([...symbols.keys()].filter((id) => !used.has(id))).toEqual([])
})

test('the sprite is what scripts/build-icon-sprite.mjs makes of icons.tsx and the installed lucide-react', async () => {
	expect(sprite, 'run node scripts/build-icon-sprite.mjs').toBe(await buildSprite())
})

test('the CSS-drawn icons are what scripts/build-icon-sprite.mjs makes of icons.tsx', async () => {
	const masks = readFileSync(new URL('../../styles/icon-masks.css', import.meta.url), 'utf8')
	expect(masks, 'run node scripts/build-icon-sprite.mjs').toBe(await buildMasks())
	expect(masks).toMatch(/\.mask-icon-map-pin \{/)
})
