import { type BitcoinWallet, bitcoinWalletSchema, MAX_ANNOUNCED_WALLETS } from '@modalkit/protocol'
import { BITCOIN_CONNECT, standardFeature, walletMethod } from './bitcoinWalletAdapter.ts'

/**
 * A Bitcoin browser wallet: what the modal is told (checked data), and the page's object the loader
 * speaks to, in its dialect (`info.kind`): a Wallet Standard wallet, or a sats-connect provider.
 */
export type DiscoveredBitcoinWallet = { info: BitcoinWallet; wallet: object }

/** A sats-connect provider id is a path on `window` (`XverseProviders.BitcoinProvider`), nothing else. */
const PROVIDER_PATH = /^[A-Za-z_$][\w$]{0,40}(\.[A-Za-z_$][\w$]{0,40}){0,3}$/
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])

function providerAt(path: string): object | undefined {
  if (!PROVIDER_PATH.test(path) || path.split('.').some((part) => FORBIDDEN.has(part))) return undefined
  let target: unknown = window
  for (const part of path.split('.')) {
    if (typeof target !== 'object' || target === null) return undefined
    target = Reflect.get(target, part)
  }
  return walletMethod(target, 'request') ? (target as object) : undefined
}

const field = (entry: unknown, name: string): unknown =>
  typeof entry === 'object' && entry !== null ? Reflect.get(entry, name) : undefined

/** A wallet's announced name and icon, checked like an EIP-6963 announcement (a bad icon is dropped). */
function checked(candidate: Record<string, unknown>): BitcoinWallet | undefined {
  const parsed = bitcoinWalletSchema.safeParse(candidate)
  if (parsed.success) return parsed.data
  const iconless = bitcoinWalletSchema.safeParse({ ...candidate, icon: undefined })
  return iconless.success ? iconless.data : undefined
}

/**
 * Collects the host page's Bitcoin browser wallets, both kinds: Wallet Standard wallets with
 * `bitcoin:connect` (the standard's app side: `wallet-standard:app-ready` and
 * `wallet-standard:register-wallet`, so wallets registered before or after are found), and
 * sats-connect providers listed in `window.btc_providers` (WBIP-004) or at
 * `window.XverseProviders.BitcoinProvider` / `window.BitcoinProvider`. Everything is page data: names
 * and icons are checked by the protocol schema, the list is capped, and a Wallet Standard wallet of
 * the same name as a sats-connect provider (Xverse offers both) is listed once, as the latter.
 */
export function discoverBitcoinWallets(onChange: (wallets: BitcoinWallet[]) => void): {
  wallets(): BitcoinWallet[]
  find(id: string): DiscoveredBitcoinWallet | undefined
  stop(): void
} {
  const standard = new Map<object, DiscoveredBitcoinWallet>()
  const sats = new Map<object, DiscoveredBitcoinWallet>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const list = (): DiscoveredBitcoinWallet[] => {
    const satsNames = new Set([...sats.values()].map((w) => w.info.name.toLowerCase()))
    const standards = [...standard.values()].filter((w) => !satsNames.has(w.info.name.toLowerCase()))
    return [...sats.values(), ...standards].slice(0, MAX_ANNOUNCED_WALLETS)
  }
  const changed = () => {
    clearTimeout(timer)
    timer = setTimeout(() => onChange(list().map((w) => w.info)), 30)
  }

  const addStandard = (wallet: unknown) => {
    if (typeof wallet !== 'object' || wallet === null || standard.has(wallet)) return
    if (standard.size >= MAX_ANNOUNCED_WALLETS) return
    if (!walletMethod(standardFeature(wallet, BITCOIN_CONNECT), 'connect')) return
    const info = checked({
      id: `standard:${standard.size + 1}`,
      name: field(wallet, 'name'),
      icon: field(wallet, 'icon'),
      kind: 'standard',
    })
    if (!info) return
    standard.set(wallet, { info, wallet })
    changed()
  }
  const api = Object.freeze({
    register(...wallets: unknown[]) {
      for (const wallet of wallets) addStandard(wallet)
      return () => {}
    },
  })
  const onRegister = (event: Event) => {
    const callback: unknown = (event as CustomEvent<unknown>).detail
    try {
      if (typeof callback === 'function') callback(api)
    } catch (error) {
      console.warn('[appkit] a wallet-standard:register-wallet callback failed', error)
    }
  }

  const addSatsConnect = (path: string, name: unknown, icon: unknown) => {
    const provider = providerAt(path)
    if (!provider || sats.has(provider) || sats.size >= MAX_ANNOUNCED_WALLETS) return
    const info = checked({ id: `sats-connect:${path}`, name, icon, kind: 'sats-connect' })
    if (!info) return
    sats.set(provider, { info, wallet: provider })
    changed()
  }
  const readSatsConnect = () => {
    const listed: unknown = Reflect.get(window, 'btc_providers')
    if (Array.isArray(listed))
      for (const entry of listed.slice(0, MAX_ANNOUNCED_WALLETS)) {
        const id = field(entry, 'id')
        if (typeof id === 'string') addSatsConnect(id, field(entry, 'name'), field(entry, 'icon'))
      }
    // sats-connect's default providers, when no list names them.
    addSatsConnect('XverseProviders.BitcoinProvider', 'Xverse', undefined)
    addSatsConnect('BitcoinProvider', 'Bitcoin Wallet', undefined)
  }

  window.addEventListener('wallet-standard:register-wallet', onRegister)
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  readSatsConnect()
  // Extensions inject early, but a page's own may come a moment later.
  const late = setTimeout(readSatsConnect, 100)

  return {
    wallets: () => list().map((w) => w.info),
    find: (id) => list().find((w) => w.info.id === id),
    stop() {
      clearTimeout(timer)
      clearTimeout(late)
      window.removeEventListener('wallet-standard:register-wallet', onRegister)
    },
  }
}
