import { afterAll, beforeAll, expect, it } from 'vitest'
import { inEnglish } from '../i18n/inEnglish.ts'
import { startTestAnvil } from '../wallet/startTestAnvil.ts'
import type { WalletRpc } from '../wallet/WalletRequest.ts'
import { checkOperationFees } from './checkOperationFees.ts'

const CHAIN = 'eip155:31337'
let node: { rpc: WalletRpc; stop(): void }
beforeAll(async () => {
  node = await startTestAnvil()
}, 30_000)
afterAll(() => node?.stop())

const read = (method: string, params: unknown[]) => node.rpc(CHAIN, method, params)

it("checks a site's user-operation fee cap against anvil's estimate, and knows the chain has a base fee", async () => {
  const tip = BigInt((await read('eth_maxPriorityFeePerGas', [])) as string)
  const high = await checkOperationFees(
    { maxFeePerGas: 10n ** 15n, maxPriorityFeePerGas: 10n ** 15n },
    read,
    CHAIN,
  )
  expect(high.eip1559).toBe(true)
  expect(high.warning && inEnglish(high.warning)).toMatch(/^The site set a fee cap of 1000000.0 gwei per gas/)
  const near = await checkOperationFees({ maxFeePerGas: 2n * tip, maxPriorityFeePerGas: tip }, read, CHAIN)
  expect(near).toEqual({
    maxFeePerGas: 2n * tip,
    maxPriorityFeePerGas: tip,
    warning: undefined,
    eip1559: true,
  })
  // A block that cannot be read: the cap is said unchecked, and the chain is taken to have a base fee.
  const down = await checkOperationFees(
    { maxFeePerGas: tip, maxPriorityFeePerGas: tip },
    () => Promise.reject(new Error('offline')),
    CHAIN,
  )
  expect(down.eip1559).toBe(true)
  expect(down.warning && inEnglish(down.warning)).toBe(
    "The site's fee could not be checked against the network's",
  )
})
