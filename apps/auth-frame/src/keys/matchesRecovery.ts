import { importRecovery } from './importRecovery.ts'

/**
 * Whether `typed` is the recovery text of `share` (whitespace ignored, as `importRecovery` reads
 * it). Used to confirm that a person saved a new recovery text before the wallet it opens is used.
 * Compares every byte, whatever differs first: the texts are a secret.
 */
export function matchesRecovery(typed: string, share: Uint8Array): boolean {
  let read: Uint8Array
  try {
    read = importRecovery(typed)
  } catch {
    return false
  }
  try {
    if (read.length !== share.length) return false
    let diff = 0
    for (let i = 0; i < share.length; i++) diff |= read[i]! ^ share[i]!
    return diff === 0
  } finally {
    read.fill(0)
  }
}
