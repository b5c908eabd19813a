import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { JsonRpcProvider, parseEther, Transaction, toQuantity, Wallet } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSeed } from './createSeed.ts'
import { deriveAccounts } from './deriveAccounts.ts'
import { signEvmTransaction } from './signEvmTransaction.ts'
import { TEST_ADDRESS, TEST_SEED, thrown } from './testSeed.ts'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const base = { to: TO, value: '0xde0b6b3a7640000', data: '0x', nonce: '0x0', gas: '0x5208' }

describe('signEvmTransaction', () => {
  it('signs an EIP-1559 transaction that decodes to this account, with the fields given', () => {
    const raw = signEvmTransaction(
      TEST_SEED,
      { ...base, maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' },
      31337n,
    )
    const tx = Transaction.from(raw)
    expect(tx.from).toBe(TEST_ADDRESS)
    expect([tx.type, tx.chainId, tx.to, tx.value, tx.gasLimit, tx.nonce]).toEqual([
      2,
      31337n,
      TO,
      10n ** 18n,
      21000n,
      0,
    ])
  })

  it('signs legacy (gasPrice) transactions and contract creations', () => {
    const legacy = Transaction.from(signEvmTransaction(TEST_SEED, { ...base, gasPrice: '0x3b9aca00' }, 1n))
    expect([legacy.type, legacy.from, legacy.chainId]).toEqual([0, TEST_ADDRESS, 1n])
    const create = Transaction.from(
      signEvmTransaction(TEST_SEED, { data: '0x6000', nonce: '0x1', gas: '0xffff', gasPrice: '0x1' }, 1n),
    )
    expect([create.to, create.data, create.from]).toEqual([null, '0x6000', TEST_ADDRESS])
  })

  it('refuses malformed or mismatched transactions with typed errors, never a signature', () => {
    const fees = { maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' }
    const cases: [unknown, object][] = [
      [
        { ...base, ...fees, chainId: '0x1' },
        { name: 'ChainMismatchError', code: -32603 },
      ],
      [
        { ...base, ...fees, from: TO },
        { name: 'AccountMismatchError', code: 4100 },
      ],
      [
        { ...base, ...fees, to: '0x1234' },
        { name: 'ValidationError', details: 'invalid_format at to' },
      ],
      [
        { ...base, ...fees, value: '1000' },
        { name: 'ValidationError', details: 'invalid_format at value' },
      ],
      [
        { ...base, ...fees, data: '0xabc' },
        { name: 'ValidationError', details: 'invalid_format at data' },
      ],
      [{ ...base, ...fees, to: TO.replace('C51812', 'c51812') }, { details: 'custom at to' }],
      [{ ...base, nonce: undefined, ...fees }, { details: 'custom at nonce' }],
      [{ ...base, ...fees, gasPrice: '0x1' }, { details: 'custom at type' }],
      [{ ...base }, { details: 'custom at type' }],
      [{ ...base, ...fees, data: '0x00', input: '0x01' }, { details: 'custom at data' }],
      [{ ...base, ...fees, type: '0x4' }, { details: 'invalid_value at type' }],
      ['0xf86c…', { name: 'ValidationError' }],
    ]
    for (const [input, expected] of cases) {
      expect(
        thrown(() => signEvmTransaction(TEST_SEED, input, 31337n)),
        JSON.stringify(input),
      ).toMatchObject(expected)
    }
  })
})

// A real chain: anvil from node_modules on a free port, the derived account funded from anvil's
// first account, a transfer signed here, sent raw, and its receipt checked.
describe('signEvmTransaction on anvil', () => {
  const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')
  let anvil: ChildProcess | undefined
  let provider: JsonRpcProvider

  beforeAll(async () => {
    const port = await new Promise<number>((done, fail) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() =>
          typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
        )
      })
    })
    anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', '31337', '--silent'])
    const url = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 15_000
    for (;;) {
      const chainId = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1000),
      }).then(
        (res) => res.json() as Promise<{ result?: string }>,
        () => ({ result: undefined }),
      )
      if (chainId.result === '0x7a69') break
      if (Date.now() > deadline) throw new Error('anvil did not start within 15 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    provider = new JsonRpcProvider(url, 31337, { staticNetwork: true })
  }, 30_000)

  afterAll(() => {
    provider?.destroy()
    anvil?.kill()
  })

  // anvil mines on arrival: poll the receipt directly, bounded, rather than through ethers' block subscriber.
  const receiptOf = async (hash: string) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const receipt: { status: string; from: string } | null = await provider.send(
        'eth_getTransactionReceipt',
        [hash],
      )
      if (receipt) return receipt
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within 10 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  it('sends a transfer signed by the embedded key and gets a successful receipt', async () => {
    const seed = createSeed()
    const { address } = deriveAccounts(seed).eip155
    const funder = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
    expect(funder.address).toBe(TEST_ADDRESS) // anvil's first account (the test phrase)
    expect(
      (await receiptOf((await funder.sendTransaction({ to: address, value: parseEther('2') })).hash)).status,
    ).toBe('0x1')

    const fee = await provider.getFeeData()
    const raw = signEvmTransaction(
      seed,
      {
        from: address,
        to: TO,
        value: toQuantity(parseEther('0.5')),
        nonce: toQuantity(await provider.getTransactionCount(address)),
        gas: toQuantity(21_000),
        maxFeePerGas: toQuantity(fee.maxFeePerGas!),
        maxPriorityFeePerGas: toQuantity(fee.maxPriorityFeePerGas!),
      },
      31337n,
    )
    const hash: string = await provider.send('eth_sendRawTransaction', [raw])
    const receipt = await receiptOf(hash)
    expect(receipt.status).toBe('0x1')
    expect(receipt.from).toBe(address.toLowerCase())
    expect(await provider.getBalance(address)).toBeLessThan(parseEther('1.5'))
  }, 30_000)
})
