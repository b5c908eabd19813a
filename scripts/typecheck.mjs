// `npm run typecheck`: every workspace's `tsc -p`, and the scripts' and the benchmarks', two at a
// time (CI has two cores), each single-threaded. Each project's output is printed whole when it ends,
// under its name, so two never interleave. Exits non-zero when any project fails.
//
// The check runs TypeScript 7, the native compiler (`typescript-native`, an npm alias of
// `typescript@7`): on two cores it took 50 CPU-seconds for every project against 201 for
// TypeScript 5.9 (40 s against 157 on the clock, docs/testing.md). `typescript` 5.9 stays installed
// for the scripts that read source with its compiler API (TypeScript 7 has none yet) and for the
// npm package's test app, whose site developers build with it.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const TSC = resolve(ROOT, 'node_modules/typescript-native/bin/tsc')

/** The longest checks (more than half of the time, measured) start first, so the lanes end together. */
const LONGEST = ['apps/api', 'apps/auth-frame', 'scripts', 'apps/modal-app']

/**
 * Folders whose package.json has a `typecheck` script, their other tsconfig.*.json files, and
 * scripts/ and bench/: the longest first.
 */
function projects() {
  const workspaces = ['packages', 'apps'].flatMap((parent) =>
    readdirSync(resolve(ROOT, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => {
        const manifest = resolve(ROOT, dir, 'package.json')
        return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.typecheck
      }),
  )
  // A workspace's other tsconfig.*.json files are checks of their own (packages/appkit's
  // tsconfig.wagmi2.json: the wagmi adapter against wagmi 2's types).
  const variants = workspaces.flatMap((dir) =>
    readdirSync(resolve(ROOT, dir))
      .filter((name) => /^tsconfig\..+\.json$/.test(name))
      .map((name) => `${dir}/${name}`),
  )
  const all = [...workspaces, ...variants, 'scripts', 'bench']
  const rank = (project) => (LONGEST.includes(project) ? LONGEST.indexOf(project) : LONGEST.length)
  return all.sort((a, b) => rank(a) - rank(b))
}

function check(project) {
  return new Promise((done) => {
    const started = Date.now()
    const child = spawn(process.execPath, [TSC, '-p', project, '--singleThreaded'], { cwd: ROOT })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(`${code === 0 ? '✓' : '✖'} ${project} (${seconds} s)`)
      if (output.trim()) console.log(output.trimEnd())
      done(code === 0)
    })
  })
}

const queue = projects()
const lanes = Math.max(2, Math.min(4, availableParallelism()))
let failed = 0
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed++
  }),
)
if (failed > 0) {
  console.error(`✖ ${failed} project(s) failed the type check`)
  process.exit(1)
}
