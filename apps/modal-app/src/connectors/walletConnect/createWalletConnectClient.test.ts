import { randomUUID } from 'node:crypto'
import { type StartRelayReturnType, startRelay } from '@modalkit/local-relay'
import { createMemoryStorage as createWalletStorage } from '@modalkit/local-relay/createMemoryStorage'
import SignClient from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../env/createMemoryStorage.ts'
import { createWalletConnectClient } from './createWalletConnectClient.ts'

// Offline, the SDK would wait ~5 s on the Verify service per proposal; it skips Verify when this is
// set (read when each client is constructed). The modal sets the same for its local relay.
process.env.IS_VITEST = 'true'

const CHAIN = 'eip155:31337'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The connector against the real local relay, with a real sign client as the wallet. */
describe('createWalletConnectClient: pairing expiry', () => {
  let relay: StartRelayReturnType
  let wallet: SignClient

  beforeAll(async () => {
    relay = await startRelay({ host: '127.0.0.1', port: 0 })
    wallet = await SignClient.init({
      projectId: 'local-test',
      relayUrl: relay.url,
      logger: 'silent',
      telemetryEnabled: false,
      customStoragePrefix: `wallet-${randomUUID()}`,
      storage: createWalletStorage(),
      metadata: { name: 'wallet', description: 'wallet (test)', url: 'https://wallet.test', icons: [] },
    })
  })
  afterAll(async () => {
    wallet?.core.heartbeat.stop()
    await wallet?.core.relayer.transportClose().catch(() => {})
    await relay?.close()
  })

  const NAMESPACES = {
    eip155: {
      chains: [CHAIN],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      rpcMap: { '31337': 'http://127.0.0.1:8545' },
    },
  }
  const connectorFor = (pairingExpiryMs: number) =>
    createWalletConnectClient({
      projectId: 'local-test',
      relayUrl: relay.url,
      metadata: () => ({ name: 'site', description: 'site (test)', url: 'https://site.test', icons: [] }),
      storage: createMemoryStorage(),
      pairingExpiryMs,
    })

  it('makes a new URI before the pairing expires, and a wallet pairing with the new one connects', async () => {
    wallet.on('session_proposal', ({ id }) => {
      void wallet.approve({
        id,
        namespaces: {
          eip155: {
            chains: [CHAIN],
            accounts: [`${CHAIN}:${ADDRESS}`],
            methods: ['personal_sign'],
            events: ['chainChanged'],
          },
        },
      })
    })
    // 4 minutes in the product; here 6 s, so the refresh comes at 3 s (half of it, as the 10 s
    // margin is longer than the whole). The wallet pairs with the second URI as soon as it shows.
    const connector = connectorFor(6_000)
    const uris: { uri: string; expiresAt: number }[] = []
    let pairing: Promise<unknown> | undefined
    const connecting = connector.connect(NAMESPACES, (uri, expiresAt) => {
      uris.push({ uri, expiresAt })
      if (uris.length === 2) pairing = wallet.pair({ uri })
    })
    const namespaces = await connecting
    await pairing
    const [first, second] = uris
    expect(uris).toHaveLength(2)
    expect(second?.uri).not.toBe(first?.uri)
    expect(second!.expiresAt).toBeGreaterThan(first!.expiresAt)
    expect(namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ADDRESS}`])
    await connector.disconnect()
  })

  it('a left attempt ends at once, and stops making URIs', async () => {
    const connector = connectorFor(2_000)
    const uris: string[] = []
    const connecting = connector.connect(NAMESPACES, (uri) => uris.push(uri))
    await expect.poll(() => uris.length, { timeout: 5_000 }).toBe(1)
    connector.cancel()
    await expect(connecting).rejects.toMatchObject({ shortMessage: 'Failed to connect' })
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(uris).toHaveLength(1)
  })
})
