import { createHash } from 'node:crypto'
import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MAX_MESSAGE_CHARS } from './relayLimits.ts'
import { type StartRelayReturnType, startRelay } from './startRelay.ts'
import { connectTestClient, type TestRelayClient } from './testRelayClient.ts'

const topic = () => createHash('sha256').update(Math.random().toString()).digest('hex')

/** Status of a refused upgrade (ws's 'unexpected-response'), or 'open' if it was accepted. */
function upgradeStatus(url: string): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const timer = setTimeout(() => reject(new Error('no answer to the upgrade within 2 s')), 2000)
    socket.on('unexpected-response', (_req, res) => {
      clearTimeout(timer)
      resolve(res.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('open', () => {
      clearTimeout(timer)
      resolve('open')
      socket.close()
    })
    socket.on('error', () => {})
  })
}

describe('startRelay', () => {
  let relay: StartRelayReturnType
  const clients: TestRelayClient[] = []
  const client = async () => {
    const c = await connectTestClient(relay.url)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    relay = await startRelay({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await relay.close()
  })

  it('listens on the port it was given (0: any free one) and reports its URL', () => {
    expect(relay.port).toBeGreaterThan(0)
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
  })

  it('refuses a connection without a JWT, with a forged one, and accepts a valid one', async () => {
    expect(await upgradeStatus(`${relay.url}/?projectId=test`)).toBe(401)
    expect(await upgradeStatus(`${relay.url}/?auth=abc.def.ghi`)).toBe(401)
    const keyPair = generateKeyPair()
    const [header, payload] = (await signJWT('s', relay.url, 3600, keyPair)).split('.')
    const [, , otherSignature] = (await signJWT('s', relay.url, 3600, generateKeyPair())).split('.')
    expect(await upgradeStatus(`${relay.url}/?auth=${header}.${payload}.${otherSignature}`)).toBe(401)
    expect(await upgradeStatus(`${relay.url}/?auth=${await signJWT('s', relay.url, 3600, keyPair)}`)).toBe(
      'open',
    )
  })

  it('answers irn_subscribe with sha256 hex of topic + client id (the did:key of the JWT)', async () => {
    const c = await client()
    const t = topic()
    const answer = await c.request('irn_subscribe', { topic: t })
    expect(c.clientId).toMatch(/^did:key:z/)
    expect(answer.result).toBe(
      createHash('sha256')
        .update(t + c.clientId)
        .digest('hex'),
    )
  })

  it('delivers a publish to other subscribers once, never back to the publisher', async () => {
    const [alice, bob] = [await client(), await client()]
    const t = topic()
    await alice.request('irn_subscribe', { topic: t })
    const bobSub = await bob.request('irn_subscribe', { topic: t })
    expect(
      (await alice.request('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108 })).result,
    ).toBe(true)
    const push = await bob.nextPush()
    expect(push?.params).toEqual({
      id: bobSub.result,
      data: { topic: t, message: 'hello', publishedAt: expect.any(Number), tag: 1108 },
    })
    expect(await alice.nextPush({ timeoutMs: 300 })).toBeNull()
    // Acked: subscribing again does not bring it back.
    await bob.request('irn_subscribe', { topic: t })
    expect(await bob.nextPush({ timeoutMs: 300 })).toBeNull()
  })

  it('keeps a message for a later subscriber within its TTL, and drops it after', async () => {
    const [alice, bob, carol] = [await client(), await client(), await client()]
    const t = topic()
    await alice.request('irn_publish', { topic: t, message: 'early', ttl: 1 })
    await bob.request('irn_subscribe', { topic: t })
    expect((await bob.nextPush())?.params).toMatchObject({ data: { topic: t, message: 'early', tag: 0 } })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await carol.request('irn_subscribe', { topic: t })
    expect(await carol.nextPush({ timeoutMs: 300 })).toBeNull()
  })

  it('sends an unacknowledged message again after the client reconnects and re-subscribes', async () => {
    const alice = await client()
    const t = topic()
    const keyPair = generateKeyPair()
    const first = await connectTestClient(relay.url, keyPair)
    await first.request('irn_subscribe', { topic: t })
    await alice.request('irn_publish', { topic: t, message: 'lost', ttl: 60 })
    expect((await first.nextPush({ ack: false }))?.params).toMatchObject({ data: { message: 'lost' } })
    const closed = new Promise((resolve) => first.socket.once('close', resolve))
    first.close() // gone without acking
    await closed
    await new Promise((resolve) => setTimeout(resolve, 50)) // let the relay see the close

    const second = await client()
    expect(second.clientId).not.toBe(encodeIss(keyPair.publicKey))
    const again = await connectTestClient(relay.url, keyPair)
    clients.push(again)
    expect(again.clientId).toBe(encodeIss(keyPair.publicKey))
    await again.request('irn_subscribe', { topic: t })
    expect((await again.nextPush())?.params).toMatchObject({ data: { message: 'lost' } })
  })

  it('returns stored messages from irn_batchFetchMessages, once', async () => {
    const [alice, bob] = [await client(), await client()]
    const t = topic()
    await alice.request('irn_publish', { topic: t, message: 'stored', ttl: 60, tag: 7 })
    const fetched = await bob.request('irn_batchFetchMessages', { topics: [t] })
    expect(fetched.result).toEqual({
      messages: [{ topic: t, message: 'stored', publishedAt: expect.any(Number), tag: 7 }],
      hasMore: false,
    })
    expect((await bob.request('irn_batchFetchMessages', { topics: [t] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })

  it('publishes the proposal, its response and the settle request with the sign protocol tags', async () => {
    const [dapp, wallet] = [await client(), await client()]
    const [pairingTopic, sessionTopic] = [topic(), topic()]
    await dapp.request('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300 })
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    expect((await wallet.nextPush())?.params).toMatchObject({ data: { message: 'proposal', tag: 1100 } })
    const approve = await wallet.request('wc_approveSession', {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect(approve.result).toBe(true)
    // The dapp was subscribed to the pairing topic by its proposal.
    expect((await dapp.nextPush())?.params).toMatchObject({ data: { message: 'response', tag: 1101 } })
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    expect((await dapp.nextPush())?.params).toMatchObject({ data: { message: 'settle', tag: 1102 } })
    // The wallet was subscribed to the session topic by its approval.
    await dapp.request('irn_publish', { topic: sessionTopic, message: 'request', ttl: 300, tag: 1108 })
    expect((await wallet.nextPush())?.params).toMatchObject({ data: { message: 'request', tag: 1108 } })
  })

  it('answers malformed frames, unknown methods and bad params with JSON-RPC errors', async () => {
    const c = await client()
    expect(await c.sendRaw('{not json')).toEqual({
      id: null,
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
    })
    expect(await c.sendRaw('[1,2]')).toMatchObject({
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    })
    expect(await c.sendRaw(JSON.stringify({ id: 5, method: 'irn_subscribe' }))).toMatchObject({
      id: 5,
      error: { code: -32600, message: 'Invalid request', data: { issues: [{ path: 'jsonrpc' }] } },
    })
    expect(await c.request('eth_sendTransaction', [])).toMatchObject({
      error: { code: -32601, message: 'Method not found: eth_sendTransaction' },
    })
    expect(await c.request('irn_subscribe', { topic: 'not-hex' })).toMatchObject({
      error: {
        code: -32602,
        message: 'Invalid params for irn_subscribe',
        data: { issues: [{ code: 'invalid_format', path: 'topic' }] },
      },
    })
    expect(await c.request('irn_publish', { topic: topic(), message: 'x' })).toMatchObject({
      error: { code: -32602, data: { issues: [{ code: 'invalid_type', path: 'ttl' }] } },
    })
  })

  it('refuses an oversized message, and closes the socket on an oversized frame', async () => {
    const c = await client()
    const answer = await c.request('irn_publish', {
      topic: topic(),
      message: 'x'.repeat(MAX_MESSAGE_CHARS + 1),
      ttl: 60,
    })
    expect(answer).toMatchObject({
      error: { code: -32602, data: { issues: [{ code: 'too_big', path: 'message' }] } },
    })
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code: number) => resolve(code)))
    c.socket.send('x'.repeat(3 * MAX_MESSAGE_CHARS))
    expect(await closed).toBe(1009)
  })
})

describe('startRelay heartbeat', () => {
  it('pings sockets and drops one that stops answering, keeping the live ones', async () => {
    const relay = await startRelay({ host: '127.0.0.1', port: 0, pingIntervalMs: 100 })
    try {
      const live = await connectTestClient(relay.url)
      const jwt = await signJWT('s', relay.url, 3600, generateKeyPair())
      // ws 8 option (the installed 7.x typings predate it): never answer pings, like a vanished peer.
      const silentOptions = { autoPong: false, perMessageDeflate: false }
      const silent = new WebSocket(`${relay.url}/?auth=${jwt}`, silentOptions)
      let pinged = 0
      silent.on('ping', () => pinged++)
      const closed = new Promise<number>((resolve) => silent.once('close', (code: number) => resolve(code)))
      await new Promise((resolve) => silent.once('open', resolve))
      const code = await Promise.race([
        closed,
        new Promise<string>((r) => setTimeout(() => r('still open'), 2000)),
      ])
      expect(pinged).toBeGreaterThan(0)
      expect(code).toBe(1006) // terminated: no close handshake
      expect(live.socket.readyState).toBe(WebSocket.OPEN)
      live.close()
    } finally {
      await relay.close()
    }
  })
})

/** How the relay ends an opened socket: its close code and reason. */
function closeOf(url: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const timer = setTimeout(() => reject(new Error('the socket was not closed within 2 s')), 2000)
    socket.on('close', (code, reason) => {
      clearTimeout(timer)
      resolve({ code, reason: reason.toString() })
    })
    socket.on('error', () => {})
  })
}

describe('startRelay: refusals after the socket opens, as the public relay does', () => {
  let relay: StartRelayReturnType
  const keyPair = generateKeyPair()
  beforeAll(async () => {
    relay = await startRelay({ host: '127.0.0.1', port: 0, isProjectKey: async (id) => id === 'known' })
  })
  afterAll(() => relay.close())

  it("closes an unknown project key with 3000 'Unauthorized: invalid key', and serves a known one", async () => {
    const jwt = await signJWT('s', relay.url, 3600, keyPair)
    expect(await closeOf(`${relay.url}/?auth=${jwt}&projectId=nope`)).toEqual({
      code: 3000,
      reason: 'Unauthorized: invalid key',
    })
    expect(await closeOf(`${relay.url}/?auth=${jwt}`)).toEqual({
      code: 3000,
      reason: 'Unauthorized: invalid key',
    })
    expect(await upgradeStatus(`${relay.url}/?auth=${jwt}&projectId=known`)).toBe('open')
  })

  it('closes a JWT issued in the future (a clock ahead) with 3000 and the JWT validation error', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 600
    const jwt = await signJWT('s', relay.url, 3600, keyPair, ahead)
    const closed = await closeOf(`${relay.url}/?auth=${jwt}&projectId=known`)
    expect(closed.code).toBe(3000)
    expect(closed.reason).toMatch(/^JWT validation error: JWT Token is not yet valid: basic\.iat: \d+/)
  })
})
