import { numbered, phrase, type Shown } from '../i18n/phrase.ts'
import type { CallContext, CallDecoder, CallLine, CallTokens } from './calls/CallDecoder.ts'
import { decodeEntryPointCall } from './calls/decodeEntryPointCall.ts'
import { decodeErc20Call } from './calls/decodeErc20Call.ts'
import { decodeMulticall } from './calls/decodeMulticall.ts'
import { decodeNftCall } from './calls/decodeNftCall.ts'
import { decodePermit2Call } from './calls/decodePermit2Call.ts'
import { dataSize } from './dataSize.ts'
import type { RequestField } from './RequestDescription.ts'

/** Every decoder a call's data is read with; a selector none of them knows is an unknown call. */
const DECODERS: readonly CallDecoder[] = [
  decodeErc20Call,
  decodeNftCall,
  decodePermit2Call,
  decodeEntryPointCall,
  decodeMulticall,
]

/** Multicalls nest at most this deep; deeper data is an unknown call. */
export const MAX_CALL_DEPTH = 3

export type DescribeCallOptions = {
  tokens?: CallTokens | undefined
  /** An amount of the chain's own currency, in wei, as the screen says it. */
  native(amount: bigint): Shown
  /** The call's number in a batch; a lone call's lines carry none. */
  index?: number | undefined
}

function linesOf(to: string, data: string, depth: number, options: DescribeCallOptions): CallLine[] {
  const unknown: CallLine[] = [
    {
      label: phrase('field.call'),
      value: phrase('call.unknown', { contract: to, selector: data.slice(0, 10), size: dataSize(data) }),
      warning: true,
      undecoded: true,
      data,
      depth,
    },
  ]
  if (depth > MAX_CALL_DEPTH) return unknown
  const context: CallContext = {
    to,
    tokens: options.tokens ?? new Map(),
    native: options.native,
    depth,
    describeNested: (nested) => linesOf(to, nested, depth + 1, options),
  }
  for (const decode of DECODERS) {
    const lines = decode(data, context)
    if (lines) return lines.map((line) => ({ ...line, depth: line.depth ?? depth }))
  }
  return unknown
}

/**
 * What one call does, in the lines every path shows under its recipient and value: each ERC-20,
 * NFT, Permit2, EntryPoint and multicall function the wallet knows, decoded; any other data "Unknown
 * call to <contract>: <selector>, <n> bytes", its data in full behind the line's disclosure (each
 * undecoded line carries the bytes it could not read). Allowances and transfers out are warnings. A call without data (a plain payment) or creating a contract adds no line.
 * `undecoded` tells the caller to put `unknownCallsWarning` at the top of the screen.
 */
export function describeCall(
  call: { to?: string | null | undefined; data?: string | undefined },
  options: DescribeCallOptions,
): { fields: RequestField[]; undecoded: boolean } {
  const data = call.data ?? '0x'
  if (!call.to || data.length <= 2) return { fields: [], undecoded: false }
  const lines = linesOf(call.to, data, 0, options)
  const undecoded = lines.some((line) => line.undecoded)
  const fields: RequestField[] = lines.map((line) => {
    // An undecoded line is never without its bytes: those it names, else the whole call's.
    const bytes = line.undecoded ? (line.data ?? data) : undefined
    return {
      label: numbered(line.label, options.index),
      value: line.value,
      ...(line.depth ? { depth: line.depth } : {}),
      ...(line.warning ? { warning: line.warning } : {}),
      ...(bytes ? { data: bytes } : {}),
    }
  })
  return { fields, undecoded }
}

/** The line that opens a request with any call the wallet could not read. */
export const unknownCallsWarning = (): RequestField => ({
  label: phrase('field.warning'),
  value: phrase('call.warningUnknown'),
  warning: true,
})
