import { Interface } from 'ethers'
import { phrase } from '../../i18n/phrase.ts'
import { type CallDecoder, decodeWith } from './CallDecoder.ts'

export const MULTICALL = new Interface([
  'function multicall(bytes[] data)',
  'function multicall(uint256 deadline, bytes[] data)',
])

/**
 * `multicall(bytes[])` and `multicall(uint256, bytes[])`: each item runs on the same contract as
 * the caller's own call, so each is described by the same decoders, one level deeper (the
 * describer bounds the depth).
 */
export const decodeMulticall: CallDecoder = (data, { to, describeNested }) =>
  decodeWith(MULTICALL, data, (fragment, args) => {
    const items = args[fragment.inputs.length - 1] as string[]
    return [
      {
        label: phrase('field.call'),
        value: phrase('call.multicall', { count: String(items.length), contract: to }),
      },
      ...items.flatMap((item) => describeNested(item)),
    ]
  })
