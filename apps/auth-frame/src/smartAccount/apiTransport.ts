import { AppKitError, jsonRpcResponseSchema } from '@modalkit/protocol'
import { custom } from 'viem'

/** A JSON-RPC transport over fetch whose replies are parsed (they cross from the API's origin). */
export function apiTransport(url: string, authorization?: () => string | undefined) {
  let id = 0
  return custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      const bearer = authorization?.()
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: bearer } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
      const reply = jsonRpcResponseSchema.safeParse(await res.json().catch(() => undefined))
      if (!res.ok || !reply.success)
        throw new AppKitError({ code: 5000, shortMessage: `bundler call failed: HTTP ${res.status}` })
      if (reply.data.error) {
        // The bundler's own codes (-32500 validation, -32521 revert…) are not the SDK's: internal,
        // with its message (AA2x, the revert reason) kept for the site.
        const { code, message } = reply.data.error
        throw new AppKitError({
          code: code === -32602 ? -32602 : -32603,
          shortMessage: message.slice(0, 300),
        })
      }
      return reply.data.result
    },
  })
}
