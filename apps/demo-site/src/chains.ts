import { defineChain } from 'viem'

// The two local anvil chains the demo lists (index.html's `data-networks`). The RPC URLs are
// `npm start`'s; the pages read through Modalkit's provider, which uses the API's chain proxy.

export const localA = defineChain({
  id: 31337,
  name: 'Local A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

export const localB = defineChain({
  id: 31338,
  name: 'Local B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
})

/** Where the pages send 0.001 ETH: anvil's second test account. */
export const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const MESSAGE = 'Hello from the demo site'
