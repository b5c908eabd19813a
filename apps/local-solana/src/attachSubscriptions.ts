import { PublicKey } from '@solana/web3.js'
import type WebSocket from 'ws'
import type { WebSocketServer } from 'ws'
import { z } from 'zod'
import { type AccountEncoding, encodeAccount } from './encodeAccount.ts'
import { jsonRpcRequestSchema } from './handleJsonRpc.ts'
import type { Landed, LocalCluster } from './LocalCluster.ts'
import {
  invalidParams,
  invalidParamsFrom,
  invalidRequest,
  methodNotFound,
  parseError,
  RpcError,
} from './RpcError.ts'
import { accountConfigSchema, commitmentConfigSchema, pubkeySchema, signatureSchema } from './rpcSchemas.ts'

/** Bounds one connection's memory: a client past this gets an error, as from a busy node. */
const MAX_SUBSCRIPTIONS_PER_SOCKET = 1000

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: PublicKey; encoding: AccountEncoding }
  | { kind: 'slot' }

type Entry = { socket: WebSocket; subscription: Subscription }

const signatureParams = z.tuple([signatureSchema, commitmentConfigSchema.nullish()])
const accountParams = z.tuple([pubkeySchema, accountConfigSchema.nullish()])
const slotParams = z.tuple([])
const unsubscribeParams = z.tuple([z.number().int().nonnegative()])
const UNSUBSCRIBE = new Map([
  ['signatureUnsubscribe', 'signature'],
  ['accountUnsubscribe', 'account'],
  ['slotUnsubscribe', 'slot'],
])

function parse<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params ?? [])
  if (!parsed.success) throw invalidParamsFrom(parsed.error)
  return parsed.data
}

/**
 * The PubSub side of the local cluster on its WebSocket server: signature, account and slot
 * subscriptions with a node's message shapes. web3.js v1 needs this: confirmTransaction waits on
 * signatureSubscribe. A signature that has already landed is notified at once, right after the
 * subscription id; signature subscriptions end with their one notification, as on a node.
 */
export function attachSubscriptions(wss: WebSocketServer, cluster: LocalCluster): () => void {
  const entries = new Map<number, Entry>()
  let nextId = 0

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const notify = (id: number, method: string, result: unknown) => {
    const entry = entries.get(id)
    if (entry) send(entry.socket, { jsonrpc: '2.0', method, params: { result, subscription: id } })
  }
  const accountValue = (address: PublicKey, encoding: AccountEncoding) => {
    const account = cluster.getAccount(address)
    if (account) return encodeAccount(account, encoding)
    // A closed account is notified as empty and system-owned, as a node does.
    return {
      data: ['', encoding === 'base58' ? 'base58' : 'base64'],
      executable: false,
      lamports: 0,
      owner: PublicKey.default.toBase58(),
      rentEpoch: 0,
      space: 0,
    }
  }
  const notifySignature = (id: number, slot: number, err: unknown) => {
    notify(id, 'signatureNotification', { context: { slot }, value: { err } })
    entries.delete(id)
  }

  const onLanded = ({ signature, status, slot, accounts }: Landed) => {
    const touched = new Set(accounts)
    for (const [id, { subscription }] of entries) {
      if (subscription.kind === 'signature' && subscription.signature === signature)
        notifySignature(id, status.slot, status.err)
      else if (subscription.kind === 'account' && touched.has(subscription.address.toBase58()))
        notify(id, 'accountNotification', {
          context: { slot },
          value: accountValue(subscription.address, subscription.encoding),
        })
      else if (subscription.kind === 'slot')
        notify(id, 'slotNotification', { parent: slot - 1, root: slot - 1, slot })
    }
  }
  const stopListening = cluster.onLanded(onLanded)

  const subscribe = (socket: WebSocket, subscription: Subscription): number => {
    let count = 0
    for (const entry of entries.values()) if (entry.socket === socket) count++
    if (count >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw new RpcError(-32603, 'Too many subscriptions')
    const id = nextId++
    entries.set(id, { socket, subscription })
    return id
  }

  const handle = (
    socket: WebSocket,
    method: string,
    params: unknown,
  ): { result: unknown; after?: () => void } => {
    if (method === 'signatureSubscribe') {
      const [signature] = parse(signatureParams, params)
      const id = subscribe(socket, { kind: 'signature', signature })
      const status = cluster.signatureStatus(signature)
      if (!status) return { result: id }
      return { result: id, after: () => notifySignature(id, status.slot, status.err) }
    }
    if (method === 'accountSubscribe') {
      const [address, config] = parse(accountParams, params)
      return {
        result: subscribe(socket, { kind: 'account', address, encoding: config?.encoding ?? 'base64' }),
      }
    }
    if (method === 'slotSubscribe') {
      parse(slotParams, params)
      return { result: subscribe(socket, { kind: 'slot' }) }
    }
    const kind = UNSUBSCRIBE.get(method)
    if (kind) {
      const [id] = parse(unsubscribeParams, params)
      const entry = entries.get(id)
      if (!entry || entry.socket !== socket || entry.subscription.kind !== kind)
        throw invalidParams('Invalid subscription id.')
      entries.delete(id)
      return { result: true }
    }
    throw methodNotFound()
  }

  wss.on('connection', (socket: WebSocket) => {
    socket.on('message', (raw: Buffer) => {
      let body: unknown
      try {
        body = JSON.parse(raw.toString())
      } catch {
        return send(socket, { jsonrpc: '2.0', id: null, error: parseError().toJson() })
      }
      // web3.js sends `ping` notifications (no id) as keep-alives: they need no answer.
      if (typeof body === 'object' && body !== null && !('id' in body)) return
      const request = jsonRpcRequestSchema.safeParse(body)
      if (!request.success || request.data.id === undefined)
        return send(socket, { jsonrpc: '2.0', id: null, error: invalidRequest().toJson() })
      const { id, method, params } = request.data
      try {
        const { result, after } = handle(socket, method, params)
        send(socket, { jsonrpc: '2.0', id, result })
        after?.()
      } catch (error) {
        const rpcError = error instanceof RpcError ? error : new RpcError(-32603, 'Internal error')
        send(socket, { jsonrpc: '2.0', id, error: rpcError.toJson() })
      }
    })
    socket.on('close', () => {
      for (const [id, entry] of entries) if (entry.socket === socket) entries.delete(id)
    })
  })
  return stopListening
}
