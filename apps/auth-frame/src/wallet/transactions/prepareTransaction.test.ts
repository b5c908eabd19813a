import { formatEther, formatUnits, Interface, MaxUint256, Transaction } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../../i18n/inEnglish.ts'
import { TEST_ADDRESS, TEST_SEED } from '../../keys/testSeed.ts'
import { startTestAnvil } from '../startTestAnvil.ts'
import type { WalletRpc } from '../WalletRequest.ts'
import { prepareTransaction } from './prepareTransaction.ts'
import { sendPreparedTransaction } from './sendPreparedTransaction.ts'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CHAIN = { chainId: 'eip155:31337', chainNamespace: 'eip155' as const }
const send = (tx: Record<string, unknown>) => ({ method: 'eth_sendTransaction', params: [tx], ...CHAIN })

let node: { rpc: WalletRpc; stop(): void }
beforeAll(async () => {
  node = await startTestAnvil()
}, 30_000)
afterAll(() => node?.stop())

describe('prepareTransaction and sendPreparedTransaction on anvil', { timeout: 30_000 }, () => {
  it('fills before the approval; the mined transaction is exactly the one the screen showed', async () => {
    const calls: string[] = []
    const rpc: WalletRpc = (chain, method, params) => {
      calls.push(method)
      return node.rpc(chain, method, params)
    }
    const prepared = await prepareTransaction({
      request: send({ to: TO, value: '0x2386f26fc10000' }),
      account: TEST_ADDRESS,
      rpc,
    })
    const shown = Object.fromEntries(
      fieldsInEnglish(prepared.description.fields).map((f) => [f.label, f.value]),
    )
    expect(shown.Network).toBe('Local Anvil A (eip155:31337)')
    expect(shown.Value).toBe('0.01 ETH')
    expect(shown.Warning).toBeUndefined()
    const filledCalls = calls.length
    const hash = await sendPreparedTransaction({
      prepared,
      rpc,
      withWalletSeed: async (fn) => fn(TEST_SEED.slice()),
    })
    // Nothing filled again after the approval: the only call left is the send.
    expect(calls.slice(filledCalls)).toEqual(['eth_sendRawTransaction'])
    const tx = Transaction.from(
      (await node.rpc('eip155:31337', 'eth_getRawTransactionByHash', [hash])) as string,
    )
    const gas = tx.gasLimit * tx.maxFeePerGas!
    expect(shown).toMatchObject({
      To: tx.to,
      Nonce: String(tx.nonce),
      'Gas limit': String(tx.gasLimit),
      'Max fee per gas': `${formatUnits(tx.maxFeePerGas!, 'gwei')} gwei`,
      Total: `up to ${formatEther(tx.value + gas)} ETH`,
    })
    expect(tx.chainId).toBe(31337n)
  })

  it("warns when the site's fee cap or gas price is over 3× the node's estimate, not when it is near", async () => {
    const prepare = (tx: Record<string, unknown>) =>
      prepareTransaction({ request: send({ to: TO, ...tx }), account: TEST_ADDRESS, rpc: node.rpc })
    const warning = async (tx: Record<string, unknown>) =>
      fieldsInEnglish((await prepare(tx)).description.fields).find((f) => f.warning)?.value
    expect(
      await warning({ maxFeePerGas: '0x12a05f200' /* 5 gwei: anvil estimates 2 × 1 + 1 */ }),
    ).toBeUndefined()
    expect(await warning({ maxFeePerGas: '0x174876e800' /* 100 gwei */ })).toMatch(
      /^The site set a fee cap of 100\.0 gwei per gas, over 3× the network's estimate of [\d.]+ gwei$/,
    )
    expect(await warning({ gasPrice: '0x174876e800' })).toMatch(/^The site set a gas price of 100\.0 gwei/)
  })

  it('an ERC-20 approve on a non-token address shows the allowance with the raw amount; max uint is Unlimited', async () => {
    const data = new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [
      TO,
      MaxUint256,
    ])
    const prepared = await prepareTransaction({
      request: send({ to: TEST_ADDRESS, data, gas: '0x10000' }),
      account: TEST_ADDRESS,
      rpc: node.rpc,
    })
    expect(fieldsInEnglish(prepared.description.fields)).toContainEqual({
      label: 'Approval',
      value: `Allow ${TO} to spend Unlimited of token ${TEST_ADDRESS} until revoked`,
      warning: true,
    })
  })

  it('refuses another sender before anything is filled', async () => {
    await expect(
      prepareTransaction({ request: send({ from: TO, to: TO }), account: TEST_ADDRESS, rpc: node.rpc }),
    ).rejects.toMatchObject({ name: 'AccountMismatchError', code: 4100 })
  })
})
