import {
  InsufficientBalanceError,
  InvalidAmountError,
  InvalidRecipientError,
  type TokenBalance,
} from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { buildEvmSend, encodeErc20Transfer } from './buildEvmSend.ts'
import { resolveRecipient } from './resolveRecipient.ts'
import { checkedAmount, parseAmount } from './sendDraft.ts'

const lusd: TokenBalance = {
  name: 'Local USD',
  symbol: 'LUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
}

describe('parseAmount', () => {
  it('reads whole units into base units without rounding', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount(' 0.000001 ', 6)).toBe(1n)
    expect(parseAmount('.25', 2)).toBe(25n)
    expect(parseAmount('3', 18)).toBe(3n * 10n ** 18n)
  })
  it.each(['', '0', '0.000', '-1', '1e3', '1.2.3', 'abc', '1.0000001'])('refuses %j', (text) => {
    expect(() => parseAmount(text, 6)).toThrow(InvalidAmountError)
  })
})

describe('checkedAmount', () => {
  it('accepts up to the holding and refuses more with InsufficientBalanceError', () => {
    expect(checkedAmount({ token: lusd, amount: '12.5', recipient: '' })).toBe(12_500_000n)
    expect(() => checkedAmount({ token: lusd, amount: '12.500001', recipient: '' })).toThrow(
      InsufficientBalanceError,
    )
  })
  it('needs a token', () => {
    expect(() => checkedAmount({ token: undefined, amount: '1', recipient: '' })).toThrow(InvalidAmountError)
  })
})

describe('resolveRecipient', () => {
  it('takes an address of the namespace and refuses anything else with "Invalid address"', async () => {
    const evm = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await expect(resolveRecipient(` ${evm} `, 'eip155')).resolves.toBe(evm)
    await expect(resolveRecipient(evm.slice(2), 'eip155')).resolves.toBe(evm)
    await expect(resolveRecipient('0x1234', 'eip155')).rejects.toThrow(InvalidRecipientError)
    await expect(resolveRecipient('0x1234', 'eip155')).rejects.toThrow('Invalid address')
    await expect(resolveRecipient(evm, 'solana')).rejects.toThrow(InvalidRecipientError)
  })
})

describe('buildEvmSend', () => {
  const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  it('sends the native currency as value', () => {
    expect(buildEvmSend({ from, recipient: to, amount: 10n ** 18n, token: undefined })).toEqual({
      from,
      to,
      value: '0xde0b6b3a7640000',
    })
  })
  it("calls the token contract's transfer(to, amount) for an ERC-20", () => {
    const tx = buildEvmSend({ from, recipient: to, amount: 1_500_000n, token: lusd.address })
    expect(tx.to).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(tx.value).toBe('0x0')
    // transfer(address,uint256) = 0xa9059cbb, then the two 32-byte words.
    expect(tx.data).toBe(
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' +
        '000000000000000000000000000000000000000000000000000000000016e360',
    )
  })
  it('refuses a bad recipient', () => {
    expect(() => encodeErc20Transfer('0x12', 1n)).toThrow(RangeError)
  })
})
