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

/**
 * The demo's Vault (contracts/Vault.sol), as both pages call it: `withdraw(5)` reverts with the
 * custom error InsufficientBalance(1, 5), which the library decodes from the node's revert data.
 */
export const VAULT_ABI = [
  {
    type: 'function',
    name: 'withdraw',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [],
  },
  {
    type: 'error',
    name: 'InsufficientBalance',
    inputs: [
      { name: 'available', type: 'uint256' },
      { name: 'required', type: 'uint256' },
    ],
  },
] as const

/** The Vault address typed into the page (each deployment has its own). */
export function vaultAddress(): `0x${string}` {
  const value = (document.querySelector('[data-testid="vault-address"]') as HTMLInputElement | null)?.value
  if (!value || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error('Type the Vault contract address first')
  return value as `0x${string}`
}
