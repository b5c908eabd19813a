import type { InjectedEvent } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import type { Eip1193Provider } from './createProvider.ts'
import type { DiscoveredWallet } from './discoverWallets.ts'
import { createInjectedConnector } from './injectedConnector.ts'
import { waitForAnnounced } from './lastBrowserWallet.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A wallet that answers from a table and records what it was asked; `emit` plays its events. */
function fakeWallet(answers: Record<string, unknown>, rdns = 'test.wallet') {
  const asked: string[] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  const provider: Eip1193Provider = {
    async request({ method }) {
      asked.push(method)
      const answer = answers[method]
      if (answer instanceof Error) throw answer
      return answer
    },
    on(event, handler) {
      listeners.set(event, handler as (payload: unknown) => void)
      return provider
    },
    removeListener(event) {
      listeners.delete(event)
      return provider
    },
  }
  const wallet: DiscoveredWallet = { info: { uuid: `uuid-${rdns}`, name: 'Test', rdns }, provider }
  return { wallet, asked, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) }
}

describe('restoring the last browser wallet', () => {
  it('reads the accounts by eth_accounts, never eth_requestAccounts, and follows the wallet again', async () => {
    const events: InjectedEvent[] = []
    const connector = createInjectedConnector((event) => events.push(event))
    const { wallet, asked, emit } = fakeWallet({ eth_accounts: [ACCOUNT], eth_chainId: '0x7a6a' })
    expect(await connector.restore(wallet)).toEqual({ accounts: [ACCOUNT], chainId: '0x7a6a' })
    expect(asked).toEqual(['eth_accounts', 'eth_chainId'])
    expect(connector.active()).toBe(wallet.provider)
    emit('chainChanged', '0x7a69')
    expect(events).toEqual([{ type: 'chainChanged', chainId: '0x7a69' }])
  })

  it('gives nothing for a wallet with no accounts for the site, a failing one, or a malformed answer', async () => {
    const connector = createInjectedConnector(() => {})
    for (const answers of [
      { eth_accounts: [] },
      { eth_accounts: new Error('locked') },
      { eth_accounts: ['not an address'], eth_chainId: '0x1' },
      { eth_accounts: [ACCOUNT], eth_chainId: 7 },
    ]) {
      const { wallet } = fakeWallet(answers)
      expect(await connector.restore(wallet)).toBeUndefined()
      expect(connector.active()).toBeUndefined()
    }
  })

  it('waits a moment for a wallet that announces late, and no longer', async () => {
    const late = fakeWallet({}, 'late.wallet').wallet
    const list: DiscoveredWallet[] = []
    setTimeout(() => list.push(late), 120)
    expect(await waitForAnnounced(() => list, 'late.wallet', 1_000)).toBe(late)
    expect(await waitForAnnounced(() => list, 'absent.wallet', 150)).toBeUndefined()
  })
})
