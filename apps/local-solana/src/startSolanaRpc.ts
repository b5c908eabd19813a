import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { attachSubscriptions } from './attachSubscriptions.ts'
import { createRpcMethods } from './createRpcMethods.ts'
import { handleJsonRpc } from './handleJsonRpc.ts'
import { LocalCluster } from './LocalCluster.ts'
import { parseError } from './RpcError.ts'
import type { RpcMethods } from './rpcMethod.ts'
import { seedSplToken } from './seedSplToken.ts'
import { TEST_ACCOUNT_LAMPORTS, testKeypairs } from './testKeypairs.ts'

/** Agave's limit on an HTTP JSON-RPC body (MAX_REQUEST_BODY_SIZE). */
export const MAX_BODY_BYTES = 50 * 1024
/** A PubSub message is one small request; nothing legitimate comes near this. */
const MAX_WS_MESSAGE_BYTES = 64 * 1024

export type StartSolanaRpcParameters = {
  host?: string
  /** HTTP port; the WebSocket listens on port + 1, where web3.js looks for it. 0 picks a free pair. */
  port?: number
  /** Browser origins allowed to call the node directly (exact match); none by default. */
  corsOrigins?: readonly string[]
  /** Also create the local chain world's SPL token with its holders (seedSplToken); `npm start` does. */
  seedTokens?: boolean
}

export type StartSolanaRpcReturnType = {
  httpUrl: string
  wsUrl: string
  cluster: LocalCluster
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
      else {
        // Stop buffering at once; the caller answers 413 and the socket closes after it.
        chunks.length = 0
        resolve(undefined)
      }
    })
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function createHttpHandler(methods: RpcMethods, corsOrigins: readonly string[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin
    if (origin && corsOrigins.includes(origin)) {
      res.setHeader('access-control-allow-origin', origin)
      res.setHeader('vary', 'Origin')
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'POST')
      // web3.js sends its own `solana-client` header, so a browser preflights it.
      res.setHeader('access-control-allow-headers', 'content-type, solana-client')
      res.setHeader('access-control-max-age', '600')
      res.writeHead(204).end()
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end()
      return
    }
    const text = await readBody(req)
    if (text === undefined) {
      res.on('finish', () => req.destroy())
      res.writeHead(413, { connection: 'close' }).end()
      return
    }
    let reply: unknown
    try {
      reply = handleJsonRpc(methods, JSON.parse(text))
    } catch {
      reply = { jsonrpc: '2.0', id: null, error: parseError().toJson() }
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(reply === undefined ? '' : JSON.stringify(reply))
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * Starts a local Solana cluster (litesvm) with its JSON-RPC over HTTP on `port` and its PubSub
 * WebSocket on `port + 1`, and funds the ten test keypairs with 1000 SOL each.
 */
export async function startSolanaRpc({
  host = '127.0.0.1',
  port = 8899,
  corsOrigins = [],
  seedTokens = false,
}: StartSolanaRpcParameters = {}): Promise<StartSolanaRpcReturnType> {
  const cluster = new LocalCluster()
  for (const keypair of testKeypairs) {
    const funded = cluster.airdrop(keypair.publicKey, TEST_ACCOUNT_LAMPORTS)
    if ('rejected' in funded) throw new Error(`could not fund ${keypair.publicKey.toBase58()}`)
  }
  if (seedTokens) seedSplToken(cluster)
  const http = createServer(createHttpHandler(createRpcMethods(cluster), corsOrigins))
  const wsHttp = createServer((_req, res) => res.writeHead(426).end())
  // With port 0, the HTTP port is free but port + 1 may not be: try a few pairs.
  let httpPort = 0
  for (let attempt = 0; ; attempt++) {
    httpPort = await listen(http, port, host)
    try {
      await listen(wsHttp, httpPort + 1, host)
      break
    } catch (error) {
      await closeServer(http)
      if (port !== 0 || attempt >= 20) throw error
    }
  }
  const wss = new WebSocketServer({ server: wsHttp, maxPayload: MAX_WS_MESSAGE_BYTES })
  const stopSubscriptions = attachSubscriptions(wss, cluster)
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    httpUrl: `http://${urlHost}:${httpPort}`,
    wsUrl: `ws://${urlHost}:${httpPort + 1}`,
    cluster,
    async close() {
      stopSubscriptions()
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await Promise.all([closeServer(http), closeServer(wsHttp)])
    },
  }
}
