import { Interface } from 'ethers'
import { phrase } from '../../i18n/phrase.ts'
import { formatAllowance, formatDeadline } from '../formatAllowance.ts'
import { type CallDecoder, decodeWith, tokenInfo } from './CallDecoder.ts'

export const PERMIT2 = new Interface([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
])

/**
 * Permit2's on-chain `approve`: "Allow <spender> to spend <amount> through Permit2 until <date>",
 * the token being an argument, not the contract called. A warning unless the amount is zero.
 */
export const decodePermit2Call: CallDecoder = (data, { tokens }) =>
  decodeWith(PERMIT2, data, (_fragment, args) => {
    const token = String(args[0])
    const amount = BigInt(args[2])
    return [
      {
        label: phrase('field.approval'),
        value: phrase('call.permit2Approve', {
          spender: String(args[1]),
          amount: formatAllowance(amount, token, tokenInfo(tokens, token)),
          until: formatDeadline(BigInt(args[3])),
        }),
        ...(amount === 0n ? {} : { warning: true as const }),
      },
    ]
  })
