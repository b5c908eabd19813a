import type { ApiClient } from '../src/api/createApiClient.ts'

/**
 * For unit tests of the modal's state: an API client that records nothing and answers empty lists,
 * the rest given by the test. The real HTTP client runs against a real server in
 * src/api/createApiClient.test.ts and in the e2e suite.
 */
export function stubApiClient(
  overrides: Partial<ApiClient> & Pick<ApiClient, 'getProjectConfig'>,
): ApiClient {
  return {
    sendEvent: async () => {},
    rpc: async (_id, chain, method) => ({ chain, method }),
    bundler: async (_id, chain, method) => ({ chain, method, bundler: true }),
    getWallets: async () => ({ count: 0, data: [] }),
    getSupportedChains: async () => [],
    getBalances: async () => [],
    getNfts: async () => [],
    getHistory: async () => ({ data: [], next: null }),
    getSwapTokens: async () => [],
    getSwapQuote: async () => {
      throw new Error('no swap quote in this test')
    },
    getSwapAllowance: async () => 0n,
    getSwapGasPrice: async () => ({ standard: '0', fast: '0', instant: '0' }),
    buildSwapApprove: async () => {
      throw new Error('no swap approval in this test')
    },
    buildSwapTransaction: async () => {
      throw new Error('no swap transaction in this test')
    },
    getIdentity: async () => ({ name: null, avatar: null }),
    getNameSuggestions: async () => [],
    resolveProfileName: async () => undefined,
    registerName: async () => {},
    getOnrampOptions: async () => ({ paymentCurrencies: [], purchaseCurrencies: [], providers: [] }),
    getOnrampQuote: async () => {
      throw new Error('no quote in this test')
    },
    createOnrampUrl: async () => {
      throw new Error('no on-ramp URL in this test')
    },
    ...overrides,
  }
}
