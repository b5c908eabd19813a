import type { FunctionFragment, Interface, Result } from 'ethers'
import type { Phrase, Shown } from '../../i18n/phrase.ts'
import { phrase } from '../../i18n/phrase.ts'
import type { TokenInfo } from '../formatAllowance.ts'

/** Token symbols and decimals read before the screen opens, by lower-case contract address. */
export type CallTokens = ReadonlyMap<string, TokenInfo>

/** One line a decoder says about a call: an allowance, a transfer, a nested call. */
export type CallLine = {
  /** 'Approval', 'Transfer' or 'Call'. */
  label: Phrase
  value: Shown
  /** Allowances to anyone and transfers out: the user must not miss them. */
  warning?: true | undefined
  /** The line does not say what the call does (an unknown selector, data that does not decode). */
  undecoded?: true | undefined
  /** The bytes an undecoded line could not read, shown whole behind the line's disclosure. */
  data?: string | undefined
  /** Nesting below the call (a multicall's items are 1). */
  depth?: number | undefined
}

export type CallContext = {
  /** The contract called. */
  to: string
  tokens: CallTokens
  /** An amount of the chain's own currency, in wei, as the screen says it. */
  native(amount: bigint): Shown
  /** How deep in multicalls this data sits (0: the call itself). */
  depth: number
  /** Describes data run on the same contract one level deeper (a multicall's items). */
  describeNested(data: string): CallLine[]
}

/** Lines for the data when its selector is the decoder's, else `undefined` (not this decoder's). */
export type CallDecoder = (data: string, context: CallContext) => CallLine[] | undefined

export const tokenInfo = (tokens: CallTokens, address: string): TokenInfo | undefined =>
  tokens.get(address.toLowerCase())

/**
 * Runs `describe` on the data decoded with `abi` when the selector is one of its functions. Data
 * with a known selector that does not decode is said so, as undecoded, never skipped.
 */
export function decodeWith(
  abi: Interface,
  data: string,
  describe: (fragment: FunctionFragment, args: Result) => CallLine[],
): CallLine[] | undefined {
  const fragment = data.length >= 10 ? abi.getFunction(data.slice(0, 10)) : null
  if (!fragment) return undefined
  let args: Result
  try {
    args = abi.decodeFunctionData(fragment, data)
  } catch {
    return [
      {
        label: phrase('field.call'),
        value: phrase('allowance.undecodable', { function: fragment.name }),
        warning: true,
        undecoded: true,
        data,
      },
    ]
  }
  return describe(fragment, args)
}
