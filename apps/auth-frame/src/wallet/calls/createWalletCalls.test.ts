import { Transaction } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsInEnglish, inEnglish } from '../../i18n/inEnglish.ts'
import { TEST_ADDRESS, TEST_SEED } from '../../keys/testSeed.ts'
import { createMemorySessionStore } from '../createMemorySessionStore.ts'
import { startTestAnvil } from '../startTestAnvil.ts'
import type { WalletRpc } from '../WalletRequest.ts'
import { createWalletCalls } from './createWalletCalls.ts'

const TO_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TO_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const CHAIN = { chainId: 'eip155:31337', chainNamespace: 'eip155' as const }

let node: { rpc: WalletRpc; stop(): void }
beforeAll(async () => {
  node = await startTestAnvil()
}, 30_000)
afterAll(() => node?.stop())

const seedUses: number[] = []
const walletCalls = (sessionStore = createMemorySessionStore()) => {
  const sent: string[] = []
  const rpc: WalletRpc = (chain, method, params) => {
    if (method === 'eth_sendRawTransaction') sent.push(params[0] as string)
    return node.rpc(chain, method, params)
  }
  const calls = createWalletCalls({
    account: () => TEST_ADDRESS,
    rpc,
    withWalletSeed: async (fn) => {
      seedUses.push(1)
      return fn(TEST_SEED.slice())
    },
    sessionStore,
  })
  return { calls, sent }
}
const send = (batch: Record<string, unknown>) => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, ...batch }],
  ...CHAIN,
})
const caught = (fn: () => unknown) =>
  Promise.resolve()
    .then(fn)
    .then(
      () => undefined,
      (error: { code?: unknown; shortMessage?: unknown }) => [error.code, error.shortMessage],
    )
const balance = async (address: string) =>
  BigInt((await node.rpc('eip155:31337', 'eth_getBalance', [address, 'latest'])) as string)

// Generous: the whole unit suite runs beside anvil on two cores.
describe('createWalletCalls on anvil (EIP-5792 for an EOA)', { timeout: 30_000 }, () => {
  it('wallet_getCapabilities: no atomic batching on each chain asked about, only for its own account', async () => {
    const { calls } = walletCalls()
    const ask = (params: unknown) =>
      calls.getCapabilities({ method: 'wallet_getCapabilities', params, ...CHAIN })
    expect(ask([TEST_ADDRESS])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(ask([TEST_ADDRESS, ['0x7a69', '0x7A6A']])).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(await caught(() => ask([]))).toEqual([
      -32602,
      'Missing address parameter in wallet_getCapabilities request',
    ])
    expect(await caught(() => ask(undefined))).toEqual([
      -32602,
      'Missing address parameter in wallet_getCapabilities request',
    ])
    expect(await caught(() => ask([TO_1]))).toEqual([4100, 'The requested account has not been authorized'])
  })

  it('sends two transfers with one seed, in order with consecutive nonces; status 200 with two receipts', async () => {
    const { calls, sent } = walletCalls()
    const before = [await balance(TO_1), await balance(TO_2)]
    const prepared = await calls.prepare(
      send({
        from: TEST_ADDRESS,
        calls: [
          { to: TO_1, value: '0x1000' },
          { to: TO_2, value: '0x2000', data: '0x' },
        ],
      }),
    )
    expect(inEnglish(prepared.description.title)).toBe('Send 2 calls')
    expect(fieldsInEnglish(prepared.description.fields).map((f) => f.label)).toContain('Estimated total fee')
    expect(sent).toEqual([]) // nothing sent before the approval
    const uses = seedUses.length
    const { id } = await calls.send(prepared)
    expect(seedUses.length - uses).toBe(1)
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const [first, second] = sent.map((raw) => Transaction.from(raw))
    expect([first?.to, second?.to]).toEqual([TO_1, TO_2])
    expect(second!.nonce).toBe(first!.nonce + 1)
    // Sent means broadcast: the node mines each on its own, the second a moment later on a busy machine.
    await expect
      .poll(async () => [(await balance(TO_1)) - before[0]!, (await balance(TO_2)) - before[1]!])
      .toEqual([0x1000n, 0x2000n])

    const status = await calls.getStatus({ method: 'wallet_getCallsStatus', params: [id], ...CHAIN })
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false })
    expect(status.receipts?.map((r) => [r.status, r.transactionHash])).toEqual([
      ['0x1', first!.hash],
      ['0x1', second!.hash],
    ])
  })

  it('keeps a dapp-given id, refuses it a second time (5720), and answers its status after a reload', async () => {
    const session = createMemorySessionStore()
    const { calls } = walletCalls(session)
    const prepared = await calls.prepare(send({ id: 'order-42', calls: [{ to: TO_1, value: '0x1' }] }))
    expect(await calls.send(prepared)).toEqual({ id: 'order-42' })
    expect(await caught(() => calls.prepare(send({ id: 'order-42', calls: [{ to: TO_1 }] })))).toEqual([
      5720,
      'Duplicate ID',
    ])
    const reloaded = walletCalls(session).calls
    const status = () =>
      reloaded.getStatus({ method: 'wallet_getCallsStatus', params: ['order-42'], ...CHAIN })
    // Sent is not yet mined: on a busy machine the node may still answer pending (100) at first.
    await expect
      .poll(async () => {
        const { status: code, receipts } = await status()
        return [code, receipts?.length]
      })
      .toEqual([200, 1])
  })

  it('refuses what an EOA or this wallet cannot do, before anything is filled or signed', async () => {
    const { calls, sent } = walletCalls()
    const uses = seedUses.length
    const refuse = (batch: Record<string, unknown>) =>
      caught(() => calls.prepare(send({ calls: [{ to: TO_1 }], ...batch })))
    expect(await refuse({ atomicRequired: true })).toEqual([5760, 'Atomicity not supported'])
    expect(await refuse({ chainId: '0x1' })).toEqual([-32603, 'Chain is not supported'])
    expect(await refuse({ from: TO_1 })).toEqual([4100, 'The requested account has not been authorized'])
    expect(await refuse({ capabilities: { paymasterService: { url: 'https://pm.test' } } })).toEqual([
      5700,
      'Unsupported non-optional capability',
    ])
    expect(await refuse({ calls: [{ to: 'abc' }] })).toEqual([
      'validation_error',
      'Invalid wallet_sendCalls params',
    ])
    expect(await refuse({ version: '1.0' })).toEqual(['validation_error', 'Invalid wallet_sendCalls params'])
    // An optional capability the wallet lacks is ignored (EIP-5792).
    expect(
      await refuse({ capabilities: { paymasterService: { url: 'https://pm.test', optional: true } } }),
    ).toBeUndefined()
    expect([sent, seedUses.length - uses]).toEqual([[], 0])
  })

  it('answers 100 while the transactions wait for a block, then 200', async () => {
    const { calls } = walletCalls()
    await node.rpc('eip155:31337', 'evm_setAutomine', [false])
    try {
      const prepared = await calls.prepare(
        send({
          calls: [
            { to: TO_1, value: '0x1' },
            { to: TO_2, value: '0x1' },
          ],
        }),
      )
      const { id } = await calls.send(prepared)
      const ask = () => calls.getStatus({ method: 'wallet_getCallsStatus', params: [id], ...CHAIN })
      expect(await ask()).toMatchObject({ status: 100, receipts: [] })
      await node.rpc('eip155:31337', 'evm_mine', [])
      expect((await ask()).status).toBe(200)
    } finally {
      await node.rpc('eip155:31337', 'evm_setAutomine', [true])
    }
  })

  it('wallet_getCallsStatus for an id it did not send: 5730', async () => {
    const { calls } = walletCalls()
    expect(
      await caught(() => calls.getStatus({ method: 'wallet_getCallsStatus', params: ['0x1234'], ...CHAIN })),
    ).toEqual([5730, 'Unknown bundle id'])
  })
})
