import { PublicKey } from '@solana/web3.js'
import { SOLANA_CLASSES_EVENT } from './loadSolanaClasses.ts'

// The loader's Solana script (`appkit-solana-<hash>.js`), loaded by the core with SRI once a Solana
// account is connected: @solana/web3.js's PublicKey, which the Solana provider hands the page.

document.currentScript?.dispatchEvent(new CustomEvent(SOLANA_CLASSES_EVENT, { detail: { PublicKey } }))
