import { SmartAccountSigningRefusedError } from '@modalkit/protocol'

/** EntryPoint v0.7's `depositTo(address)`: it pays into a deposit and takes nothing out. */
const DEPOSIT_TO = '0xb760faf9'

/** The contracts a smart account's operation could turn against it. */
export type AccountCallScope = {
  /** The smart account that makes the calls. */
  address: string
  /** Its EntryPoint, which holds its deposit (and any stake). */
  entryPoint: string
  /** Its DelegationManager, where it grants ERC-7715 permissions. */
  delegationManager?: string | undefined
}

/** The permission flows' own calls to the DelegationManager (revoking a grant) are theirs alone. */
export type AccountCallOptions = { delegationManager?: 'allowed' | undefined }

const same = (a: string | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase()

/**
 * Calls a smart account's operation never makes, whoever asks: an approval could not say what they
 * do, and each one can hand the account over. Solady's account obeys calls from itself as from its
 * owner, so a call to the account itself (transferOwnership, upgradeToAndCall, execute again,
 * anything, even plain ETH) is refused; so is any call to its EntryPoint but `depositTo` (withdrawTo,
 * the stake, handleOps), and any call to its DelegationManager outside the permission flows. Checked
 * on every call of every operation before it is filled, so before any screen.
 */
export function refuseAccountCalls(
  calls: readonly { to: string; data?: string | undefined }[],
  account: AccountCallScope,
  options: AccountCallOptions = {},
): void {
  for (const { to, data = '0x' } of calls) {
    if (same(to, account.address))
      throw new SmartAccountSigningRefusedError('a call from the smart account to itself')
    if (same(to, account.entryPoint) && data.slice(0, 10).toLowerCase() !== DEPOSIT_TO)
      throw new SmartAccountSigningRefusedError('a call to the EntryPoint other than depositTo')
    if (same(account.delegationManager, to) && options.delegationManager !== 'allowed')
      throw new SmartAccountSigningRefusedError(
        'a call to the DelegationManager: ask wallet_revokePermissions',
      )
  }
}
