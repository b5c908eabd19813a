import { ONRAMP_LIMITS_USD, ONRAMP_PAYMENT_METHODS, type OnrampOptions } from '@modalkit/protocol'

const limits = ONRAMP_PAYMENT_METHODS.map((id) => ({ id, ...ONRAMP_LIMITS_USD[id] }))

/**
 * SPEC §7 and §9: the built-in sample list shown when the options call fails: USD and EUR with
 * SPEC's limits (the same figures in each), USDC on Ethereum and Polygon and ETH on Ethereum, and
 * no provider (nothing can be bought from a list the API did not give).
 */
export const ONRAMP_SAMPLE_OPTIONS: OnrampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: limits })),
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum-mainnet',
          display_name: 'Ethereum',
          chain_id: 'eip155:1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
        {
          name: 'polygon-mainnet',
          display_name: 'Polygon',
          chain_id: 'eip155:137',
          contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        },
      ],
    },
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: 'eip155:1', contract_address: '' },
      ],
    },
  ],
  providers: [],
}
