import { AppKitError } from '@modalkit/protocol'

// Apart from the injected connector, so the Bitcoin script (bitcoinScript.ts) takes only this.

/** A wallet error's numeric code (EIP-1193, JSON-RPC), if it has one. */
export const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number'
    ? (error as { code: number }).code
    : undefined

const KNOWN_CODES = [4001, 4100, 4200, 4900, 4901, 4902] as const

/** A wallet's error as one of ours, keeping the EIP-1193 code the modal acts on (4902: add the chain). */
export function walletError(error: unknown): AppKitError {
  const code = codeOf(error)
  const known = KNOWN_CODES.find((c) => c === code)
  const message =
    typeof (error as { message?: unknown })?.message === 'string'
      ? (error as { message: string }).message
      : ''
  return new AppKitError({
    code: known ?? 5000,
    shortMessage: known === 4902 ? 'Unrecognized chain' : 'Wallet request failed',
    details: message.slice(0, 200),
  })
}
