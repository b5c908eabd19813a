import {
  AppKitError,
  jsonRpcResponseSchema,
  MissingRpcUrlError,
  nodeRpcErrorSchema,
  toNodeError,
} from '@modalkit/protocol'

/** The logged-in user's session, sent to the API's origin only. */
export type ChainRpcSession = { apiOrigin: string; authorization(): string | undefined }

/**
 * The frame's chain RPC: JSON-RPC over the API's chain proxy URL the modal gave for the chain (the
 * proxy refuses anything but reads and signed sends). Replies are parsed before use. With `session`,
 * a call to the API's own origin carries the user's session, which gives it the proxy's logged-in
 * tier; no other origin ever gets the token.
 */
export function createChainRpc(
  rpcUrlFor: (caipChainId: string) => string | undefined,
  session?: ChainRpcSession,
) {
  let id = 0
  return async (caipChainId: string, method: string, params: unknown[]): Promise<unknown> => {
    const url = rpcUrlFor(caipChainId)
    if (!url) throw new MissingRpcUrlError(caipChainId)
    const bearer = session && new URL(url).origin === session.apiOrigin ? session.authorization() : undefined
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: bearer } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    })
    const reply = jsonRpcResponseSchema.safeParse(await res.json().catch(() => undefined))
    if (!res.ok || !reply.success)
      throw new AppKitError({ code: 5000, shortMessage: `RPC failed: HTTP ${res.status}` })
    if (reply.data.error) {
      // The node's own error, typed by the protocol's table, with its code, message and data (a
      // revert's custom error): the site decodes it as against the node.
      const node = nodeRpcErrorSchema.safeParse(reply.data.error)
      if (node.success) throw toNodeError(node.data)
      throw new AppKitError({ code: -32603, shortMessage: reply.data.error.message.slice(0, 200) })
    }
    return reply.data.result
  }
}
