import { readFileSync } from 'node:fs'
import { createProvider } from '@modalkit/host-loader/createProvider'
import { INITIAL_SNAPSHOT, Store } from '@modalkit/host-loader/store'
import type { AppKit, AppKitAccount } from '@modalkit/host-loader/types'
import type { HostSnapshot } from '@modalkit/protocol'
import {
  connect,
  disconnect,
  getAccount,
  getConnectors,
  reconnect,
  signMessage,
  switchChain,
  version,
} from '@wagmi/core'
import { type Hex, isHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { findAppKit, setCurrentAppKit } from '../current.ts'
import { localA, localB } from '../networks.ts'
import { MODALKIT_CONNECTOR_ID, WagmiAdapter } from './index.ts'

// The adapter through wagmi's own actions. This file runs twice (vitest.config.ts): on the
// `@wagmi/core` the repository installs (3.x), and in the `wagmi-2` project, where `@wagmi/core`
// (here and in the adapter) resolves to 2.x, the version AppKit's own wagmi adapter uses.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `@wagmi/core` major this run resolves; the `wagmi-2` project provides 2. */
    wagmiMajor: number
  }
}

// The wallet: Anvil's first test account, signing for real.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

// The test's two chains: the networks' ids as wagmi's chain ids.
const A = Number(localA.id)
const B = Number(localB.id)

const network = (id: number): NonNullable<HostSnapshot['network']> => ({
  caipNetworkId: `eip155:${id}`,
  id,
  name: `Local ${id}`,
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
const connectedOn = (id: number): HostSnapshot => ({
  ...INITIAL_SNAPSHOT,
  network: network(id),
  accounts: [
    {
      namespace: 'eip155',
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:${id}:${wallet.address}`,
    },
  ],
})
const disconnectedOn = (id: number): HostSnapshot => ({ ...INITIAL_SNAPSHOT, network: network(id) })

/**
 * The modal as the page sees it: the loader's own EIP-1193 provider (host-loader's createProvider)
 * over the state the modal mirrors. The modal's cross-origin frame has no local form in a unit test
 * (e2e/appkitNpmApp.spec.ts runs wagmi on the real one), so its backend does here what the frame
 * does: opening connects the wallet, a chain switch moves the state, `personal_sign` signs with the
 * wallet's key, disconnecting empties the accounts.
 */
function modal(initial: HostSnapshot = disconnectedOn(A)) {
  const store = new Store<HostSnapshot>(initial)
  const calls: string[] = []
  const provider = createProvider(store, {
    ready: async () => {},
    open: async () => {
      calls.push('open')
      store.set(connectedOn(Number(store.get().network?.id ?? A)))
    },
    disconnect: async () => {
      calls.push('disconnect')
      store.set(disconnectedOn(Number(store.get().network?.id)))
    },
    forward: async (method, params) => {
      calls.push(method)
      const [first] = Array.isArray(params) ? params : []
      if (method === 'wallet_switchEthereumChain') {
        const chainId = Number((first as { chainId: string }).chainId)
        store.set({ ...store.get(), ...connectedOn(chainId) })
        return null
      }
      if (method === 'personal_sign' && isHex(first)) return wallet.signMessage({ message: { raw: first } })
      throw new Error(`the test's wallet does not answer ${method}`)
    },
  })
  const account = (): AppKitAccount => {
    const snapshot = store.get()
    const connected = snapshot.accounts.some(
      (entry) => entry.namespace === 'eip155' && entry.status === 'connected',
    )
    if (!connected) {
      return {
        allAccounts: [],
        address: undefined,
        caipAddress: undefined,
        isConnected: false,
        status: 'disconnected',
      }
    }
    return {
      allAccounts: snapshot.accounts,
      address: wallet.address,
      caipAddress: `eip155:${Number(snapshot.network?.id)}:${wallet.address}`,
      isConnected: true,
      status: 'connected',
    }
  }
  const appkit = {
    getProvider: () => provider,
    getAccount: account,
    subscribeAccount: (callback: (next: AppKitAccount) => void) => store.subscribe(() => callback(account())),
    disconnect: async () => {
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    },
  }
  return { appkit: appkit as unknown as AppKit, store, calls }
}

/**
 * Whether `version` is in `range` as npm reads a range of `^x.y.z` alternatives joined by `||` (the
 * form packages/appkit/package.json uses); any other form fails, so this check is never skipped.
 */
function inCaretRange(version: string, range: string): boolean {
  const parse = (text: string) => {
    const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim())
    if (!match) throw new Error(`not an x.y.z version: ${text}`)
    return match.slice(1).map(Number) as [number, number, number]
  }
  const [major, minor, patch] = parse(version)
  return range.split('||').some((alternative) => {
    const caret = alternative.trim()
    if (!caret.startsWith('^')) throw new Error(`not a caret range: ${caret}`)
    const [fromMajor, fromMinor, fromPatch] = parse(caret.slice(1))
    if (fromMajor === 0) throw new Error(`a 0.x caret range is not handled: ${caret}`)
    return major === fromMajor && (minor > fromMinor || (minor === fromMinor && patch >= fromPatch))
  })
}

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  peerDependencies: Record<string, string>
}

/** A page's wagmi setup as AppKit's quick start writes it, on the test's two local chains. */
const adapter = () => new WagmiAdapter({ networks: [localA, localB], projectId: 'test' })

const connectorOf = (adapter: WagmiAdapter) => {
  const connector = getConnectors(adapter.wagmiConfig).find(({ id }) => id === MODALKIT_CONNECTOR_ID)
  if (!connector) throw new Error('no Modalkit connector in wagmiConfig')
  return connector
}

/** Resolves once `check` holds: wagmi takes up provider events asynchronously. */
async function until(check: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !check(); round += 1)
    await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

describe(`WagmiAdapter on @wagmi/core ${version}`, () => {
  it('runs on the @wagmi/core major this project resolves', () => {
    expect(Number(version.split('.')[0])).toBe(inject('wagmiMajor') ?? 3)
  })

  it("is in the package's peer range for @wagmi/core, so npm installs the package beside it", () => {
    expect(inCaretRange(version, manifest.peerDependencies['@wagmi/core'] ?? '')).toBe(true)
  })

  // First in the file: no modal exists yet, as in AppKit's quick start, which makes the adapter
  // before createAppKit().
  it('an adapter made before the modal takes up a wallet connected through the modal (open(), not wagmi)', async () => {
    expect(findAppKit()).toBeUndefined()
    const site = adapter()
    const page = modal()
    setCurrentAppKit(page.appkit)
    expect(getAccount(site.wagmiConfig).status).toBe('disconnected')
    page.store.set(connectedOn(A))
    await until(() => getAccount(site.wagmiConfig).status === 'connected')
    expect(getAccount(site.wagmiConfig)).toMatchObject({ address: wallet.address, chainId: A })
  })

  it("connect opens the modal and gives wagmi the wallet's account and chain", async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    const connected = await connect(site.wagmiConfig, { connector: connectorOf(site) })
    expect(connected).toEqual({ accounts: [wallet.address], chainId: A })
    expect(page.calls).toEqual(['open'])
    expect(getAccount(site.wagmiConfig)).toMatchObject({
      status: 'connected',
      address: wallet.address,
      addresses: [wallet.address],
      chainId: A,
      connector: { id: MODALKIT_CONNECTOR_ID },
    })
  })

  it('connect with a chainId switches the wallet to it; withCapabilities gives accounts as objects', async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    const connected = await connect(site.wagmiConfig, {
      connector: connectorOf(site),
      chainId: B,
      withCapabilities: true,
    })
    expect(connected).toEqual({ accounts: [{ address: wallet.address, capabilities: {} }], chainId: B })
    expect(page.calls).toEqual(['open', 'wallet_switchEthereumChain'])
    expect(getAccount(site.wagmiConfig)).toMatchObject({ addresses: [wallet.address], chainId: B })
  })

  it("switchChain moves the wallet, and the wallet's own switch reaches wagmi", async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    await connect(site.wagmiConfig, { connector: connectorOf(site) })
    const chain = await switchChain(site.wagmiConfig, { chainId: B })
    expect(chain.id).toBe(B)
    expect(page.calls).toContain('wallet_switchEthereumChain')
    expect(getAccount(site.wagmiConfig).chainId).toBe(B)
    page.store.set(connectedOn(A))
    await until(() => getAccount(site.wagmiConfig).chainId === A)
  })

  it('switchChain to a chain the config does not have fails with ChainNotConfiguredError', async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    await connect(site.wagmiConfig, { connector: connectorOf(site) })
    await expect(switchChain(site.wagmiConfig, { chainId: 1 as never })).rejects.toMatchObject({
      name: 'ChainNotConfiguredError',
    })
  })

  it("signMessage is signed by the wallet through the modal's provider", async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    await connect(site.wagmiConfig, { connector: connectorOf(site) })
    const message = 'Sign in to the test site'
    const signature: Hex = await signMessage(site.wagmiConfig, { message })
    expect(page.calls).toContain('personal_sign')
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  })

  it('disconnect disconnects the modal; a disconnect in the modal disconnects wagmi', async () => {
    const page = modal()
    setCurrentAppKit(page.appkit)
    const site = adapter()
    await connect(site.wagmiConfig, { connector: connectorOf(site) })
    await disconnect(site.wagmiConfig)
    expect(page.calls).toContain('disconnect')
    expect(getAccount(site.wagmiConfig).status).toBe('disconnected')
    expect(await page.appkit.getProvider('eip155').request({ method: 'eth_accounts' })).toEqual([])

    await connect(site.wagmiConfig, { connector: connectorOf(site) })
    page.store.set(disconnectedOn(A))
    await until(() => getAccount(site.wagmiConfig).status === 'disconnected')
  })

  it("reconnect (each page load) takes up the modal's session without opening the modal", async () => {
    const page = modal(connectedOn(B))
    setCurrentAppKit(page.appkit)
    const site = adapter()
    // The adapter reconnects as it is made when the modal is connected (index.ts's followModal);
    // the site's own reconnect (WagmiProvider's on mount) then finds wagmi busy or connected.
    await reconnect(site.wagmiConfig)
    await until(() => getAccount(site.wagmiConfig).status === 'connected')
    expect(getAccount(site.wagmiConfig)).toMatchObject({ address: wallet.address, chainId: B })
    expect(page.calls).toEqual([])

    const fresh = modal()
    setCurrentAppKit(fresh.appkit)
    const nobody = adapter()
    expect(await reconnect(nobody.wagmiConfig)).toEqual([])
    expect(fresh.calls).toEqual([])
    expect(getAccount(nobody.wagmiConfig).status).toBe('disconnected')
  })
})
