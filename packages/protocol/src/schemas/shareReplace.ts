import * as z from 'zod/mini'
import { authShareSchema, walletAddressesSchema } from './auth.ts'

/**
 * Replacing a user's auth share (H4/H5). A session token alone can no longer do it: the
 * account's own EVM key (derived from the seed, so only a holder of two shares has it) signs, as
 * EIP-712 typed data under a domain only the secure frame uses, naming the user, the SHA-256 of the
 * new share, a single-use server nonce and its expiry. The API checks the signer against the address it stored with the first share.
 */

/** A server nonce: 128 bits or more of URL-safe base64. */
export const shareNonceSchema = z
  .string()
  .check(z.minLength(22), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))

/** `POST /v1/auth/share/nonce` (no body): a nonce for one replacement of this session's user's share. */
export const shareNonceReplySchema = z.strictObject({
  nonce: shareNonceSchema,
  /** Epoch milliseconds; the signed text names it, the API refuses the nonce after it. */
  expiresAt: z.number().check(z.int(), z.positive()),
})
export type ShareNonceReply = z.infer<typeof shareNonceReplySchema>

/** A 65-byte secp256k1 signature as 0x-hex (r ‖ s ‖ v). */
export const evmSignatureSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/))

/** `POST /v1/auth/share/replace`. */
export const replaceShareRequestSchema = z.strictObject({
  share: authShareSchema,
  nonce: shareNonceSchema,
  signature: evmSignatureSchema,
})
export type ReplaceShareRequest = z.infer<typeof replaceShareRequestSchema>
export const replaceShareReplySchema = z.strictObject({
  addresses: walletAddressesSchema,
  /** The share's version number: 1 for the first, +1 per replacement; old versions are kept. */
  version: z.number().check(z.int(), z.positive()),
})
export type ReplaceShareReply = z.infer<typeof replaceShareReplySchema>

export type ShareReplaceMessageParameters = {
  userId: string
  /** Lowercase hex SHA-256 of the new share's bytes (not of its base64). */
  shareSha256: string
  nonce: string
  expiresAt: number
}

/**
 * The EIP-712 domain name only the secure frame signs under. A site's eth_signTypedData_v4 under
 * it is refused (ReservedSigningRefusedError), so no site can obtain this signature from the user.
 */
export const SECURE_FRAME_DOMAIN_NAME = 'Modalkit secure frame'

/**
 * The typed data the account signs (EIP-712, not readable text a site could also ask for with
 * personal_sign); the frame builds it to sign, the API to verify, so it is written once, here. No
 * chainId: the replacement is of the user's key share, on no chain.
 */
export function shareReplaceTypedData({
  userId,
  shareSha256,
  nonce,
  expiresAt,
}: ShareReplaceMessageParameters) {
  return {
    domain: { name: SECURE_FRAME_DOMAIN_NAME, version: '1' },
    types: {
      ReplaceAuthShare: [
        { name: 'userId', type: 'string' },
        { name: 'shareSha256', type: 'string' },
        { name: 'nonce', type: 'string' },
        { name: 'expires', type: 'string' },
      ],
    },
    primaryType: 'ReplaceAuthShare' as const,
    message: { userId, shareSha256, nonce, expires: new Date(expiresAt).toISOString() },
  }
}
