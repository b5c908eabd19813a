import { randomUUID } from 'node:crypto'
import SignClient from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { getBytes, hexlify, toUtf8Bytes, verifyMessage, Wallet } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from './createMemoryStorage.ts'
import { type StartRelayReturnType, startRelay } from './startRelay.ts'

// Offline, the SDK would wait ~5 s on the Verify service per proposal and request; it skips Verify
// (and its analytics ping) when this is set, read when each client is constructed.
process.env.IS_VITEST = 'true'

const EVM_CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const EVM_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'eth_chainId']
const EVM_EVENTS = ['chainChanged', 'accountsChanged']

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms),
    ),
  ])
}

function initClient(relayUrl: string, name: string): Promise<SignClient> {
  const options: SignClientTypes.Options = {
    projectId: 'local-test',
    relayUrl,
    logger: 'silent',
    telemetryEnabled: false,
    // The SDK shares one core per storage prefix in a process: each client needs its own.
    customStoragePrefix: `${name}-${randomUUID()}`,
    storage: createMemoryStorage(),
    metadata: { name, description: `${name} (test)`, url: `https://${name}.test`, icons: [] },
  }
  return SignClient.init(options)
}

describe('startRelay with the real 2.25 sign clients', () => {
  let relay: StartRelayReturnType
  let dapp: SignClient
  let wallet: SignClient
  const signer = Wallet.createRandom()

  beforeAll(async () => {
    relay = await startRelay({ host: '127.0.0.1', port: 0 })
    ;[dapp, wallet] = await Promise.all([initClient(relay.url, 'dapp'), initClient(relay.url, 'wallet')])
  })
  afterAll(async () => {
    for (const client of [dapp, wallet]) {
      client?.core.heartbeat.stop()
      await client?.core.relayer.transportClose().catch(() => {})
    }
    await relay?.close()
  })

  it('pairs, proposes, approves, signs personal_sign with a real key, and deletes the session', async () => {
    // Handlers only record what they saw: an assertion thrown inside an SDK event would be swallowed.
    const seen: { proposedMethods?: string[]; request?: { method: string; params: unknown } } = {}
    wallet.on('session_proposal', ({ id, params }) => {
      seen.proposedMethods = params.optionalNamespaces.eip155?.methods ?? []
      void wallet.approve({
        id,
        namespaces: {
          eip155: {
            chains: [EVM_CHAIN],
            accounts: [`${EVM_CHAIN}:${signer.address}`],
            methods: EVM_METHODS,
            events: EVM_EVENTS,
          },
          solana: {
            chains: [SOLANA_CHAIN],
            accounts: [`${SOLANA_CHAIN}:${SOLANA_ADDRESS}`],
            methods: ['solana_signMessage', 'solana_signTransaction'],
            events: [],
          },
        },
      })
    })
    wallet.on('session_request', ({ id, topic, params }) => {
      seen.request = params.request
      const [message] = params.request.params as [string, string]
      void signer
        .signMessage(getBytes(message))
        .then((result) => wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } }))
    })

    const { uri, approval } = await within(
      dapp.connect({
        optionalNamespaces: {
          eip155: { chains: [EVM_CHAIN], methods: EVM_METHODS, events: EVM_EVENTS },
          solana: {
            chains: [SOLANA_CHAIN],
            methods: ['solana_signMessage', 'solana_signTransaction'],
            events: [],
          },
        },
      }),
      3000,
      'connect',
    )
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await within(wallet.pair({ uri: uri ?? '' }), 3000, 'pair')
    const session: SessionTypes.Struct = await within(approval(), 5000, 'session approval')

    expect(seen.proposedMethods).toEqual(EVM_METHODS)
    expect(session.namespaces.eip155?.accounts).toEqual([`${EVM_CHAIN}:${signer.address}`])
    expect(session.namespaces.solana?.accounts).toEqual([`${SOLANA_CHAIN}:${SOLANA_ADDRESS}`])

    const message = hexlify(toUtf8Bytes('Sign in to Modalkit'))
    const signature = await within(
      dapp.request<string>({
        topic: session.topic,
        chainId: EVM_CHAIN,
        request: { method: 'personal_sign', params: [message, signer.address] },
      }),
      5000,
      'personal_sign',
    )
    expect(seen.request).toMatchObject({ method: 'personal_sign', params: [message, signer.address] })
    expect(verifyMessage(getBytes(message), signature)).toBe(signer.address)

    const deleted = new Promise<string>((resolve) =>
      dapp.once('session_delete', ({ topic }) => resolve(topic)),
    )
    await within(
      wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } }),
      3000,
      'disconnect',
    )
    expect(await within(deleted, 3000, 'session_delete')).toBe(session.topic)
    expect(dapp.session.keys).not.toContain(session.topic)
  })
})
