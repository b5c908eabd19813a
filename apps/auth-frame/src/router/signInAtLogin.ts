import { formatSiwxMessage, type SiwxMessage, SiwxNeedsApprovalError } from '@modalkit/protocol'
import { encodeBase58 } from '@modalkit/shared'
import type { EmbeddedWalletUser } from '../wallet/createEmbeddedWallet.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'

/** How long after a login its sign-in may still be signed without an approval of its own. */
export const SIGN_IN_AT_LOGIN_MS = 120_000

/**
 * "one approval": with SIWX on, an e-mail, social or device login signs the site's sign-in
 * message in the same turn, the login being the user's consent (AppKit's `siwxMessage` in connect).
 * The frame grants that once per login, for a short while, and only for the plain sign-in of the site
 * it serves, by the account that just logged in: no resources (a ReCap would grant the site more than
 * a sign-in), no expired message. Anything else, and every later sign-in, gets the approval screen.
 */
export function createSignInAtLogin(now: () => number = Date.now) {
  let loggedInAt: number | undefined

  return {
    /** A login completed in this frame: its sign-in may follow without another approval. */
    loggedIn(): void {
      loggedInAt = now()
    },
    /** The login's grant, if still unused, counts from now (a new wallet's recovery text came first). */
    extend(): void {
      if (loggedInAt !== undefined) loggedInAt = now()
    },
    forget(): void {
      loggedInAt = undefined
    },

    /**
     * The request to sign for `message`, which uses up this login's grant whatever the outcome;
     * SiwxNeedsApprovalError when the message is not one the login consented to.
     */
    take(message: SiwxMessage, site: string, user: EmbeddedWalletUser): WalletRequest {
      const at = loggedInAt
      loggedInAt = undefined
      if (at === undefined || now() - at > SIGN_IN_AT_LOGIN_MS)
        throw new SiwxNeedsApprovalError('no login in this turn')
      const origin = URL.canParse(site) ? new URL(site) : undefined
      const uri = URL.canParse(message.uri) ? new URL(message.uri) : undefined
      if (!origin || message.domain !== origin.host || uri?.origin !== origin.origin)
        throw new SiwxNeedsApprovalError(`a sign-in for ${message.domain}, not for ${site}`)
      if (message.resources?.length) throw new SiwxNeedsApprovalError('a sign-in that asks for resources')
      if (message.expirationTime && Date.parse(message.expirationTime) <= now())
        throw new SiwxNeedsApprovalError('an expired sign-in')
      const [namespace] = message.chainId.split(':')
      const account = user.accounts.find((a) => a.namespace === namespace)
      const same =
        namespace === 'eip155'
          ? account?.address.toLowerCase() === message.accountAddress.toLowerCase()
          : account?.address === message.accountAddress
      if (!account || !same) throw new SiwxNeedsApprovalError(`a sign-in for ${message.accountAddress}`)
      const bytes = new TextEncoder().encode(formatSiwxMessage(message))
      const hex = `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
      return account.namespace === 'eip155'
        ? {
            method: 'personal_sign',
            params: [hex, account.address],
            chainId: message.chainId,
            chainNamespace: 'eip155',
          }
        : {
            method: 'solana_signMessage',
            params: { message: encodeBase58(bytes), pubkey: account.address },
            chainId: message.chainId,
            chainNamespace: 'solana',
          }
    },
  }
}

export type SignInAtLogin = ReturnType<typeof createSignInAtLogin>
