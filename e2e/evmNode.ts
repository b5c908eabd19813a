import { STACK_ENV } from './sites.ts'

/** The first local EVM node (anvil), asked directly: what is on chain, whatever a page says. */
export const EVM_NODE = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`

/**
 * The account that funds the wallets a test makes: one per Playwright worker (TEST_PARALLEL_INDEX,
 * never the same in two workers at once), so two workers never send from one account together (the
 * node would give both sends the same nonce). No key: the node signs for it (fund).
 */
export const FUNDER = `0x${'f0'.repeat(19)}${Number(process.env.TEST_PARALLEL_INDEX ?? 0)
  .toString(16)
  .padStart(2, '0')}`

/** One JSON-RPC call to the node; its result. */
export async function rpc(method: string, params: unknown[], node = EVM_NODE): Promise<unknown> {
  const res = await fetch(node, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

/**
 * Sends `wei` (1 ether unless said) to `address` from this worker's FUNDER, which the node signs for
 * (anvil_impersonateAccount) and tops up first (anvil_setBalance): the transaction's hash.
 */
export async function fund(address: string, wei = '0xde0b6b3a7640000', node = EVM_NODE): Promise<string> {
  await rpc('anvil_impersonateAccount', [FUNDER], node)
  await rpc('anvil_setBalance', [FUNDER, '0x3635c9adc5dea00000'], node)
  const hash = await rpc('eth_sendTransaction', [{ from: FUNDER, to: address, value: wei }], node)
  if (typeof hash !== 'string') throw new Error(`funding ${address} from ${FUNDER} failed`)
  return hash
}
