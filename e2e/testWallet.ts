import { expect, type Page } from '@playwright/test'
import { modal } from './helpers.ts'
import { STACK_ENV } from './sites.ts'

/**
 * A browser wallet for the tests. Browser extensions cannot be loaded in this headless Chromium, so
 * Playwright injects an EIP-6963 provider into the host page instead. It is a real wallet backend:
 * it answers from the local anvil nodes, whose unlocked test accounts sign (personal_sign,
 * eth_signTypedData_v4) and send real transactions. `window.__testWallet` lets a test make it
 * reject the next connection, or emit wallet-side events.
 */
export type TestWalletOptions = {
  name?: string
  rdns?: string
  icon?: string
  chains?: Record<string, string>
  /** Also set `window.ethereum` to this provider, with these flags (as wallets' in-app browsers do). */
  windowEthereum?: Record<string, boolean>
  /** Announce by EIP-6963 (default true); false leaves only `window.ethereum`. */
  announce?: boolean
  /** Another of anvil's unlocked test accounts (default TEST_ACCOUNT), for tests that need a fresh one. */
  account?: string
}

export const TEST_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type WalletArgs = {
  name: string
  rdns: string
  icon: string
  chains: Record<string, string>
  account: string
  windowEthereum: Record<string, boolean> | undefined
  announce: boolean
}

const walletArgs = (options: TestWalletOptions): WalletArgs => ({
  name: options.name ?? 'Test Wallet',
  rdns: options.rdns ?? 'test.wallet',
  icon:
    options.icon ??
    `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#f80"/></svg>')}`,
  chains: options.chains ?? {
    '0x7a69': `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`,
    '0x7a6a': `http://127.0.0.1:${STACK_ENV.EVM_B_PORT}`,
  },
  account: options.account ?? TEST_ACCOUNT,
  windowEthereum: options.windowEthereum,
  announce: options.announce ?? true,
})

/** The wallet itself, run in the host page (its top-level document) before the page's own scripts. */
function testWallet({
  name,
  rdns,
  icon,
  chains,
  account,
  windowEthereum,
  announce: announces,
}: WalletArgs): void {
  if (window !== window.top) return
  type Listener = (payload: unknown) => void
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, payload: unknown) => {
    for (const l of listeners.get(event) ?? []) l(payload)
  }
  // As an extension does, it remembers the sites it gave accounts to and its chain: a reload keeps
  // both.
  const kept = (key: string) => {
    try {
      return localStorage.getItem(`__testWallet:${key}`) ?? undefined
    } catch {
      return undefined
    }
  }
  const keep = (key: string, value: string) => {
    try {
      localStorage.setItem(`__testWallet:${key}`, value)
    } catch {}
  }
  const keptChain = kept('chain')
  const state = {
    chainId: keptChain && chains[keptChain] ? keptChain : (Object.keys(chains)[0] as string),
    connected: kept('granted') === '1',
    rejectNext: false,
  }
  const rpc = async (method: string, params: unknown) => {
    const res = await fetch(chains[state.chainId] as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }
  const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      switch (method) {
        case 'eth_requestAccounts':
          if (state.rejectNext) {
            state.rejectNext = false
            throw fail(4001, 'User rejected the request.')
          }
          state.connected = true
          keep('granted', '1')
          return [account]
        case 'eth_accounts':
          return state.connected ? [account] : []
        case 'eth_chainId':
          return state.chainId
        case 'wallet_switchEthereumChain': {
          const wanted = (params?.[0] as { chainId?: string } | undefined)?.chainId ?? ''
          if (!chains[wanted]) throw fail(4902, 'Unrecognized chain ID')
          state.chainId = wanted
          keep('chain', wanted)
          emit('chainChanged', wanted)
          return null
        }
        case 'wallet_addEthereumChain':
          throw fail(4001, 'User rejected adding the chain.')
        default:
          if (!state.connected) throw fail(4100, 'Unauthorized')
          return rpc(method, params)
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info: { uuid: `uuid-${rdns}`, name, icon, rdns }, provider }),
      }),
    )
  if (windowEthereum) Object.assign(window, { ethereum: Object.assign(provider, windowEthereum) })
  if (announces) {
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }
  Object.assign(window, {
    __testWallet: {
      rejectNext: () => {
        state.rejectNext = true
      },
      emit,
      state,
    },
  })
}

export async function installTestWallet(page: Page, options: TestWalletOptions = {}): Promise<void> {
  await page.addInitScript(testWallet, walletArgs(options))
}

/**
 * The same wallet as one expression, for the lanes whose drivers are not Playwright (e2e/firefox,
 * e2e/webkit): evaluated in the host page, it installs and announces the wallet there.
 */
export const testWalletSource = (options: TestWalletOptions = {}): string =>
  `(${testWallet.toString()})(${JSON.stringify(walletArgs(options))})`

/** The site's Connect button, then the test wallet in the modal: waits until the site sees the account. */
export async function connectBrowserWallet(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
}
