/// <reference path="./wsServer.d.ts" />
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import WebSocket, { WebSocketServer } from 'ws'
import { type AuthenticateClientReturnType, authenticateClient } from './authenticateClient.ts'
import { createRelayHub } from './createRelayHub.ts'
import { MAX_CONNECTIONS, MAX_FRAME_BYTES, PING_INTERVAL_MS } from './relayLimits.ts'
import { RelayRpcError, RPC_ERROR } from './rpcError.ts'

export type StartRelayParameters = {
  host: string
  /** 0 picks a free port (tests); the chosen one is in the result. */
  port: number
  /** Heartbeat period; tests shorten it. */
  pingIntervalMs?: number
  /**
   * Whether a project key (the `projectId` a client connects with) is known, as the public relay
   * checks it with its cloud; an unknown one is closed with 'Unauthorized: invalid key'. Without
   * it, every key is accepted.
   */
  isProjectKey?: ((projectId: string) => Promise<boolean>) | undefined
}

export type StartRelayReturnType = {
  /** `ws://host:port`, what clients take as `relayUrl`. */
  url: string
  port: number
  close(): Promise<void>
}

function refuseUpgrade(socket: Duplex, status: 401 | 503, reason: string): void {
  const text = status === 401 ? 'Unauthorized' : 'Service Unavailable'
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}

/**
 * A local WalletConnect v2 relay: WebSocket JSON-RPC on `ws://host:port/?auth=<JWT>&projectId=…`,
 * enough for the 2.25 sign client and universal provider to pair, propose, approve, request,
 * respond and delete sessions without the public relay. Connections without a valid relay-auth
 * JWT get HTTP 401 on upgrade. `GET /health` answers 200 for readiness checks.
 */
export async function startRelay({
  host,
  port,
  pingIntervalMs = PING_INTERVAL_MS,
  isProjectKey,
}: StartRelayParameters): Promise<StartRelayReturnType> {
  const hub = createRelayHub()
  const alive = new WeakMap<WebSocket, boolean>()
  const http = createServer((req, res) => {
    const health = req.method === 'GET' && req.url === '/health'
    res.writeHead(health ? 200 : 426, { 'content-type': 'text/plain' })
    res.end(health ? 'ok' : 'WebSocket relay: connect with ?auth=<JWT>')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const authenticate = async (url: string | undefined): Promise<AuthenticateClientReturnType> => {
    const auth = await authenticateClient(url)
    if (!auth.ok || !isProjectKey) return auth
    if (!auth.projectId || !(await isProjectKey(auth.projectId)))
      return { ok: false, status: 3000, reason: 'Unauthorized: invalid key' }
    return auth
  }

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (wss.clients.size >= MAX_CONNECTIONS) return refuseUpgrade(socket, 503, 'too many connections')
    void authenticate(req.url).then((auth) => {
      if (!auth.ok && auth.status === 401) return refuseUpgrade(socket, 401, auth.reason)
      // A plain http server hands over a net.Socket; the installed ws typings (7.x) insist on one.
      if (!(socket instanceof Socket)) return socket.destroy()
      wss.handleUpgrade(req, socket, head, (ws) => {
        // The public relay opens the socket, then closes it with 3000 and its reason.
        if (!auth.ok) return ws.close(3000, auth.reason)
        alive.set(ws, true)
        const connection = hub.connect({
          clientId: auth.clientId,
          send: (frame) => {
            if (ws.readyState === WebSocket.OPEN) ws.send(frame)
          },
        })
        ws.on('pong', () => alive.set(ws, true))
        ws.on('message', (data: WebSocket.Data, isBinary?: boolean) => {
          alive.set(ws, true)
          if (isBinary || (typeof data !== 'string' && !Buffer.isBuffer(data))) {
            const error = new RelayRpcError(RPC_ERROR.invalidRequest, 'Binary frames are not JSON-RPC')
            return ws.send(JSON.stringify({ id: null, jsonrpc: '2.0', error: error.toJSON() }))
          }
          connection.receive(data.toString('utf8'))
        })
        ws.on('close', () => connection.close())
        ws.on('error', () => ws.terminate())
      })
    })
  })

  // A socket that has not answered the previous ping is dead (the client vanished without a FIN).
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
    hub.sweep()
  }, pingIntervalMs)
  heartbeat.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, host, () => resolve())
  })
  const actualPort = (http.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `ws://${urlHost}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat)
        for (const ws of wss.clients) ws.terminate()
        wss.close()
        http.close(() => resolve())
      }),
  }
}
