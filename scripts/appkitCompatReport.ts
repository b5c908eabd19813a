import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { MODAL_EVENTS } from '@modalkit/protocol'
import { APPKIT_VIEWS } from '../apps/host-loader/src/compat/appkitViews.ts'
import { acceptedOptions } from '../apps/host-loader/src/compat/normalizeOptions.ts'
import { createAppKit } from '../apps/host-loader/src/createAppKit.ts'
import { eventNames, propertyNames, publicMethods, unionMembers } from './parseAppKitTypes.ts'

/**
 * `npm run compat:report`: lists every public method, option, view name and event of Reown AppKit's
 * published declarations (the dev-only workspace bench/appkit-page, never imported by our apps) and
 * whether `window.appkit` supports it, maps it to ours, or does not have it. Exits 1 when a method of
 * AppKit's vanilla-JS documentation is missing, or when the declarations could not be read.
 */

const CHECK = resolve(import.meta.dirname, '../bench/appkit-page')
const REOWN = resolve(CHECK, 'node_modules/@reown')

/** AppKit's vanilla-JS documentation's methods: each must be on window.appkit. */
const DOCUMENTED = [
  'open',
  'close',
  'getState',
  'subscribeState',
  'subscribeEvents',
  'getAccount',
  'subscribeAccount',
  'getCaipNetwork',
  'subscribeNetwork',
  'switchNetwork',
  'disconnect',
  'setThemeMode',
  'setThemeVariables',
  'getThemeMode',
  'getThemeVariables',
  'subscribeTheme',
  'getWalletProvider',
  'subscribeProviders',
  'getIsConnectedState',
  'getAddress',
  'getCaipAddress',
  'getChainId',
  'getCaipNetworkId',
  'getActiveChainNamespace',
  'getWalletInfo',
  'subscribeWalletInfo',
  'isOpen',
  'getError',
  'addNetwork',
  'removeNetwork',
]

/** Options read under another name or shape (compat/normalizeOptions.ts). */
const MAPPED_OPTIONS: Record<string, string> = {
  manualWCControl: 'manualControl',
  networks: 'CAIP-2 ids from network objects',
  defaultNetwork: 'a CAIP-2 id from a network object',
  adapters: 'namespaces from adapter instances',
  themeVariables: '--apkt-* as --w3m-*',
}

const read = (path: string) => readFileSync(resolve(REOWN, path), 'utf8')

function ensureInstalled(): void {
  if (existsSync(resolve(REOWN, 'appkit/package.json'))) return
  console.log('installing the dev-only AppKit check workspace (bench/appkit-page)…')
  execFileSync('npm', ['install', '--prefix', CHECK, '--no-audit', '--no-fund'], { stdio: 'inherit' })
}

type Row = { kind: string; name: string; status: 'supported' | 'mapped' | 'not supported'; note?: string }

function report(): Row[] {
  const ours = new Set(Object.keys(createAppKit('https://modal.invalid')))
  const client = read('appkit/dist/types/src/client/appkit-base-client.d.ts')
  const rows: Row[] = []
  for (const name of publicMethods(client))
    rows.push({ kind: 'method', name, status: ours.has(name) ? 'supported' : 'not supported' })
  const views: Record<string, string | undefined> = APPKIT_VIEWS
  for (const name of unionMembers(client, 'Views')) {
    const view = views[name]
    rows.push(
      view === name
        ? { kind: 'view', name, status: 'supported' }
        : { kind: 'view', name, status: 'mapped', note: view ?? 'the view SPEC §2 picks' },
    )
  }
  const options = new Set([
    ...propertyNames(read('appkit/dist/types/src/utils/TypesUtil.d.ts'), 'AppKitOptions'),
    ...propertyNames(
      read('appkit-controllers/dist/types/src/controllers/OptionsController.d.ts'),
      'OptionsControllerStatePublic',
    ),
  ])
  for (const name of options) {
    const mapped = MAPPED_OPTIONS[name]
    rows.push(
      mapped
        ? { kind: 'option', name, status: 'mapped', note: mapped }
        : acceptedOptions().includes(name)
          ? { kind: 'option', name, status: 'supported' }
          : { kind: 'option', name, status: 'not supported', note: 'dropped with a warning' },
    )
  }
  const events: readonly string[] = MODAL_EVENTS
  for (const name of eventNames(read('appkit-controllers/dist/types/src/utils/TypeUtil.d.ts')))
    rows.push({ kind: 'event', name, status: events.includes(name) ? 'supported' : 'not supported' })
  return rows
}

ensureInstalled()
const version = JSON.parse(read('appkit/package.json')).version as string
const rows = report()
console.log(`Reown AppKit ${version} against window.appkit\n`)
for (const row of rows)
  console.log(`${row.kind.padEnd(7)} ${row.name.padEnd(34)} ${row.status}${row.note ? ` (${row.note})` : ''}`)
for (const kind of ['method', 'view', 'option', 'event']) {
  const of = rows.filter((r) => r.kind === kind)
  const count = (status: Row['status']) => of.filter((r) => r.status === status).length
  console.log(
    `${kind}s: ${of.length}, supported ${count('supported')}, mapped ${count('mapped')}, not supported ${count('not supported')}`,
  )
}
const methods = new Set(
  rows.filter((r) => r.kind === 'method' && r.status === 'supported').map((r) => r.name),
)
const missing = DOCUMENTED.filter((name) => !methods.has(name))
if (rows.length === 0 || missing.length > 0) {
  console.error(`\nmissing from AppKit's vanilla-JS documentation: ${missing.join(', ') || '(nothing read)'}`)
  process.exit(1)
}
