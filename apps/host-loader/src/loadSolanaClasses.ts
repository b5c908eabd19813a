import type { PublicKey } from '@solana/web3.js'
import { loadScript } from './loadScript.ts'

/** The classes the Solana script hands over (solanaClasses.ts): @solana/web3.js's PublicKey. */
export type SolanaClasses = { PublicKey: typeof PublicKey }

export const SOLANA_CLASSES_EVENT = 'appkit:solana'

/** The Solana script's file name and SRI hash, written in at build time (vite.config.ts). */
declare const __APPKIT_SOLANA__: { file: string; integrity: string }

/**
 * Loads the Solana script once, from the origin the loader came from, pinned by its SRI hash; a
 * failed load is tried again by the next call.
 */
export function solanaClassesLoader(modalOrigin: string): () => Promise<SolanaClasses> {
  let loading: Promise<SolanaClasses> | undefined
  return () => {
    loading ??= loadScript<SolanaClasses>(
      { url: new URL(__APPKIT_SOLANA__.file, modalOrigin).href, integrity: __APPKIT_SOLANA__.integrity },
      SOLANA_CLASSES_EVENT,
      (detail): detail is SolanaClasses =>
        typeof detail === 'object' &&
        detail !== null &&
        typeof Reflect.get(detail, 'PublicKey') === 'function',
    ).catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
