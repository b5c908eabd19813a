import { ChainNotSupportedError, SIWX_TOKENS_HEADER } from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'

/**
 * The default verifier's refusals, one each, in our words (SECURITY.md "SIWX session"): the modal
 * shows the message, a site's backend can branch on the code.
 */
export const siwxErrors = {
  nonce: () =>
    new HttpError(
      401,
      'siwx_nonce_invalid',
      'The sign-in nonce is unknown, expired or already used',
      'body.message',
    ),
  domain: () =>
    new HttpError(401, 'siwx_domain_mismatch', 'The sign-in message is for another domain', 'body.message'),
  expired: () => new HttpError(401, 'siwx_expired', 'The sign-in message has expired', 'body.message'),
  notYetValid: () =>
    new HttpError(401, 'siwx_not_yet_valid', 'The sign-in message is not valid yet', 'body.message'),
  malformed: () =>
    new HttpError(400, 'siwx_malformed', 'The sign-in message is not a CAIP-122 message', 'body.message'),
  chain: () =>
    new HttpError(400, 'unsupported_chain', new ChainNotSupportedError('').shortMessage, 'body.message'),
  tokenRequired: () =>
    new HttpError(
      401,
      'siwx_token_required',
      'Sign-in sessions are listed only with the tokens their sign-in gave',
      `header.${SIWX_TOKENS_HEADER}`,
    ),
  signature: () =>
    new HttpError(
      401,
      'siwx_invalid_signature',
      "The signature is not the message account's",
      'body.signature',
    ),
} as const
