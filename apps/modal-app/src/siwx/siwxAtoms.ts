import type { CaipNetworkId } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'

/** SIWXSignMessage: the text being signed, and how the last attempt ended (SPEC §4). */
export type SiwxFlow = {
  step: 'idle' | 'signing' | 'error'
  message?: string | undefined
  error?: string | undefined
}
export const siwxFlowAtom = atom<SiwxFlow>({ step: 'idle' })

/** SPEC §4: the last network signed in on; a required cancel goes back to it. */
export const lastSiwxNetworkAtom = atom<CaipNetworkId | undefined>(undefined)
