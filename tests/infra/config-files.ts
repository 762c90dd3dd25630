// Readers for the deployment files, so tests can check them without Docker.
// The YAML reader covers the block style docker-compose.yml is written in and
// throws on anything else (anchors, block scalars, flow maps), so a file it
// cannot read makes the test fail instead of being misread. No YAML package is
// a declared dependency of the project.

export type DockerInstruction = { keyword: string; args: string; line: number }
export type DockerStage = { name: string; from: string; instructions: DockerInstruction[] }

/** Splits a Dockerfile into stages of instructions (continuations joined, comments dropped). */
export function parseDockerfile(text: string): DockerStage[] {
	const stages: DockerStage[] = []
	const lines = text.split('\n')
	for (let i = 0; i < lines.length; i++) {
		const start = i + 1
		let logical = lines[i]!.trim()
		if (logical === '' || logical.startsWith('#')) continue
		while (logical.endsWith('\\')) {
			logical = logical.slice(0, -1)
			i++
			if (i >= lines.length) throw new Error(`Dockerfile line ${start}: continuation at end of file`)
			const next = lines[i]!.trim()
			// Docker drops comment lines inside a continued instruction.
			if (!next.startsWith('#')) logical += ` ${next}`
			else logical += ' \\'
		}
		const match = /^(\w+)\s+([\s\S]*)$/.exec(logical.trim())
		if (!match) throw new Error(`Dockerfile line ${start}: cannot read "${logical}"`)
		const keyword = match[1]!.toUpperCase()
		const args = match[2]!.replace(/\s+/g, ' ').trim()
		if (keyword === 'FROM') {
			const words = args.split(' ').filter((word) => !word.startsWith('--'))
			const asIndex = words.findIndex((word) => word.toUpperCase() === 'AS')
			stages.push({
				from: words[0]!,
				name: asIndex === -1 ? String(stages.length) : words[asIndex + 1]!,
				instructions: [],
			})
			continue
		}
		const stage = stages.at(-1)
		if (!stage) throw new Error(`Dockerfile line ${start}: ${keyword} before the first FROM`)
		stage.instructions.push({ keyword, args, line: start })
	}
	return stages
}

/** Leading `--name=value` flags of an instruction, and the rest. */
export function splitFlags(args: string): { flags: Record<string, string>; rest: string } {
	const flags: Record<string, string> = {}
	let rest = args
	for (;;) {
		const match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest)
		if (!match) return { flags, rest }
		flags[match[1]!] = match[2] ?? 'true'
		rest = rest.slice(match[0].length)
	}
}

/** The words of an exec-form (JSON array) instruction, or undefined for shell form. */
export function execForm(args: string): string[] | undefined {
	if (!args.startsWith('[')) return undefined
	const words: unknown = JSON.parse(args)
	if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) {
		throw new Error(`not an exec-form array of strings: ${args}`)
	}
	return words
}

export type CopyInstruction = { from?: string; chown?: string; sources: string[]; dest: string; line: number }

export function parseCopy(instruction: DockerInstruction): CopyInstruction {
	const { flags, rest } = splitFlags(instruction.args)
	const words = execForm(rest) ?? rest.split(' ')
	if (words.length < 2) throw new Error(`COPY on line ${instruction.line} needs a source and a destination`)
	return {
		from: flags.from,
		chown: flags.chown,
		sources: words.slice(0, -1),
		dest: words.at(-1)!,
		line: instruction.line,
	}
}

/** KEY=value pairs of ENV instructions (and the old `ENV KEY value` form). */
export function parseEnvInstruction(args: string): Record<string, string> {
	if (!args.includes('=') || /^\S+\s+[^=]*$/.test(args)) {
		const [key, ...value] = args.split(' ')
		return { [key!]: value.join(' ') }
	}
	const result: Record<string, string> = {}
	for (const match of args.matchAll(/([A-Za-z_][\w]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
		const raw = match[2]!
		result[match[1]!] = /^["']/.test(raw) ? raw.slice(1, -1) : raw
	}
	return result
}

/** Docker's .dockerignore semantics: patterns from the context root, `**`, `!` exceptions, last match wins. */
export function dockerignoreMatcher(text: string): (repoPath: string) => boolean {
	const rules = text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#'))
		.map((line) => {
			const negated = line.startsWith('!')
			const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '')
			const source = pattern
				.split(/(\*\*\/?|\*|\?)/)
				.map((part) => {
					if (part === '**/') return '(?:.*/)?'
					if (part === '**') return '.*'
					if (part === '*') return '[^/]*'
					if (part === '?') return '[^/]'
					return part.replace(/[.+^${}()|[\]\\]/g, '\\$&')
				})
				.join('')
			return { negated, regex: new RegExp(`^${source}$`) }
		})
	return (repoPath) => {
		const parts = repoPath.replace(/^\.\/+/, '').replace(/\/+$/, '').split('/')
		// A path is excluded when it or one of its parent directories matches.
		const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'))
		let excluded = false
		for (const rule of rules) {
			if (candidates.some((candidate) => rule.regex.test(candidate))) excluded = !rule.negated
		}
		return excluded
	}
}

export type Yaml = string | null | Yaml[] | { [key: string]: Yaml }

type YamlLine = { indent: number; text: string; number: number }

/** Reads block-style YAML: mappings, sequences, plain and quoted scalars, flow sequences of scalars. */
export function parseYaml(text: string): Yaml {
	const lines: YamlLine[] = []
	text.split('\n').forEach((raw, index) => {
		if (/^\s*\t/.test(raw)) throw new Error(`YAML line ${index + 1}: tab indentation`)
		const content = stripComment(raw).trimEnd()
		if (content.trim() === '' || content.trim() === '---') return
		lines.push({ indent: content.length - content.trimStart().length, text: content.trim(), number: index + 1 })
	})
	if (lines.length === 0) return null
	const [value, next] = parseBlock(lines, 0, lines[0]!.indent)
	if (next < lines.length) throw new Error(`YAML line ${lines[next]!.number}: unexpected indentation`)
	return value
}

function stripComment(line: string): string {
	let quote: string | undefined
	for (let i = 0; i < line.length; i++) {
		const char = line[i]!
		if (quote) {
			if (char === quote) quote = undefined
		} else if (char === '"' || char === "'") {
			quote = char
		} else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
			return line.slice(0, i)
		}
	}
	return line
}

function parseBlock(lines: YamlLine[], index: number, indent: number): [Yaml, number] {
	const first = lines[index]!
	if (first.indent !== indent) throw new Error(`YAML line ${first.number}: expected indentation ${indent}`)
	return isSequenceItem(first.text) ? parseSequence(lines, index, indent) : parseMapping(lines, index, indent)
}

function isSequenceItem(text: string) {
	return text === '-' || text.startsWith('- ')
}

function parseMapping(lines: YamlLine[], index: number, indent: number): [Yaml, number] {
	const mapping: { [key: string]: Yaml } = {}
	let i = index
	while (i < lines.length && lines[i]!.indent === indent && !isSequenceItem(lines[i]!.text)) {
		const line = lines[i]!
		const match = /^("[^"]*"|'[^']*'|[^\s"'#][^:]*?):(?:\s+(.*))?$/.exec(line.text)
		if (!match) throw new Error(`YAML line ${line.number}: expected "key: value", got "${line.text}"`)
		const key = unquote(match[1]!)
		if (key in mapping) throw new Error(`YAML line ${line.number}: duplicate key "${key}"`)
		if (key === '<<') throw new Error(`YAML line ${line.number}: merge keys are not supported`)
		i++
		if (match[2] !== undefined) {
			mapping[key] = parseScalar(match[2], line.number)
			continue
		}
		const next = lines[i]
		if (next && (next.indent > indent || (next.indent === indent && isSequenceItem(next.text)))) {
			;[mapping[key], i] = parseBlock(lines, i, next.indent)
		} else {
			mapping[key] = null
		}
	}
	if (i < lines.length && lines[i]!.indent > indent) {
		throw new Error(`YAML line ${lines[i]!.number}: unexpected indentation`)
	}
	return [mapping, i]
}

function parseSequence(lines: YamlLine[], index: number, indent: number): [Yaml, number] {
	const items: Yaml[] = []
	let i = index
	while (i < lines.length && lines[i]!.indent === indent && isSequenceItem(lines[i]!.text)) {
		const line = lines[i]!
		const content = line.text.slice(1).trimStart()
		if (content === '') {
			const next = lines[i + 1]
			if (!next || next.indent <= indent) {
				items.push(null)
				i++
			} else {
				let value: Yaml
				;[value, i] = parseBlock(lines, i + 1, next.indent)
				items.push(value)
			}
		} else if (/^("[^"]*"|'[^']*'|[^\s"'[][^:]*?):(\s|$)/.test(content)) {
			// "- key: value" starts a mapping whose keys line up with "key".
			const itemIndent = indent + (line.text.length - content.length)
			const copy = [...lines]
			copy[i] = { indent: itemIndent, text: content, number: line.number }
			let value: Yaml
			;[value, i] = parseMapping(copy, i, itemIndent)
			items.push(value)
		} else {
			items.push(parseScalar(content, line.number))
			i++
		}
	}
	return [items, i]
}

function parseScalar(text: string, number: number): Yaml {
	const value = text.trim()
	if (/^[&*!]/.test(value)) throw new Error(`YAML line ${number}: anchors, aliases and tags are not supported`)
	if (/^[|>]/.test(value)) throw new Error(`YAML line ${number}: block scalars are not supported`)
	if (value.startsWith('{')) throw new Error(`YAML line ${number}: flow mappings are not supported`)
	if (value.startsWith('[')) {
		if (!value.endsWith(']')) throw new Error(`YAML line ${number}: flow sequence must end on its line`)
		const inner = value.slice(1, -1).trim()
		if (inner === '') return []
		const items: string[] = []
		const item = /\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,"']*?)\s*(,|$)/y
		while (item.lastIndex < inner.length) {
			const match = item.exec(inner)
			if (!match || match[0] === '') throw new Error(`YAML line ${number}: cannot read flow sequence ${value}`)
			items.push(unquote(match[1]!))
		}
		return items
	}
	if (value === '~' || value === 'null') return null
	return unquote(value)
}

function unquote(text: string): string {
	if (text.startsWith('"')) {
		if (!text.endsWith('"') || text.length < 2) throw new Error(`unterminated string: ${text}`)
		return JSON.parse(text) as string
	}
	if (text.startsWith("'")) {
		if (!text.endsWith("'") || text.length < 2) throw new Error(`unterminated string: ${text}`)
		return text.slice(1, -1).replace(/''/g, "'")
	}
	return text
}
