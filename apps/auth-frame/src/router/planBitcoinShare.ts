import { NotConnectedError, NotConnectedToEmbeddedError } from '@modalkit/protocol'
import { phrase } from '../i18n/phrase.ts'
import type { RequestPlan } from '../requests/RequestPlan.ts'
import type { BitcoinGrants } from '../wallet/bitcoin/createBitcoinGrants.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'

/**
 * The Bitcoin address links every payment to and from it, so a site sees it (in any
 * answer: getAccountAddresses, a signature's address, a PSBT) only once the user allowed that site
 * on the secure frame's screen, as a Bitcoin browser wallet's `requestAccounts` and EVM's
 * `eth_requestAccounts` ask.
 */
export type BitcoinShare = {
  wallet: EmbeddedWallet
  grants: BitcoinGrants
  /** The site the modal reported (SYNC_DAPP_DATA). */
  site: string
}

const userIdOf = (wallet: EmbeddedWallet) => {
  const user = wallet.getUser()
  if (!user) throw new NotConnectedToEmbeddedError()
  return user.userId
}

/** Whether this request may go on as it is: anything but bip122, or bip122 on a site allowed. */
export const isBitcoinShared = ({ wallet, grants, site }: BitcoinShare, request: WalletRequest) =>
  request.chainNamespace !== 'bip122' || grants.allowed(userIdOf(wallet), site)

/**
 * A bip122 request from a site not allowed yet, refused before any screen unless it is the site
 * asking for the address. getAccountAddresses is the site asking for the
 * address: its screen asks the user (Approve allows the site and answers; Reject is 4001). Any other
 * Bitcoin request (signMessage, signPsbt, sendTransfer) is refused with 4100, SPEC §8's 'Please call
 * connect() before request()', as EIP-1193 refuses an account not yet authorized: a site that never
 * asked for the address has no account to sign for, and a second screen would only confuse.
 * `silent` (the modal's own read at login) never shows a screen.
 */
export function refuseUnlessAsking(request: WalletRequest, silent: boolean): void {
  if (request.method !== 'getAccountAddresses' || silent)
    throw new NotConnectedError('the Bitcoin address is not shared with this site')
}

/** The screen of a getAccountAddresses from a site not allowed yet: Approve allows it, and answers. */
export async function planBitcoinShare(share: BitcoinShare, request: WalletRequest): Promise<RequestPlan> {
  refuseUnlessAsking(request, false)
  const userId = userIdOf(share.wallet)
  const account = await share.wallet.bitcoinAccount(request)
  const { accountAddresses, checkAddressesParams } = await import('../wallet/bitcoin/bitcoinRequests.ts')
  checkAddressesParams(request, account)
  return {
    description: {
      method: request.method,
      title: phrase('title.shareBitcoinAddress', { site: share.site }),
      fields: [
        { label: phrase('field.bitcoinAddress'), value: account.address },
        { label: phrase('field.shareEffect'), value: phrase('value.shareBitcoinAddress'), warning: true },
      ],
    },
    perform: async () => {
      share.grants.allow(userId, share.site)
      return accountAddresses(account)
    },
  }
}
