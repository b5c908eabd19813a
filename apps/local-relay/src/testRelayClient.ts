import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'

type Frame = Record<string, unknown> & { id?: unknown; method?: string; params?: unknown }

export type TestRelayClient = {
  clientId: string
  socket: WebSocket
  /** Sends a request and waits (bounded) for the answer with its id. */
  request(method: string, params?: unknown): Promise<Frame>
  /** Sends raw text and waits (bounded) for the next answer that is not a push. */
  sendRaw(text: string): Promise<Frame>
  /** The next `irn_subscription` push (acked unless told not to), or null after `timeoutMs`. */
  nextPush(options?: { timeoutMs?: number; ack?: boolean }): Promise<Frame | null>
  close(): void
}

/** A bare JSON-RPC client over a real socket, for the relay-level tests (the SDK hides the wire). */
export async function connectTestClient(
  relayUrl: string,
  keyPair = generateKeyPair(),
): Promise<TestRelayClient> {
  const jwt = await signJWT('test', relayUrl, 3600, keyPair)
  const socket = new WebSocket(`${relayUrl}/?auth=${jwt}&projectId=test`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const frames: Frame[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data: WebSocket.Data) => {
    frames.push(JSON.parse(data.toString()) as Frame)
    for (const wake of waiters.splice(0)) wake()
  })
  const take = async (match: (f: Frame) => boolean, timeoutMs: number): Promise<Frame | null> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = frames.findIndex(match)
      if (index >= 0) return frames.splice(index, 1)[0] ?? null
      const left = deadline - Date.now()
      if (left <= 0) return null
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  const must = (frame: Frame | null, what: string): Frame => {
    if (!frame) throw new Error(`no answer to ${what} within 2 s`)
    return frame
  }
  let nextId = 1
  return {
    clientId: encodeIss(keyPair.publicKey),
    socket,
    async request(method, params) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return must(await take((f) => f.id === id && f.method === undefined, 2000), method)
    },
    async sendRaw(text) {
      socket.send(text)
      return must(await take((f) => f.method === undefined, 2000), text.slice(0, 40))
    },
    async nextPush({ timeoutMs = 2000, ack = true } = {}) {
      const push = await take((f) => f.method === 'irn_subscription', timeoutMs)
      if (push && ack) socket.send(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }))
      return push
    },
    close: () => socket.close(),
  }
}
