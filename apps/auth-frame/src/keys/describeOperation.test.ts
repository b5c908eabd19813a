import { describe, expect, it } from 'vitest'
import { fieldsInEnglish, inEnglish } from '../i18n/inEnglish.ts'
import { phrase } from '../i18n/phrase.ts'
import { describeOperation } from './describeOperation.ts'
import type { RequestField } from './RequestDescription.ts'

const ACCOUNT = `0x${'a'.repeat(40)}`
const TO = `0x${'b'.repeat(40)}`
const base = {
  caipNetworkId: 'eip155:31337',
  account: ACCOUNT,
  maxFee: 2n * 10n ** 15n,
  deploys: false,
  site: 'https://shop.example',
} as const

const text = (fields: RequestField[]) => fieldsInEnglish(fields).map((f) => `${f.label}: ${f.value}`)

describe('describeOperation', () => {
  it('names the smart account, that the operation creates it, the call and the fee it pays itself', () => {
    const shown = describeOperation({
      ...base,
      method: 'eth_sendTransaction',
      calls: [{ to: TO, value: 10n ** 16n, data: '0xa9059cbb00' }],
      payer: 'account',
      deploys: true,
    })
    expect(inEnglish(shown.title)).toBe('Send transaction')
    expect(text(shown.fields)).toEqual([
      'Warning: The wallet cannot read every call of this request (see "Unknown call"): approve only if you trust the site with what they do',
      'Network: Local Anvil A (eip155:31337)',
      `Smart account: ${ACCOUNT}`,
      'Account: Created on chain by this operation',
      `To: ${TO}`,
      'Value: 0.01 ETH',
      'Data: 5 bytes',
      'Function selector: 0xa9059cbb',
      'Call: transfer with data that does not decode',
      'Network fee: up to 0.002 ETH, from the smart account',
    ])
  })

  it('says a batch is all or nothing, totals it, and names the site when its paymaster pays', () => {
    const shown = describeOperation({
      ...base,
      method: 'wallet_sendCalls',
      calls: [
        { to: TO, value: 1n },
        { to: ACCOUNT, value: 2n },
      ],
      payer: 'paymaster',
    })
    expect(inEnglish(shown.title)).toBe('Send 2 calls')
    expect(text(shown.fields)).toContain('Calls: 2, all succeed or none (atomic)')
    expect(text(shown.fields)).toContain(`#2 To: ${ACCOUNT}`)
    expect(text(shown.fields)).toContain('Total value: 0.000000000000000003 ETH')
    expect(text(shown.fields).at(-1)).toBe('Network fee: Paid by https://shop.example (sponsored)')
  })
  it("names a site's own operation and the paymaster it chose, which is not its project's", () => {
    const paymaster = `0x${'c'.repeat(40)}`
    const shown = describeOperation({
      ...base,
      method: 'eth_sendUserOperation',
      calls: [{ to: TO }],
      payer: 'paymaster',
      sitePaymaster: paymaster,
    })
    expect(inEnglish(shown.title)).toBe('Send user operation')
    expect(text(shown.fields).at(-1)).toBe(
      `Network fee: Paid by paymaster ${paymaster}, named by https://shop.example`,
    )
  })

  it("shows the fees a site set in its own operation, with the fee-cap check's warning", () => {
    const warning = phrase('fee.feeCapHigh', { cap: '900 gwei', factor: '3', estimate: '3 gwei' })
    const shown = describeOperation({
      ...base,
      method: 'eth_sendUserOperation',
      calls: [{ to: TO }],
      payer: 'account',
      siteFees: { maxFeePerGas: 900n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n, warning, eip1559: true },
    })
    expect(text(shown.fields).slice(-4)).toEqual([
      'Network fee: up to 0.002 ETH, from the smart account',
      'Max fee per gas: 900.0 gwei',
      'Max priority fee per gas: 1.0 gwei',
      "Warning: The site set a fee cap of 900 gwei per gas, over 3× the network's estimate of 3 gwei",
    ])
    expect(shown.fields.at(-1)?.warning).toBe(true)
  })

  it('warns that a priority fee equal to the fee cap pays the whole cap, on a chain with a base fee only', () => {
    const fees = { maxFeePerGas: 2n * 10n ** 9n, maxPriorityFeePerGas: 2n * 10n ** 9n }
    const shown = (eip1559: boolean) =>
      describeOperation({
        ...base,
        method: 'eth_sendUserOperation',
        calls: [{ to: TO }],
        payer: 'account',
        siteFees: { ...fees, eip1559 },
      }).fields
    expect(text(shown(true)).at(-1)).toBe(
      "Warning: The site set the priority fee equal to the fee cap (2.0 gwei per gas): the operation pays the whole cap, whatever the network's base fee",
    )
    expect(shown(true).at(-1)?.warning).toBe(true)
    expect(text(shown(false)).at(-1)).toBe('Max priority fee per gas: 2.0 gwei')
    expect(shown(false).some((field) => field.warning)).toBe(false)
  })
})
