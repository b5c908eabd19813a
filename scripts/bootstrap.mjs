// The README's commands start here, before any dependency exists: plain Node, no imports but node:.
// `npm start` and `npm test` must work on a fresh clone, so each installs what it needs first.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CHROMIUM = '/usr/bin/chromium'

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

function must(step, command, args, options) {
  console.log(`\n▶ ${step}`)
  const status = run(command, args, options)
  if (status !== 0) {
    console.error(`✖ ${step} failed (exit code ${status})`)
    process.exit(status)
  }
}

/** npm packages: installed when node_modules is missing or older than the lock file. */
function ensureDependencies() {
  const marker = resolve(ROOT, 'node_modules/.package-lock.json')
  const lock = resolve(ROOT, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return
  // Not `npm ci`: see .ci/run for why the lock cannot list every platform's optional packages here.
  must('installing npm packages', 'npm', ['install', '--no-audit', '--no-fund'])
}

/** Debian's Chromium for Playwright (browser downloads fail here): installed with apt when we are root. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    )
    process.exit(1)
  }
  must('apt-get update', 'apt-get', ['update'])
  must('installing Debian chromium', 'apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

const bin = (name) => resolve(ROOT, 'node_modules/.bin', name)
const command = process.argv[2]

if (command === 'start') {
  ensureDependencies()
  const child = spawnSync(bin('tsx'), [resolve(ROOT, 'scripts/start.ts'), ...process.argv.slice(3)], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  process.exit(child.status ?? 0)
} else if (command === 'test') {
  ensureDependencies()
  ensureChromium()
  must('lint and format (Biome)', bin('biome'), ['check', '.'])
  must('type check', 'npm', ['run', 'typecheck', '--silent'])
  must('unit tests (Vitest)', bin('vitest'), ['run'])
  must('build', 'npm', ['run', 'build', '--silent'])
  must('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'])
  console.log('\n✔ all tests passed')
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test')
  process.exit(2)
}
