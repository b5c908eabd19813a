import { encodeBase58 } from '@modalkit/shared'
import { numbered, phrase } from '../i18n/phrase.ts'
import type { RequestField } from './RequestDescription.ts'

/**
 * Little-endian reads of a Solana instruction's data at a byte offset, as the programs read their
 * own layouts (bincode for the System program, fixed layouts for SPL Token and ComputeBudget): each
 * read gives `undefined` past the end, never a guess.
 */
export type InstructionData = {
  readonly bytes: Uint8Array
  u8(at: number): number | undefined
  u32(at: number): number | undefined
  u64(at: number): bigint | undefined
  pubkey(at: number): string | undefined
  /** bincode's String: u64 length, then UTF-8; `end` is the offset after it. */
  string(at: number): { text: string; end: number } | undefined
}

export function instructionData(bytes: Uint8Array): InstructionData {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const fits = (at: number, size: number) => at + size <= bytes.length
  return {
    bytes,
    u8: (at) => (fits(at, 1) ? bytes[at] : undefined),
    u32: (at) => (fits(at, 4) ? view.getUint32(at, true) : undefined),
    u64: (at) => (fits(at, 8) ? view.getBigUint64(at, true) : undefined),
    pubkey: (at) => (fits(at, 32) ? encodeBase58(bytes.subarray(at, at + 32)) : undefined),
    string(at) {
      if (!fits(at, 8)) return undefined
      const length = view.getBigUint64(at, true)
      if (length > BigInt(bytes.length - at - 8)) return undefined
      const end = at + 8 + Number(length)
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at + 8, end)), end }
      } catch {
        return undefined
      }
    },
  }
}

/** Bytes as lowercase hex, as the approval shows raw data. */
export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * The line for bytes a program reads past: the System program, SPL Token and ComputeBudget decode
 * an instruction by its leading bytes and ignore what follows, so such an instruction runs as its
 * prefix says. The approval shows it decoded and this warning with the bytes, never nothing.
 */
export function extraBytesField(data: Uint8Array, used: number, index?: number): RequestField[] {
  if (data.length <= used) return []
  const extra = data.subarray(used)
  return [
    {
      label: numbered(phrase('solana.extraBytes'), index),
      value: phrase('solana.extraBytesValue', { count: String(extra.length), data: toHex(extra) }),
      warning: true,
    },
  ]
}
