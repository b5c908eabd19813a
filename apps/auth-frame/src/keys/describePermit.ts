import type { TypedData } from '@modalkit/protocol'
import { phrase } from '../i18n/phrase.ts'
import { formatAllowance, formatDeadline, type TokenInfo } from './formatAllowance.ts'
import type { RequestField } from './RequestDescription.ts'

/** Reads a token's symbol and decimals (eth_call through the frame's RPC); `undefined` when it cannot. */
export type ReadToken = (token: string) => Promise<TokenInfo | undefined>

type Grant = {
  spender: string
  token: string
  amount: bigint | 'unlimited' | 'revoke'
  until: bigint
  once?: true
  /** `until` bounds only the signature's use: the allowance it sets lasts until revoked. */
  untilRevoked?: true
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
const text = (value: unknown) => (typeof value === 'string' ? value : String(value))
const big = (value: unknown): bigint => {
  try {
    return BigInt(value as string)
  } catch {
    return 0n
  }
}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])
const names = (data: TypedData) =>
  (data.types[data.primaryType] ?? [])
    .map((f) => f.name)
    .sort()
    .join()

/** The allowances a typed-data message grants, if its primary type is one of the known permits. */
function grantsOf(data: TypedData): Grant[] {
  const m = data.message
  const fields = names(data)
  const token = data.domain.verifyingContract ?? '(no verifying contract)'
  switch (data.primaryType) {
    case 'Permit':
      // EIP-2612: the token is the domain's verifying contract.
      if (fields === 'deadline,nonce,owner,spender,value') {
        return [
          {
            spender: text(m.spender),
            token,
            amount: big(m.value),
            until: big(m.deadline),
            untilRevoked: true,
          },
        ]
      }
      // DAI-style: `allowed` grants everything or revokes.
      if (fields === 'allowed,expiry,holder,nonce,spender') {
        const amount = m.allowed === true ? 'unlimited' : 'revoke'
        return [{ spender: text(m.spender), token, amount, until: big(m.expiry), untilRevoked: true }]
      }
      return []
    // Permit2 (Uniswap): allowances with their own expiration, and one-time transfers.
    case 'PermitSingle':
    case 'PermitBatch':
      return list(m.details).map((item) => {
        const details = record(item)
        return {
          spender: text(m.spender),
          token: text(details.token),
          amount: big(details.amount),
          until: big(details.expiration),
        }
      })
    case 'PermitTransferFrom':
    case 'PermitBatchTransferFrom':
      return list(m.permitted).map((item) => {
        const permitted = record(item)
        return {
          spender: text(m.spender),
          token: text(permitted.token),
          amount: big(permitted.amount),
          until: big(m.deadline),
          once: true as const,
        }
      })
    default:
      return []
  }
}

/**
 * Permits in words, above the raw fields: EIP-2612 `Permit`, DAI's `Permit`, and Permit2's
 * PermitSingle, PermitBatch, PermitTransferFrom and PermitBatchTransferFrom each say "Allow <spender>
 * to spend <amount> <token> until <date>" (EIP-2612's and DAI's "until revoked (signature valid
 * until <date>)": their deadline bounds the signature, not the allowance), with Unlimited for the max sentinels (a permit signature
 * moves tokens without any later transaction to approve, so this line is the user's only warning).
 */
export async function describePermit(data: TypedData, readToken: ReadToken): Promise<RequestField[]> {
  const grants = grantsOf(data)
  const infos = await Promise.all(grants.map((grant) => readToken(grant.token).catch(() => undefined)))
  return grants.map((grant, index) => {
    const info = infos[index]
    const { spender, token } = grant
    if (grant.amount === 'revoke')
      return { label: phrase('field.permit'), value: phrase('permit.revoke', { spender, token }) }
    const amount = formatAllowance(grant.amount === 'unlimited' ? 2n ** 256n - 1n : grant.amount, token, info)
    const until = formatDeadline(grant.until)
    const key = grant.once
      ? 'permit.allowTransferOnce'
      : grant.untilRevoked
        ? 'permit.allowSpendUntilRevoked'
        : 'permit.allowSpend'
    return {
      label: phrase('field.permit'),
      value: phrase(key, { spender, amount, until }),
      warning: true as const,
    }
  })
}
