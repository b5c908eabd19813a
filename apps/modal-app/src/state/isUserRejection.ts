/** Whether a wallet's error is its user declining (EIP-1193 4001), whichever connector passed it on. */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001
}
