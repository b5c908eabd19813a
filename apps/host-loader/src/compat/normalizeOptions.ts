import { invalidInput } from '@modalkit/protocol'
import type { AppKitInitOptions, AppKitOptions } from '../types.ts'
import { caipNetworkIdOf } from './caipNetworkIdOf.ts'

type Path = (string | number)[]
/** Checks one value and gives it in our shape; keys it does not know go to `dropped`. */
type Check = (value: unknown, path: Path, dropped: string[]) => unknown

const WHAT = 'init() options'
const fail = (path: Path, expected: string) =>
  invalidInput(WHAT, `${path.join('.')} must be ${expected}`, path)
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const pass: Check = (value) => value
const typed =
  (type: 'boolean' | 'string'): Check =>
  (value, path) => {
    if (typeof value !== type) throw fail(path, `a ${type}`)
    return value
  }
const bool = typed('boolean')
const str = typed('string')
const oneOf =
  (...values: string[]): Check =>
  (value, path) => {
    if (!values.includes(value as string)) throw fail(path, `one of ${values.join(', ')}`)
    return value
  }
const arrayOf =
  (item: Check): Check =>
  (value, path, dropped) => {
    if (!Array.isArray(value)) throw fail(path, 'an array')
    return value.map((entry, i) => item(entry, [...path, i], dropped))
  }

/** AppKit's names that are ours under another name. */
const RENAMED: Record<string, string> = { manualWCControl: 'manualControl', history: 'activity' }

const objectOf =
  (shape: Record<string, Check>): Check =>
  (value, path, dropped) => {
    if (!isObject(value)) throw fail(path, 'an object')
    const out: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) {
      if (entry === undefined) continue
      const check = Object.hasOwn(shape, key) ? shape[key] : undefined
      if (check) out[RENAMED[key] ?? key] = check(entry, [...path, key], dropped)
      else dropped.push([...path, key].join('.'))
    }
    return out
  }

const network: Check = (value, path) => {
  const id = caipNetworkIdOf(value)
  if (id === undefined) throw fail(path, 'a CAIP-2 network id or a network object with caipNetworkId')
  return id
}

/** A namespace, or an adapter instance (AppKit's or ours) that names its namespace. */
const adapter: Check = (value, path) => {
  if (typeof value === 'string') return value
  if (isObject(value) && typeof value.namespace === 'string') return value.namespace
  throw fail(path, 'a namespace or an adapter with a namespace')
}
const adapters: Check = (value, path, dropped) => [
  ...new Set(arrayOf(adapter)(value, path, dropped) as string[]),
]

/** `--w3m-*` as they are, AppKit 1.8's `--apkt-*` under their `--w3m-*` names, others dropped. */
const themeVariables: Check = (value, path, dropped) => {
  if (!isObject(value)) throw fail(path, 'an object')
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue
    const name = /^--(w3m|apkt)-/.test(key) ? key.replace(/^--apkt-/, '--w3m-') : undefined
    if (!name) dropped.push([...path, key].join('.'))
    else if (typeof entry !== 'string' && typeof entry !== 'number')
      throw fail([...path, key], 'a string or a number')
    else out[name] = entry
  }
  return out
}

const SOCIALS = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']
/** `false`, or the providers we have (AppKit's names; Farcaster is its own login). */
const socials: Check = (value, path, dropped) => {
  if (value === false) return false
  const names = arrayOf(str)(value, path, dropped) as string[]
  for (const name of names) if (!SOCIALS.includes(name)) dropped.push(`${path.join('.')}.${name}`)
  return names.filter((name) => SOCIALS.includes(name))
}

const features = objectOf({
  email: bool,
  socials,
  swaps: bool,
  send: bool,
  receive: bool,
  onramp: bool,
  activity: bool,
  history: bool,
  pay: bool,
  reownBranding: bool,
  multiWallet: bool,
  analytics: bool,
  connectMethodsOrder: arrayOf(str),
})

const OPTIONS: Record<string, Check> = {
  projectId: str,
  networks: arrayOf(network),
  defaultNetwork: network,
  adapters,
  metadata: objectOf({ name: str, description: str, url: str, icons: arrayOf(str) }),
  features,
  themeMode: oneOf('light', 'dark'),
  themeVariables,
  locale: str,
  enableEmbedded: bool,
  embedTarget: pass,
  manualControl: bool,
  manualWCControl: bool,
  enableReconnect: bool,
  basic: bool,
  siwx: pass,
  siweConfig: pass,
  defaultAccountTypes: pass,
  debug: bool,
  enableLogger: bool,
  featuredWalletIds: arrayOf(str),
  includeWalletIds: arrayOf(str),
  excludeWalletIds: arrayOf(str),
  // Each wallet's fields are the modal's to check (its links, its image): AppKit's others are dropped there.
  customWallets: arrayOf(pass),
  allWallets: oneOf('SHOW', 'HIDE', 'ONLY_MOBILE'),
}
const options = objectOf(OPTIONS)

/** The option names init() takes (ours and AppKit's it maps); the compatibility report reads them. */
export const acceptedOptions = (): string[] => Object.keys(OPTIONS)

export type NormalizedOptions = { options: AppKitOptions; dropped: string[] }

/**
 * `init()`'s options as Reown AppKit's sites write them, in our shape: network objects to their
 * CAIP-2 ids, adapter instances to their namespaces, `--apkt-*` theme variables and AppKit's other
 * names to ours. Options we do not model are dropped and named in `dropped` (`features.analytics`).
 * @throws ValidationError ('Invalid init() options', with the key's path) for a value of the wrong type.
 */
export function normalizeOptions(input: AppKitInitOptions): NormalizedOptions {
  const dropped: string[] = []
  const out = options(input, [], dropped) as AppKitOptions
  return { options: out, dropped }
}
