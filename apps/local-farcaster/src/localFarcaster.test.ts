import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { createPublicClient, http, parseAbi } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deployIdRegistry } from './deployIdRegistry.ts'
import { startFarcasterRelay } from './startFarcasterRelay.ts'
import { approveChannel } from './testFarcasterApp.ts'
import { ID_REGISTRY_ADDRESS, TEST_FIDS, UNREGISTERED_KEY } from './testFids.ts'

const AUTH_KEY = 'test-relay-key'
let anvil: Anvil
let relay: Awaited<ReturnType<typeof startFarcasterRelay>>
let clock = Date.now()

beforeAll(async () => {
  anvil = await startAnvil()
  await deployIdRegistry({ rpcUrl: anvil.rpcUrl })
  relay = await startFarcasterRelay({ host: '127.0.0.1', port: 0, authKey: AUTH_KEY, now: () => clock })
}, 60_000)
afterAll(async () => {
  await relay?.close()
  anvil?.stop()
})

const appClient = () =>
  createAppClient({ relay: relay.origin, ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) })
const open = async () => {
  const channel = await appClient().createChannel({
    siweUri: 'http://auth.test/',
    domain: 'auth.test',
    nonce: 'abcdef123456',
  })
  if (channel.isError) throw channel.error
  return channel.data
}

it('registers the test fids at the registry’s real address, once', async () => {
  const registry = createPublicClient({ transport: http(anvil.rpcUrl) })
  const abi = parseAbi([
    'function idOf(address) view returns (uint256)',
    'function custodyOf(uint256) view returns (address)',
  ])
  for (const { fid, custody } of TEST_FIDS) {
    expect(
      await registry.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi,
        functionName: 'idOf',
        args: [custody],
      }),
    ).toBe(BigInt(fid))
    expect(
      await registry.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi,
        functionName: 'custodyOf',
        args: [BigInt(fid)],
      }),
    ).toBe(custody)
  }
  await deployIdRegistry({ rpcUrl: anvil.rpcUrl })
  const counter = await registry.readContract({
    address: ID_REGISTRY_ADDRESS,
    abi: parseAbi(['function idCounter() view returns (uint256)']),
    functionName: 'idCounter',
  })
  expect(counter).toBe(BigInt(TEST_FIDS.length))
})

it('a channel approved by the fid’s custody key verifies through auth-client', async () => {
  const { channelToken, url, nonce } = await open()
  const client = appClient()
  const pending = await client.status({ channelToken })
  expect(pending.isError ? undefined : pending.data.state).toBe('pending')
  const alice = TEST_FIDS[0]!
  await approveChannel({
    relayUrl: relay.origin,
    authKey: AUTH_KEY,
    url,
    fid: alice.fid,
    username: alice.username,
    signWith: alice.custodyKey,
  })
  const done = await client.watchStatus({ channelToken, interval: 50, timeout: 5000 })
  if (done.isError) throw done.error
  expect(done.data).toMatchObject({ state: 'completed', fid: alice.fid, username: 'alice', nonce })
  const verified = await client.verifySignInMessage({
    nonce,
    domain: 'auth.test',
    message: done.data.message ?? '',
    signature: done.data.signature ?? '0x',
    acceptAuthAddress: false,
  })
  expect(verified.isError).toBe(false)
  expect(verified.fid).toBe(alice.fid)
})

it('the relay passes a wrong key’s signature on; verifying it fails', async () => {
  const { channelToken, url, nonce } = await open()
  await approveChannel({ relayUrl: relay.origin, authKey: AUTH_KEY, url, fid: 1, signWith: UNREGISTERED_KEY })
  const client = appClient()
  const done = await client.watchStatus({ channelToken, interval: 50, timeout: 5000 })
  if (done.isError) throw done.error
  const verified = await client.verifySignInMessage({
    nonce,
    domain: 'auth.test',
    message: done.data.message ?? '',
    signature: done.data.signature ?? '0x',
    acceptAuthAddress: false,
  })
  expect(verified.isError).toBe(true)
  expect(verified.error?.errCode).toBe('unauthorized')
})

it('refuses approvals without the relay key, and forgets expired channels', async () => {
  const { channelToken, url } = await open()
  const alice = TEST_FIDS[0]!
  await expect(
    approveChannel({ relayUrl: relay.origin, authKey: 'wrong', url, fid: 1, signWith: alice.custodyKey }),
  ).rejects.toThrow()
  clock += 11 * 60_000
  const status = await appClient().status({ channelToken })
  expect(status.isError ? 0 : status.response.status).toBe(401)
  await expect(
    approveChannel({ relayUrl: relay.origin, authKey: AUTH_KEY, url, fid: 1, signWith: alice.custodyKey }),
  ).rejects.toThrow()
})
