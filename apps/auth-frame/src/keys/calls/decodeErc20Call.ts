import { Interface } from 'ethers'
import { phrase } from '../../i18n/phrase.ts'
import { formatAllowance, formatTokenAmount } from '../formatAllowance.ts'
import { type CallDecoder, decodeWith, tokenInfo } from './CallDecoder.ts'

export const ERC20 = new Interface([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  // ERC-721's transferFrom has the same selector: the line says it can be either.
  'function transferFrom(address from, address to, uint256 amountOrId)',
])

/**
 * ERC-20 `transfer` ("Transfer <amount> to <recipient>"), `approve` and `increaseAllowance` ("Allow
 * <spender> to spend <amount> until revoked": such allowances have no expiry), and `transferFrom`,
 * which ERC-721 shares, as "Transfer <n> (token amount or NFT id)". Transfers and allowances above
 * zero are warnings.
 */
export const decodeErc20Call: CallDecoder = (data, { to, tokens }) =>
  decodeWith(ERC20, data, (fragment, args) => {
    const info = tokenInfo(tokens, to)
    switch (fragment.name) {
      case 'transfer':
        return [
          {
            label: phrase('field.transfer'),
            value: phrase('call.transfer', {
              amount: formatTokenAmount(BigInt(args[1]), to, info),
              recipient: String(args[0]),
            }),
            warning: true,
          },
        ]
      case 'transferFrom':
        return [
          {
            label: phrase('field.transfer'),
            value: phrase('call.transferFrom', {
              amount: String(BigInt(args[2])),
              contract: to,
              from: String(args[0]),
              recipient: String(args[1]),
            }),
            warning: true,
          },
        ]
      default: {
        const amount = BigInt(args[1])
        const key =
          fragment.name === 'increaseAllowance' ? 'allowance.allowSpendMore' : 'allowance.allowSpend'
        return [
          {
            label: phrase('field.approval'),
            value: phrase(key, { spender: String(args[0]), amount: formatAllowance(amount, to, info) }),
            ...(amount === 0n ? {} : { warning: true as const }),
          },
        ]
      }
    }
  })
