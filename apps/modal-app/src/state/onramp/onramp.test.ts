import { describe, expect, it } from 'vitest'
import { renderView } from '../../views/registry.tsx'
import { effectiveFeatures } from '../effectiveFeatures.ts'
import { checkOnrampAmount } from './onrampLimits.ts'

const options = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
}

describe('checkOnrampAmount (SPEC §9 limits)', () => {
  it.each([
    ['10', 'card'],
    ['7500.00', 'card'],
    ['25000', 'ach_bank_account'],
  ] as const)('takes %s by %s', (amount, method) => {
    expect(checkOnrampAmount(options, { amount, fiat: 'USD', method })).toBeUndefined()
  })

  it.each([
    ['9.99', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
    ['7500.01', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
    ['25000.01', 'ach_bank_account', 'Amount must be between 10.00 and 25000.00 USD for bank account (ACH)'],
    ['', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
    ['1.2.3', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
  ] as const)('refuses %s by %s with a typed error', (amount, method, message) => {
    const error = checkOnrampAmount(options, { amount, fiat: 'USD', method })
    expect(error?.name).toBe('OnrampAmountOutOfRangeError')
    expect(error?.code).toBe('validation_error')
    expect(error?.shortMessage).toBe(message)
  })
})

describe('the onramp feature gates its views', () => {
  it('renders the on-ramp views only while onramp is on (site or project may turn it off)', () => {
    const on = effectiveFeatures({}, undefined).features
    expect(renderView('OnRampProviders', on)).toBeDefined()
    expect(renderView('BuyInProgress', on)).toBeDefined()
    for (const off of [
      effectiveFeatures({ onramp: false }, undefined).features,
      effectiveFeatures({ onramp: true }, { onramp: false }).features,
      effectiveFeatures({}, undefined, true).features,
    ]) {
      expect(renderView('OnRampProviders', off)).toBeUndefined()
      expect(renderView('BuyInProgress', off)).toBeUndefined()
    }
  })
})
