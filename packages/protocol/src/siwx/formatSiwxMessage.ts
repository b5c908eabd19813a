import type { SiwxMessage } from './siwxMessage.ts'

/** The account family each namespace signs in with, as the message's first line names it. */
const ACCOUNT_NAMES: Partial<Record<string, string>> = { eip155: 'Ethereum', solana: 'Solana' }

/**
 * Writes a sign-in message out (CAIP-122): EIP-4361 for eip155, the Solana sign-in form for solana
 * (the same lines with "Solana account"). The layout is viem's `createSiweMessage`: a blank line
 * after the address, then the statement and a blank line when there is one.
 * @example formatSiwxMessage({ domain: 'shop.test', accountAddress: '0xf39F…', chainId: 'eip155:1', … })
 */
export function formatSiwxMessage(message: SiwxMessage): string {
  const [namespace = '', reference = ''] = message.chainId.split(':')
  const family = ACCOUNT_NAMES[namespace]
  if (!family) throw new TypeError(`sign-in is not defined for ${namespace} accounts`)
  const statement = message.statement ? `${message.statement}\n` : ''
  const lines = [
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt}`,
  ]
  if (message.expirationTime) lines.push(`Expiration Time: ${message.expirationTime}`)
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore}`)
  if (message.requestId) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources?.length) lines.push('Resources:', ...message.resources.map((r) => `- ${r}`))
  return `${message.domain} wants you to sign in with your ${family} account:\n${message.accountAddress}\n\n${statement}\n${lines.join('\n')}`
}
