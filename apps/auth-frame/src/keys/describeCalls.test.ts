import { describe, expect, it } from 'vitest'
import { fieldsInEnglish, inEnglish } from '../i18n/inEnglish.ts'
import { describeCalls } from './describeCalls.ts'

const A = `0x${'a'.repeat(40)}`
const B = `0x${'b'.repeat(40)}`

describe('describeCalls', () => {
  it('shows each call, the network and the totals, from the transactions that will be signed', () => {
    const description = describeCalls({
      caipNetworkId: 'eip155:31337',
      transactions: [
        { to: A, value: '0xde0b6b3a7640000', gas: '0x5208', maxFeePerGas: '0x3b9aca00' },
        { to: B, data: '0xa9059cbb0000', gas: '0x7530', gasPrice: '0x3b9aca00' },
      ],
    })
    expect(inEnglish(description.title)).toBe('Send 2 calls')
    expect(fieldsInEnglish(description.fields)).toEqual([
      // A transfer selector whose data does not decode: said so, with the warning on top.
      {
        label: 'Warning',
        value:
          'The wallet cannot read every call of this request (see "Unknown call"): approve only if you trust the site with what they do',
        warning: true,
      },
      { label: 'Network', value: 'Local Anvil A (eip155:31337)' },
      { label: 'Calls', value: '2, sent one after another (not atomic)' },
      { label: '#1 To', value: A },
      { label: '#1 Value', value: '1.0 ETH' },
      { label: '#1 Data', value: 'none' },
      { label: '#2 To', value: B },
      { label: '#2 Value', value: '0.0 ETH' },
      { label: '#2 Data', value: '6 bytes' },
      { label: '#2 Function selector', value: '0xa9059cbb' },
      {
        label: '#2 Call',
        value: 'transfer with data that does not decode',
        warning: true,
        data: '0xa9059cbb0000',
      },
      { label: 'Total value', value: '1.0 ETH' },
      // (21000 + 30000) gas at 1 gwei
      { label: 'Estimated total fee', value: 'up to 0.000051 ETH' },
    ])
  })
})

it("names the chain's own currency (BNB on BNB Smart Chain)", () => {
  const { fields } = describeCalls({
    caipNetworkId: 'eip155:56',
    transactions: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000' }],
  })
  expect(fieldsInEnglish(fields)).toEqual(
    expect.arrayContaining([
      { label: 'Network', value: 'BNB Smart Chain (eip155:56)' },
      { label: '#1 Value', value: '1.0 BNB' },
    ]),
  )
})
