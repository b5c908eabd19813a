import * as z from 'zod/mini'

const receiptSchema = z.nullable(z.object({ status: z.string(), blockNumber: z.string() }))

/** How often and how long the modal asks for a receipt (a local node mines at once; a real one may not). */
export const RECEIPT_POLL_MS = 500
export const RECEIPT_TIMEOUT_MS = 120_000

/**
 * Waits until `hash` is mined, asking the node through `read` (the API's RPC proxy); answers
 * whether it succeeded. A transaction not mined within RECEIPT_TIMEOUT_MS is an error.
 */
export async function waitForReceipt(
  read: (method: string, params: unknown[]) => Promise<unknown>,
  hash: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<boolean> {
  for (let waited = 0; waited <= RECEIPT_TIMEOUT_MS; waited += RECEIPT_POLL_MS) {
    const receipt = receiptSchema.safeParse(await read('eth_getTransactionReceipt', [hash]))
    if (receipt.success && receipt.data) return receipt.data.status === '0x1'
    await sleep(RECEIPT_POLL_MS)
  }
  throw new Error(`transaction ${hash} not mined in time`)
}
