import { UnsupportedCapabilityError } from '@modalkit/protocol'

/**
 * EIP-5792: this wallet has no capabilities, so it may ignore only those the dapp marked
 * `optional: true`; any other is refused (5700) before anything is shown or signed.
 */
export function checkCapabilities(capabilities: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(capabilities ?? {})) {
    const optional = typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional
    if (optional !== true) throw new UnsupportedCapabilityError(name)
  }
}
