import type { Namespace } from '@modalkit/protocol'
import { NETWORKS, type Network } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { routeWalletRequest } from './routeWalletRequest.ts'

const pick = (id: string) => NETWORKS.find((n) => n.caipNetworkId === id)!
const networks = [pick('eip155:31337'), pick('eip155:31338'), pick('eip155:1')]
const ME = `0x${'a'.repeat(40)}`
const TO = `0x${'b'.repeat(40)}`
const STATUS = { version: '2.0.0', id: '0x01', chainId: '0x7a69', status: 200, atomic: false, receipts: [] }

/** Connectors that record what they were asked and answer as a well-behaved one would. */
function setup(
  connected: 'embedded' | 'walletConnect' | 'none',
  reply?: unknown,
  approved = ['wallet_getCallsStatus'],
  atomic = false,
) {
  const asked: unknown[][] = []
  const embedded = {
    atomic,
    isConnected: (namespace: Namespace) => connected === 'embedded' && namespace === 'eip155',
    async request(kind: 'safe' | 'unsafe', method: string, params: unknown, network: Network) {
      asked.push(['frame', kind, method, params, network.caipNetworkId])
      if (reply !== undefined) return reply
      if (method === 'wallet_sendCalls') return { id: '0x01' }
      if (method === 'wallet_getCallsStatus') return STATUS
      return { '0x7a69': { atomic: { status: 'unsupported' } } }
    },
  }
  const walletConnect = {
    isConnected: (namespace: Namespace) => connected === 'walletConnect' && namespace === 'eip155',
    approvesMethod: (method: string) => approved.includes(method),
    async request(method: string, params: unknown, chain: string) {
      asked.push(['walletConnect', method, params, chain])
      return 'from the wallet'
    },
  }
  const route = (method: string, params: unknown) =>
    routeWalletRequest(method, params, { networks, network: networks[0], embedded, walletConnect })
  return { asked, route }
}
const batch = (patch: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a6a', atomicRequired: false, calls: [{ to: TO, value: '0x1' }], ...patch },
]
const thrown = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    const { code, shortMessage, details } = error as {
      code: unknown
      shortMessage: unknown
      details: unknown
    }
    return { code, shortMessage, details }
  }
  throw new Error('expected a throw')
}

describe('routeWalletRequest', () => {
  it('sends the two reads to the secure frame silently, and the batch through its approval on the chain it names', async () => {
    const { asked, route } = setup('embedded')
    expect(await route('wallet_getCallsStatus', ['0x01'])?.()).toEqual(STATUS)
    expect(await route('wallet_sendCalls', batch())?.()).toEqual({ id: '0x01' })
    expect(asked).toEqual([
      ['frame', 'safe', 'wallet_getCallsStatus', ['0x01'], 'eip155:31337'],
      ['frame', 'unsafe', 'wallet_sendCalls', batch(), 'eip155:31338'],
    ])
  })

  it('asks the frame about the configured eip155 chains, or those of them the dapp named', async () => {
    const { asked, route } = setup('embedded')
    await route('wallet_getCapabilities', [ME])?.()
    await route('wallet_getCapabilities', [ME, ['0x7a6a', '0x89']])?.()
    expect(asked.map((call) => call[3])).toEqual([
      [ME, ['0x7a69', '0x7a6a', '0x1']],
      [ME, ['0x7a6a']],
    ])
  })

  it('refuses before anything opens: a call to "abc", an unconfigured chain, no capabilities address', () => {
    const { asked, route } = setup('embedded')
    expect(thrown(() => route('wallet_sendCalls', batch({ calls: [{ to: 'abc' }] })))).toEqual({
      code: 'validation_error',
      shortMessage: 'Invalid wallet_sendCalls params',
      details: 'invalid_format at 0.calls.0.to',
    })
    expect(thrown(() => route('wallet_sendCalls', batch({ chainId: '0x89' })))).toMatchObject({
      code: -32603,
      shortMessage: 'Chain is not supported',
    })
    expect(thrown(() => route('wallet_sendCalls', batch({ atomicRequired: true })))).toMatchObject({
      code: 5760,
      shortMessage: 'Atomicity not supported',
    })
    expect(thrown(() => route('wallet_getCapabilities', []))).toMatchObject({
      code: -32602,
      shortMessage: 'Missing address parameter in wallet_getCapabilities request',
    })
    expect(asked).toEqual([])
  })

  it('passes an atomic batch to the secure frame when the embedded wallet acts as its smart account', async () => {
    const { asked, route } = setup('embedded', undefined, undefined, true)
    expect(await route('wallet_sendCalls', batch({ atomicRequired: true }))?.()).toEqual({ id: '0x01' })
    expect(asked).toEqual([
      ['frame', 'unsafe', 'wallet_sendCalls', batch({ atomicRequired: true }), 'eip155:31338'],
    ])
  })

  it('refuses a frame reply that is not EIP-5792', async () => {
    const { route } = setup('embedded', { status: 'done' })
    await expect(route('wallet_getCallsStatus', ['0x01'])?.()).rejects.toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid wallet_getCallsStatus reply',
    })
  })

  it('sends all three to a wallet paired over WalletConnect, the batch on the chain it names', async () => {
    const { asked, route } = setup('walletConnect')
    expect(await route('wallet_getCapabilities', [ME])?.()).toBe('from the wallet')
    await route('wallet_getCallsStatus', ['0x01'])?.()
    await route('wallet_sendCalls', batch())?.()
    // A paired wallet may batch atomically: it decides.
    await route('wallet_sendCalls', batch({ atomicRequired: true }))?.()
    expect(asked).toEqual([
      ['walletConnect', 'wallet_getCapabilities', [ME], 'eip155:31337'],
      ['walletConnect', 'wallet_getCallsStatus', ['0x01'], 'eip155:31337'],
      ['walletConnect', 'wallet_sendCalls', batch(), 'eip155:31338'],
      ['walletConnect', 'wallet_sendCalls', batch({ atomicRequired: true }), 'eip155:31338'],
    ])
  })

  it("refuses a call status the paired wallet did not approve, with SPEC §8's words", async () => {
    const { asked, route } = setup('walletConnect', undefined, [])
    await expect(route('wallet_getCallsStatus', ['0x01'])?.()).rejects.toMatchObject({
      code: 4200,
      shortMessage: 'Fetching call status not approved by the wallet.',
    })
    expect(asked).toEqual([])
  })

  it('leaves other methods, and requests with no wallet connected, to the usual rules', () => {
    expect(setup('embedded').route('eth_sendTransaction', [{}])).toBeUndefined()
    expect(setup('none').route('wallet_getCapabilities', [ME])).toBeUndefined()
  })
})
