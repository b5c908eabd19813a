import { STACK_ENV } from './sites.ts'

/** The first local EVM node (anvil), asked directly: what is on chain, whatever a page says. */
export const EVM_NODE = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`

/** anvil's first test account: unlocked on the node, it funds the wallets a test makes. */
export const FUNDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** One JSON-RPC call to the node; its result. */
export async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(EVM_NODE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}
