// The README's commands start here, before any dependency exists: plain Node, no imports but node:.
// `npm start` and `npm test` must work on a fresh clone, so each installs what it needs first.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CHROMIUM = '/usr/bin/chromium'
const FIREFOX_ESR = '/usr/bin/firefox-esr'
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
const XVFB = '/usr/bin/Xvfb'
const NGINX = '/usr/sbin/nginx'

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

/**
 * A step that runs in the background while the next ones print: its commands one after another, their
 * output held. `finishHeld` waits for it, prints what it held, and stops `npm test` if it failed.
 */
function startHeld(step, commands) {
  let held = ''
  const done = (async () => {
    for (const [command, args, options = {}] of commands) {
      const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options })
      child.stdout.on('data', (chunk) => (held += chunk))
      child.stderr.on('data', (chunk) => (held += chunk))
      const code = await new Promise((finished) => {
        child.on('error', (error) => {
          held += `${error.message}\n`
          finished(1)
        })
        child.on('close', (status) => finished(status ?? 1))
      })
      if (code !== 0) return code
    }
    return 0
  })()
  return { step, done, held: () => held }
}

async function finishHeld(background, besides) {
  const code = await background.done
  console.log(`\n▶ ${background.step} (ran beside ${besides})\n${background.held().trimEnd()}`)
  if (code !== 0) {
    console.error(`✖ ${background.step} failed (exit code ${code})`)
    process.exit(code)
  }
}

/**
 * Two steps at once, for a machine with two cores where one step keeps one busy: the first prints as it
 * goes, the second's output is held and printed whole when it ends. Both run to their end; the first
 * failure found stops `npm test` after both.
 */
async function mustTogether([step, command, args], [otherStep, otherCommand, otherArgs]) {
  console.log(`\n▶ ${step}, and beside it: ${otherStep} (its output follows when it ends)`)
  const other = startHeld(otherStep, [[otherCommand, otherArgs]])
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' })
  const status = await new Promise((done) => child.on('close', (code) => done(code ?? 1)))
  await finishHeld(other, step)
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

/** PostgreSQL's server binaries as Debian installs them: /usr/lib/postgresql/<major>/bin/initdb. */
function hasPostgres() {
  const root = '/usr/lib/postgresql'
  return existsSync(root) && readdirSync(root).some((major) => existsSync(resolve(root, major, 'bin/initdb')))
}

/**
 * Debian packages the tests run: Chromium for Playwright (browser downloads fail here), Firefox ESR
 * for the lane puppeteer-core drives (e2e/firefox: no browser is downloaded either), WebKitGTK's
 * WebDriver (it brings MiniBrowser) and Xvfb for the WebKit lane (e2e/webkit), and for the
 * production-shape tests PostgreSQL (the API's restart test and the e2e stack start their own
 * throwaway server) and nginx (the e2e stack's proxy in front of two API replicas). Installed with
 * apt when we are root, in the background (apt waits on the network and the disk, the steps beside it
 * on the CPU); otherwise the command to run is printed.
 */
function startDebianPackages() {
  const missing = [
    ['chromium', existsSync(CHROMIUM)],
    ['firefox-esr', existsSync(FIREFOX_ESR)],
    ['webkit2gtk-driver', existsSync(WEBKIT_DRIVER)],
    ['xvfb', existsSync(XVFB)],
    ['postgresql', hasPostgres()],
    ['nginx', existsSync(NGINX)],
  ]
    .filter(([, present]) => !present)
    .map(([name]) => name)
  if (missing.length === 0) return undefined
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: ${missing.join(', ')}. Install them with:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
    )
    process.exit(1)
  }
  console.log(
    `\n▶ installing Debian ${missing.join(', ')} with apt, in the background (its output follows when it ends)`,
  )
  return startHeld(`installing Debian ${missing.join(', ')}`, [
    ['apt-get', ['update']],
    [
      'apt-get',
      ['install', '-y', '--no-install-recommends', ...missing],
      { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
    ],
  ])
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
  const apt = startDebianPackages()
  must('lint and format (Biome)', bin('biome'), ['check', '.'])
  must('type check', 'npm', ['run', 'typecheck', '--silent'])
  if (apt) {
    // The build needs no Debian package, Vitest does (PostgreSQL): the build runs while apt does.
    must('build', 'npm', ['run', 'build', '--silent'])
    await finishHeld(apt, 'lint, type check and build')
    must('unit tests (Vitest)', bin('vitest'), ['run', `--maxWorkers=${availableParallelism()}`])
  } else {
    // Vitest takes a worker per core (its default keeps one free) and the build runs beside it: on two
    // quiet cores 7.8 minutes for both, against 10.5 with one worker (docs/testing.md).
    await mustTogether(
      ['unit tests (Vitest)', bin('vitest'), ['run', `--maxWorkers=${availableParallelism()}`]],
      ['build', 'npm', ['run', 'build', '--silent']],
    )
  }
  must(
    'end-to-end tests (Playwright: Chromium, Firefox ESR through puppeteer-core, WebKitGTK over WebDriver)',
    bin('playwright'),
    ['test'],
  )
  must('end-to-end tests, production shape (PostgreSQL, two API replicas behind nginx)', bin('playwright'), [
    'test',
    '-c',
    'playwright.production.config.ts',
  ])
  console.log('\n✔ all tests passed')
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test')
  process.exit(2)
}
