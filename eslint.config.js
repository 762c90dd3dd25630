import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

export default tseslint.config(
	{
		ignores: ['node_modules/', 'build/', 'server-build/', 'server/db/generated/', 'data/', 'test-results/', 'playwright-report/'],
	},
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'no-restricted-properties': [
				'error',
				{ object: 'process', property: 'env', message: 'Read configuration through server/env.ts (getEnv).' },
			],
		},
	},
	{
		// Icons come from the sprite (app/components/ui/icons.tsx): an inline lucide-react icon puts its
		// whole SVG tree in every page's HTML. Only scripts/build-icon-sprite.mjs reads lucide's data.
		files: ['app/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['lucide-react', 'lucide-react/*'],
							message:
								"Import icons from '#app/components/ui/icons.tsx' (a new icon: add it there, then run node scripts/build-icon-sprite.mjs).",
						},
					],
				},
			],
		},
	},
	{
		// Build tooling, the env module itself and test harnesses may read process.env.
		files: ['server/env.ts', 'scripts/**', 'tests/**', '*.config.ts', 'bench/**'],
		rules: { 'no-restricted-properties': 'off' },
	},
)
