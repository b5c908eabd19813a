import { InsufficientBalanceError, InvalidAmountError, type TokenBalance } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'

/** What the user is filling in on WalletSend: kept while they pick a token or look at the preview. */
export type SendDraft = {
  /** The holding sent, as the balance endpoint listed it (native when it has no `address`). */
  token: TokenBalance | undefined
  /** The amount as typed, in whole units of the token ("1.5"). */
  amount: string
  /** An address, or a name once `resolveRecipient` knows names. */
  recipient: string
}

export const emptySendDraft = (): SendDraft => ({ token: undefined, amount: '', recipient: '' })
export const sendDraftAtom = atom<SendDraft>(emptySendDraft())

/** The token's decimals as a number (the balance endpoint gives them as text). */
export function tokenDecimals(token: TokenBalance): number {
  const decimals = Number(token.quantity.decimals)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw new RangeError(`bad decimals ${token.quantity.decimals}`)
  return decimals
}

/**
 * A typed amount in base units: a positive decimal with at most `decimals` places, else
 * InvalidAmountError (nothing is rounded: what is sent is what was typed).
 */
export function parseAmount(text: string, decimals: number): bigint {
  const trimmed = text.trim()
  const match = /^([0-9]{1,60})(?:\.([0-9]{1,255}))?$/.exec(trimmed) ?? /^()\.([0-9]{1,255})$/.exec(trimmed)
  if (!match) throw new InvalidAmountError(`not a decimal number: ${JSON.stringify(text)}`)
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) throw new InvalidAmountError(`more than ${decimals} decimals`)
  const units = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
  if (units === 0n) throw new InvalidAmountError('zero')
  return units
}

/** The amount in base units, refused when more than the holding (SPEC: pick a token the account holds). */
export function checkedAmount(draft: SendDraft): bigint {
  const { token } = draft
  if (!token) throw new InvalidAmountError('no token picked')
  const decimals = tokenDecimals(token)
  const units = parseAmount(draft.amount, decimals)
  const held = parseAmount(token.quantity.numeric, decimals)
  if (units > held) throw new InsufficientBalanceError(`${units} > ${held} of ${token.symbol}`)
  return units
}
