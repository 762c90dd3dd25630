// The Docker files cannot be built on the development machines (no Docker
// engine), so these tests check them against the repository instead: every
// file an image step needs must be where that step looks for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'
import { parseEnv } from '../../server/env.ts'
import {
	type CopyInstruction,
	type DockerStage,
	type Yaml,
	dockerignoreMatcher,
	execForm,
	parseCopy,
	parseDockerfile,
	parseEnvInstruction,
	parseYaml,
	splitFlags,
} from './config-files.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

const stages = parseDockerfile(read('Dockerfile'))
const runtime = stages.at(-1)!
const isIgnored = dockerignoreMatcher(read('.dockerignore'))
const packageJson = JSON.parse(read('package.json')) as {
	scripts: Record<string, string>
	dependencies: Record<string, string>
	allowScripts?: Record<string, unknown>
}
const compose = parseYaml(read('docker-compose.yml'))

// ── what the build script produces, read from the scripts themselves ─────────

function remixBuildDirectory(): string {
	const config = read('vite.config.ts')
	return /buildDirectory:\s*['"]([^'"]+)['"]/.exec(config)?.[1] ?? 'build'
}

/** Files that `npm run build` writes, as repository paths. */
function buildOutputs(): string[] {
	const outputs: string[] = []
	for (const command of packageJson.scripts.build!.split('&&').map((part) => part.trim())) {
		if (command === 'remix vite:build') {
			const dir = remixBuildDirectory()
			outputs.push(`${dir}/client`, `${dir}/server/index.js`)
		}
		const script = /^node (scripts\/build-server\.mjs)$/.exec(command)?.[1]
		if (script) {
			expect(existsSync(path.join(root, script)), `${script} (named by the build script) exists`).toBe(true)
			const written = esbuildOutputs(read(script))
			expect(written.length, `${script} sets an esbuild outfile, or an outdir and entry points`).toBeGreaterThan(0)
			outputs.push(...written)
		}
	}
	return outputs
}

/** The entry points an esbuild script names. */
function esbuildEntryPoints(script: string): string[] {
	const list = /entryPoints:\s*\[([^\]]*)\]/.exec(script)?.[1] ?? ''
	return [...list.matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]!)
}

/** The files an esbuild script writes: its `outfile`, or `<outdir>/<entry name>.js` for each entry point. */
function esbuildOutputs(script: string): string[] {
	const outfile = /outfile:\s*['"]([^'"]+)['"]/.exec(script)?.[1]
	if (outfile) return [path.posix.normalize(outfile)]
	const outdir = /outdir:\s*['"]([^'"]+)['"]/.exec(script)?.[1]
	if (!outdir) return []
	return esbuildEntryPoints(script).map((entry) =>
		path.posix.join(outdir, path.posix.basename(entry).replace(/\.[cm]?[jt]sx?$/, '.js')),
	)
}

/** The files `entries` import, as esbuild sees them with npm packages external (as scripts/build-server.mjs). */
async function importGraph(entries: string[]) {
	const { metafile } = await build({
		absWorkingDir: root,
		entryPoints: entries,
		bundle: true,
		platform: 'node',
		format: 'esm',
		packages: 'external',
		metafile: true,
		write: false,
		outdir: 'server-build',
		logLevel: 'silent',
	})
	return metafile.inputs
}

const lockfile = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> }

/** The package an import names, when `npm ci --omit=dev` (the runtime's install) leaves it out. */
function devOnlyPackage(importPath: string): string | undefined {
	const name = importPath.split('/').slice(0, importPath.startsWith('@') ? 2 : 1).join('/')
	const locked = lockfile.packages[`node_modules/${name}`]
	return !locked || locked.dev ? name : undefined
}

// ── a model of each stage's file system (absolute paths it is known to hold) ─

type StageFiles = { files: Set<string>; contextDirs: Map<string, string> }

function stageByName(name: string): DockerStage | undefined {
	return stages.find((stage) => stage.name === name)
}

function resolveIn(workdir: string, target: string) {
	return path.posix.resolve(workdir, target)
}

/** The files a stage holds just before instruction `upTo` (all of them when omitted). */
function stageFiles(stage: DockerStage, upTo = stage.instructions.length): StageFiles & { workdir: string } {
	const parent = stageByName(stage.from)
	const inherited = parent ? stageFiles(parent) : { files: new Set<string>(), contextDirs: new Map(), workdir: '/' }
	const files = new Set(inherited.files)
	const contextDirs = new Map(inherited.contextDirs)
	let workdir = inherited.workdir
	for (const instruction of stage.instructions.slice(0, upTo)) {
		if (instruction.keyword === 'WORKDIR') workdir = resolveIn(workdir, instruction.args)
		if (instruction.keyword === 'COPY') applyCopy(parseCopy(instruction), workdir, { files, contextDirs })
		if (instruction.keyword === 'RUN') {
			const command = splitFlags(instruction.args).rest
			if (/\bnpm ci\b/.test(command)) files.add(resolveIn(workdir, 'node_modules'))
			if (/\bnpm run build\b/.test(command)) {
				for (const output of buildOutputs()) files.add(resolveIn(workdir, output))
			}
			for (const match of command.matchAll(/\bmkdir -p ((?:[^\s&;|]+ ?)+)/g)) {
				for (const dir of match[1]!.trim().split(' ')) files.add(resolveIn(workdir, dir))
			}
		}
	}
	return { files, contextDirs, workdir }
}

function applyCopy(copy: CopyInstruction, workdir: string, target: StageFiles) {
	const dest = resolveIn(workdir, copy.dest)
	const intoDirectory = copy.dest.endsWith('/') || copy.dest === '.' || copy.sources.length > 1
	for (const source of copy.sources) {
		const destination = intoDirectory && source !== '.' ? path.posix.join(dest, path.posix.basename(source)) : dest
		if (!copy.from) {
			if (source === '.') target.contextDirs.set(destination, '')
			else target.files.add(destination)
			continue
		}
		const from = stageByName(copy.from)
		if (!from) throw new Error(`COPY --from=${copy.from} on line ${copy.line}: no such stage`)
		const origin = stageFiles(from)
		const sourcePath = resolveIn(origin.workdir, source)
		target.files.add(destination)
		for (const file of origin.files) {
			if (file.startsWith(`${sourcePath}/`)) target.files.add(destination + file.slice(sourcePath.length))
		}
	}
}

/** Whether a stage can hand out `absolute` (it or something inside it or a directory holding it). */
function stageHas(stage: DockerStage, absolute: string) {
	const { files, contextDirs } = stageFiles(stage)
	for (const file of files) {
		if (file === absolute || absolute.startsWith(`${file}/`) || file.startsWith(`${absolute}/`)) return true
	}
	for (const [dir, repoDir] of contextDirs) {
		if (absolute.startsWith(`${dir}/`)) {
			const repoPath = path.posix.join(repoDir, absolute.slice(dir.length + 1))
			if (existsSync(path.join(root, repoPath)) && !isIgnored(repoPath)) return true
		}
	}
	return false
}

/** Whether repository path `need` is in the stage (copied, or built there) before instruction `index`. */
function holdsBefore(stage: DockerStage, index: number, need: string) {
	const { files, contextDirs, workdir } = stageFiles(stage, index)
	const absolute = resolveIn(workdir, need)
	if (files.has(absolute)) return true
	const fromContext = [...contextDirs.keys()].some((dir) => absolute.startsWith(`${dir}/`))
	return fromContext && existsSync(path.join(root, need)) && !isIgnored(need)
}

function instructions(stage: DockerStage, keyword: string) {
	return stage.instructions.filter((instruction) => instruction.keyword === keyword)
}

function stageEnv(stage: DockerStage): Record<string, string> {
	const parent = stageByName(stage.from)
	return Object.assign(
		parent ? stageEnv(parent) : {},
		...instructions(stage, 'ENV').map((instruction) => parseEnvInstruction(instruction.args)),
	)
}

/** The stage and its ancestors, nearest last. */
function lineage(stage: DockerStage): DockerStage[] {
	const parent = stageByName(stage.from)
	return parent ? [...lineage(parent), stage] : [stage]
}

const envSource = read('server/env.ts')
const schemaBlock = envSource.slice(envSource.indexOf('.object({'), envSource.indexOf('.superRefine('))
const envNames = [...schemaBlock.matchAll(/^\s*([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!)
const defaultPort = Number(/\bPORT:\s*port\((\d+)\)/.exec(schemaBlock)?.[1])

describe('Dockerfile', () => {
	test('builds in stages and runs on Node 22 (bookworm-slim) throughout', () => {
		expect(stages.map((stage) => stage.name)).toEqual(expect.arrayContaining(['deps', 'build', 'prod-deps']))
		expect(runtime.from).toBe('node:22-bookworm-slim')
		// Native modules are installed in the build stages and run in the runtime one.
		const externalImages = new Set(stages.map((stage) => stage.from).filter((from) => !stageByName(from)))
		expect([...externalImages]).toEqual(['node:22-bookworm-slim'])
	})

	test('every COPY from the build context names a repository path that .dockerignore lets through', () => {
		const copies = stages.flatMap((stage) => instructions(stage, 'COPY').map(parseCopy)).filter((copy) => !copy.from)
		expect(copies.length).toBeGreaterThan(0)
		for (const copy of copies) {
			for (const source of copy.sources) {
				if (source === '.') continue
				expect(existsSync(path.join(root, source)), `COPY ${source} (line ${copy.line}) exists in the repository`).toBe(
					true,
				)
				expect(isIgnored(source), `COPY ${source} (line ${copy.line}) is not excluded by .dockerignore`).toBe(false)
			}
		}
	})

	test('every COPY --from names a stage that holds that path (built or copied there)', () => {
		const copies = stages.flatMap((stage) => instructions(stage, 'COPY').map(parseCopy)).filter((copy) => copy.from)
		expect(copies.length).toBeGreaterThan(0)
		for (const copy of copies) {
			const from = stageByName(copy.from!)
			expect(from, `stage ${copy.from} (line ${copy.line})`).toBeDefined()
			for (const source of copy.sources) {
				const absolute = resolveIn(stageFiles(from!).workdir, source)
				expect(stageHas(from!, absolute), `stage ${copy.from} holds ${absolute} (line ${copy.line})`).toBe(true)
			}
		}
	})

	test('every npm ci has the files its postinstall (patches, offline prisma generate) reads', () => {
		const postinstall = /^node (\S+)$/.exec(packageJson.scripts.postinstall ?? '')?.[1]
		expect(postinstall, 'postinstall runs one node script').toBeDefined()
		const needs = ['package.json', 'package-lock.json', postinstall!]
		const script = read(postinstall!)
		if (/prisma-generate\.mjs/.test(script)) needs.push('scripts/prisma-generate.mjs', 'prisma.config.ts', 'prisma/schema.prisma')
		if (/patch-package/.test(script)) {
			needs.push('patches')
			// `npm ci --omit=dev` (the runtime's node_modules) runs the postinstall too, so it needs the tool.
			expect(packageJson.dependencies['patch-package'], 'patch-package is a dependency, not a devDependency').toBeDefined()
		}
		let installs = 0
		for (const stage of stages) {
			stage.instructions.forEach((instruction, index) => {
				if (instruction.keyword !== 'RUN' || !/\bnpm ci\b/.test(instruction.args)) return
				if (/--ignore-scripts\b/.test(instruction.args)) return
				installs++
				for (const need of needs) {
					expect(
						holdsBefore(stage, index, need),
						`stage ${stage.name} has ${need} before "npm ci" (line ${instruction.line})`,
					).toBe(true)
				}
			})
		}
		expect(installs).toBeGreaterThanOrEqual(2)
	})

	test('npm run build has the sources it builds from', () => {
		const scripts = [...packageJson.scripts.build!.matchAll(/\bnode (\S+)/g)].map((match) => match[1]!)
		const needs = ['package.json', 'node_modules', 'vite.config.ts', 'app', 'server', 'prisma/schema.prisma', ...scripts]
		let builds = 0
		for (const stage of stages) {
			stage.instructions.forEach((instruction, index) => {
				if (instruction.keyword !== 'RUN' || !/\bnpm run build\b/.test(instruction.args)) return
				builds++
				for (const need of needs) {
					expect(
						holdsBefore(stage, index, need),
						`stage ${stage.name} has ${need} before "npm run build" (line ${instruction.line})`,
					).toBe(true)
				}
			})
		}
		expect(builds).toBe(1)
	})

	test('installs with npm 11 where package.json approves install scripts (allowScripts)', () => {
		if (!packageJson.allowScripts) return
		for (const stage of stages) {
			if (!instructions(stage, 'RUN').some((run) => /\bnpm ci\b/.test(run.args))) continue
			const upgrades = lineage(stage)
				.flatMap((ancestor) => instructions(ancestor, 'RUN'))
				.map((run) => /\bnpm install (?:--global|-g) npm@(\d+)/.exec(run.args)?.[1])
				.filter(Boolean)
			expect(upgrades.length, `stage ${stage.name} upgrades npm before npm ci`).toBeGreaterThan(0)
			expect(Number(upgrades.at(-1)), `stage ${stage.name} runs npm ci with npm 11 or newer`).toBeGreaterThanOrEqual(11)
		}
	})

	test('the runtime holds the production dependencies, the build and the migrations, and no sources', () => {
		const { files, contextDirs, workdir } = stageFiles(runtime)
		expect(contextDirs.size, 'the runtime does not COPY the whole context').toBe(0)
		for (const needed of ['package.json', 'node_modules', 'prisma', ...buildOutputs()]) {
			expect(files.has(resolveIn(workdir, needed)), `runtime has ${needed}`).toBe(true)
		}
		for (const source of ['app', 'tests', 'scripts']) {
			expect(stageHas(runtime, resolveIn(workdir, source)), `runtime has no ${source}/`).toBe(false)
		}
		// Of server/, only the plain-JavaScript child scripts (see the next test); the rest is bundled.
		const serverDir = resolveIn(workdir, 'server')
		const fromServer = [...files].filter((file) => file === serverDir || file.startsWith(`${serverDir}/`))
		expect(fromServer, 'runtime has no server/ sources besides server/workers/').toEqual([`${serverDir}/workers`])
		const modules = parseCopy(
			instructions(runtime, 'COPY').find((copy) => parseCopy(copy).dest.replace(/\/$/, '').endsWith('node_modules'))!,
		)
		const install = instructions(stageByName(modules.from!)!, 'RUN').find((run) => /\bnpm ci\b/.test(run.args))
		expect(install?.args, 'runtime node_modules come from an install without dev dependencies').toMatch(
			/--omit=dev\b/,
		)
	})

	test('the runtime holds the child scripts the server forks, and everything they import', async () => {
		// server/domain/files/pdf-text.ts forks server/workers/pdf-text.mjs by path: the bundle does not hold it.
		const { workdir } = stageFiles(runtime)
		const scripts = readdirSync(path.join(root, 'server/workers')).filter((file) => file.endsWith('.mjs'))
		expect(scripts).toContain('pdf-text.mjs')
		for (const script of scripts) {
			expect(stageHas(runtime, resolveIn(workdir, `server/workers/${script}`)), `runtime has server/workers/${script}`).toBe(true)
		}
		const inputs = await importGraph(scripts.map((script) => `server/workers/${script}`))
		const devOnly: string[] = []
		for (const [file, input] of Object.entries(inputs)) {
			expect(file, 'the child scripts import only files beside them (no TypeScript, no aliases)').toMatch(
				/^server\/workers\/[^/]+\.mjs$/,
			)
			for (const imported of input.imports) {
				if (!imported.external || imported.path.startsWith('node:')) continue
				const name = devOnlyPackage(imported.path)
				if (name) devOnly.push(`${name} (imported by ${file})`)
			}
		}
		expect(devOnly, 'imported by a child script but not installed by npm ci --omit=dev').toEqual([])
	})

	test('CMD starts the Express entry that the build script writes', () => {
		const cmd = execForm(instructions(runtime, 'CMD').at(-1)!.args)
		expect(cmd?.[0]).toBe('node')
		const entry = cmd!.filter((word) => !word.startsWith('-')).at(-1)!
		const serverEntry = buildOutputs().find((output) => output.startsWith('server-build/'))
		expect(serverEntry, 'npm run build bundles the Express entry into server-build/').toBe('server-build/index.js')
		expect(entry).toBe(serverEntry)
		expect(stageFiles(runtime).files.has(resolveIn(stageFiles(runtime).workdir, entry))).toBe(true)
	})

	test('every package the server bundles (web and worker) import at load time is a production dependency', async () => {
		// The bundles keep npm packages external, and the runtime only has `npm ci --omit=dev`.
		const entries = esbuildEntryPoints(read('scripts/build-server.mjs'))
		expect(entries.length, 'scripts/build-server.mjs names its entry points').toBeGreaterThan(0)
		const inputs = await importGraph(entries)
		const devOnly: string[] = []
		for (const [file, input] of Object.entries(inputs)) {
			for (const imported of input.imports) {
				if (!imported.external || imported.kind !== 'import-statement' || !/^[@a-z]/.test(imported.path)) continue
				if (imported.path.startsWith('node:')) continue
				const name = devOnlyPackage(imported.path)
				if (name) devOnly.push(`${name} (imported by ${file})`)
			}
		}
		expect(devOnly, 'imported at start-up but not installed by npm ci --omit=dev').toEqual([])
	})

	test('runs as a non-root user, in production mode, on the port the server defaults to', () => {
		const users = instructions(runtime, 'USER').map((user) => user.args.split(':')[0])
		expect(users.length).toBeGreaterThan(0)
		expect(users.at(-1)).not.toMatch(/^(root|0)$/)
		const userLine = instructions(runtime, 'USER').at(-1)!.line
		expect(userLine).toBeLessThan(instructions(runtime, 'CMD').at(-1)!.line)
		const env = stageEnv(runtime)
		expect(env.NODE_ENV).toBe('production')
		expect(defaultPort).toBe(3000)
		expect(instructions(runtime, 'EXPOSE').flatMap((expose) => expose.args.split(' '))).toContain(String(defaultPort))
		if (env.PORT) expect(env.PORT).toBe(String(defaultPort))
	})

	test('DATA_DIR and its uploads folder exist and belong to the app user', () => {
		const dataDir = stageEnv(runtime).DATA_DIR
		expect(dataDir).toBe('/app/data')
		const prepares = instructions(runtime, 'RUN').find((run) => run.args.includes(`mkdir -p ${dataDir}/uploads`))
		expect(prepares?.args).toMatch(new RegExp(`chown -R (node|1000)(:(node|1000))? ${dataDir}(\\s|$)`))
	})

	test('HEALTHCHECK asks /readyz with node itself (slim images have no curl)', () => {
		const healthchecks = instructions(runtime, 'HEALTHCHECK')
		expect(healthchecks).toHaveLength(1)
		const { rest } = splitFlags(healthchecks[0]!.args)
		expect(rest.startsWith('CMD ')).toBe(true)
		const command = execForm(rest.slice(4)) ?? ['sh', '-c', rest.slice(4)]
		expect(command[0]).toBe('node')
		expect(command.join(' ')).toContain('/readyz')
		expect(command.join(' ')).not.toMatch(/\b(curl|wget)\b/)
	})
})

describe('.dockerignore', () => {
	test('keeps host installs, build output, local data and secrets out of the context', () => {
		for (const excluded of ['node_modules', 'build', 'server-build', 'data', '.git', '.env', 'test-results']) {
			expect(isIgnored(excluded), `${excluded} is ignored`).toBe(true)
		}
		for (const kept of ['package.json', 'package-lock.json', 'app', 'server', 'prisma', 'scripts', 'vite.config.ts']) {
			expect(isIgnored(kept), `${kept} is sent to the build`).toBe(false)
		}
	})
})

// ── docker-compose.yml ───────────────────────────────────────────────────────

function field(value: Yaml | undefined, ...keys: string[]): Yaml | undefined {
	let current = value
	for (const key of keys) {
		if (current === null || current === undefined || typeof current !== 'object' || Array.isArray(current)) return
		current = current[key]
	}
	return current
}

function environmentOf(service: string): Record<string, string> {
	const environment = field(compose, 'services', service, 'environment')
	if (Array.isArray(environment)) {
		return Object.fromEntries(environment.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2)))
	}
	return Object.fromEntries(Object.entries((environment ?? {}) as Record<string, Yaml>).map(([k, v]) => [k, String(v ?? '')]))
}

function volumesOf(service: string): { source: string; target: string }[] {
	const volumes = (field(compose, 'services', service, 'volumes') ?? []) as Yaml[]
	return volumes.map((volume) => {
		if (typeof volume === 'string') {
			const [source, target] = volume.split(':')
			return { source: source!, target: target! }
		}
		return { source: String(field(volume, 'source')), target: String(field(volume, 'target')) }
	})
}

const declaredVolumes = Object.keys((field(compose, 'volumes') ?? {}) as object)
const isNamedVolume = (source: string) => !/^[./~]/.test(source)

describe('docker-compose.yml', () => {
	test('db is PostgreSQL 17 with a pg_isready healthcheck and its data on a named volume', () => {
		expect(field(compose, 'services', 'db', 'image')).toMatch(/^postgres:17(\b|$)/)
		expect((field(compose, 'services', 'db', 'healthcheck', 'test') as string[]).join(' ')).toMatch(/\bpg_isready\b/)
		const data = volumesOf('db').find((volume) => volume.target === '/var/lib/postgresql/data')
		expect(data && isNamedVolume(data.source) && declaredVolumes.includes(data.source)).toBe(true)
	})

	test('app builds this repository with its Dockerfile and waits for a healthy db', () => {
		const build = field(compose, 'services', 'app', 'build')
		const context = typeof build === 'string' ? build : field(build, 'context')
		expect(context).toBe('.')
		const dockerfile = (typeof build === 'string' ? undefined : field(build, 'dockerfile')) ?? 'Dockerfile'
		expect(existsSync(path.join(root, String(context), String(dockerfile)))).toBe(true)
		expect(field(compose, 'services', 'app', 'depends_on', 'db', 'condition')).toBe('service_healthy')
	})

	test('app reaches db through DATABASE_URL and refuses to start without SESSION_SECRET', () => {
		const env = environmentOf('app')
		const db = environmentOf('db')
		const url = new URL(env.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'placeholder'))
		expect(url.protocol).toMatch(/^postgres(ql)?:$/)
		expect(url.hostname).toBe('db')
		expect(url.username).toBe(db.POSTGRES_USER)
		expect(url.pathname).toBe(`/${db.POSTGRES_DB}`)
		expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?.+\}$/)
		expect(env.APP_URL).toBe('${APP_URL:-http://localhost:3000}')
	})

	test('app sets only variables that server/env.ts reads, and its hints name real ones', () => {
		expect(envNames.length).toBeGreaterThan(20)
		for (const name of Object.keys(environmentOf('app'))) expect(envNames).toContain(name)
		const hints = read('docker-compose.yml').match(/^\s*#.*$/gm)!.join('\n')
		for (const [name] of hints.matchAll(/\b(?:SMTP|MAIL|S3|ANTHROPIC|STRIPE)_[A-Z0-9_]+\b/g)) {
			expect(envNames, `hint ${name}`).toContain(name)
		}
	})

	test('uploads live on a declared named volume under DATA_DIR, and port 3000 is published', () => {
		const dataDir = environmentOf('app').DATA_DIR ?? stageEnv(runtime).DATA_DIR
		const uploads = volumesOf('app').find((volume) => volume.target === `${dataDir}/uploads`)
		expect(uploads && isNamedVolume(uploads.source)).toBe(true)
		for (const service of ['db', 'app']) {
			for (const volume of volumesOf(service).filter((v) => isNamedVolume(v.source))) {
				expect(declaredVolumes, `volume ${volume.source} of ${service} is declared`).toContain(volume.source)
			}
		}
		const ports = (field(compose, 'services', 'app', 'ports') as string[]).map((port) => port.split(':').at(-1))
		expect(ports).toContain(String(defaultPort))
	})
})

// ── .env.example ─────────────────────────────────────────────────────────────

describe('.env.example', () => {
	const lines = read('.env.example').split('\n')
	const entries = lines.flatMap((line, index) => {
		const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
		return match ? [{ name: match[1]!, value: match[2]!.replace(/^"(.*)"$/, '$1'), previous: lines[index - 1] ?? '' }] : []
	})

	test('lists every variable of server/env.ts once, each with a comment saying what it does', () => {
		expect(entries.map((entry) => entry.name).sort()).toEqual([...envNames].sort())
		for (const entry of entries) {
			expect(entry.previous, `${entry.name} has an explanation on the line above`).toMatch(/^#\s+\S/)
			expect(entry.previous).not.toMatch(/^#?\s*[A-Z][A-Z0-9_]*=/)
		}
	})

	test('shows the defaults server/env.ts applies', () => {
		const defaults = parseEnv({}) as unknown as Record<string, unknown>
		for (const { name, value } of entries) {
			if (name === 'SESSION_SECRET') {
				expect(value, 'no usable default secret is suggested').toBe('')
			} else if (name === 'DATA_DIR') {
				expect(path.resolve(value)).toBe(defaults.DATA_DIR)
			} else if (defaults[name] === undefined) {
				expect(value, `${name} has no default`).toBe('')
			} else {
				expect(value, `${name} default`).toBe(String(defaults[name]))
			}
		}
	})
})
