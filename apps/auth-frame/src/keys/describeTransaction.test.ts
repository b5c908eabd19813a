import { describe, expect, it } from 'vitest'
import { fieldsInEnglish, inEnglish } from '../i18n/inEnglish.ts'
import { phrase } from '../i18n/phrase.ts'
import { describeTransaction } from './describeTransaction.ts'
import { TEST_ADDRESS } from './testSeed.ts'

const filled = {
  to: TEST_ADDRESS,
  value: '0x1bc16d674ec80000',
  data: `0xa9059cbb${'00'.repeat(64)}`,
  nonce: '0x7',
  gas: '0x5208',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
}

describe('describeTransaction', () => {
  it("shows the filled transaction: network, value in the chain's currency, nonce, gas, fee cap, total", () => {
    const { title, fields } = describeTransaction({ caipNetworkId: 'eip155:137', transaction: filled })
    expect(inEnglish(title)).toBe('Send transaction')
    expect(fieldsInEnglish(fields)).toEqual([
      { label: 'Network', value: 'Polygon (eip155:137)' },
      { label: 'To', value: TEST_ADDRESS },
      { label: 'Value', value: '2.0 POL' },
      { label: 'Data', value: '68 bytes' },
      { label: 'Function selector', value: '0xa9059cbb' },
      // ERC-20 transfer(0x0, 0): decoded, a transfer out (no token info read: raw units).
      {
        label: 'Transfer',
        value: `Transfer 0 (raw units) of token ${TEST_ADDRESS} to 0x${'0'.repeat(40)}`,
        warning: true,
      },
      { label: 'Nonce', value: '7' },
      { label: 'Gas limit', value: '21000' },
      { label: 'Max fee per gas', value: '2.0 gwei' },
      { label: 'Max priority fee per gas', value: '1.0 gwei' },
      { label: 'Max fee', value: 'up to 0.000042 POL' },
      { label: 'Total', value: 'up to 2.000042 POL' },
    ])
  })

  it('names an unknown chain as the site did, marked, claims no currency, and adds the warning', () => {
    const described = describeTransaction({
      caipNetworkId: 'eip155:999999',
      siteNetworkName: 'Ethereum',
      transaction: { ...filled, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined, gasPrice: '0x1' },
      feeWarning: phrase('fee.unchecked'),
    })
    const fields = fieldsInEnglish(described.fields)
    expect(fields[0]).toEqual({
      label: 'Network',
      value: '"Ethereum" (named by the site, unknown to the wallet) (eip155:999999)',
    })
    expect(fields).toContainEqual({ label: 'Gas price', value: '0.000000001 gwei' })
    expect(fields).toContainEqual({ label: 'Value', value: '2.0 native units' })
    expect(fields.at(-1)).toEqual({
      label: 'Warning',
      value: "The site's fee could not be checked against the network's",
      warning: true,
    })
  })

  it('a known chain is named from the frame table, whatever the site calls it', () => {
    const { fields } = describeTransaction({
      caipNetworkId: 'eip155:31337',
      siteNetworkName: 'Safe test chain',
      transaction: filled,
    })
    expect(fieldsInEnglish(fields)[0]).toEqual({ label: 'Network', value: 'Local Anvil A (eip155:31337)' })
  })
})
