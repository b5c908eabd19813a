/**
 * EIP-2255 for the one permission this provider has, `eth_accounts`. wagmi's injected connector
 * (EIP-6963 discovery included) asks `wallet_requestPermissions` on connect and
 * `wallet_revokePermissions` on disconnect, as MetaMask supports them; answering them here makes
 * wagmi's connect one modal prompt and its disconnect a real one. Other permissions (ERC-7715
 * session permissions, which share the method name) go on to the wallet unchanged.
 */
export function isAccountsPermissionRequest(params: unknown): boolean {
  if (!Array.isArray(params) || params.length !== 1) return false
  const [first] = params as unknown[]
  return (
    typeof first === 'object' &&
    first !== null &&
    Object.keys(first).length === 1 &&
    Object.hasOwn(first, 'eth_accounts')
  )
}

/** EIP-2255's answer for the `eth_accounts` permission of these accounts. */
export function accountsPermissions(accounts: readonly string[]): unknown[] {
  return [
    {
      parentCapability: 'eth_accounts',
      caveats: [{ type: 'restrictReturnedAccounts', value: [...accounts] }],
    },
  ]
}
