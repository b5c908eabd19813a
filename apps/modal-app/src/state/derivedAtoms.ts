import type { View } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import {
  accountsAtom,
  activeChainAtom,
  hasSessionAtom,
  historyAtom,
  networksAtom,
  optionsAtom,
  projectConfigAtom,
  selectedNetworkIdAtom,
} from './atoms.ts'
import { effectiveFeatures } from './effectiveFeatures.ts'
import { isCloseDisabled } from './viewStack.ts'

/** What views, the channel and the rules read, derived once from the plain atoms. */

/** The selected network, when it is one of the configured ones. */
export const selectedNetworkAtom = atom((get) =>
  get(networksAtom).find((n) => n.caipNetworkId === get(selectedNetworkIdAtom)),
)

/** The account of the active chain family (connected or not). */
export const activeAccountAtom = atom((get) => {
  const chain = get(activeChainAtom)
  return get(accountsAtom).find((a) => a.namespace === chain)
})

/** Whether a wallet is connected in the active chain family. */
export const isConnectedAtom = atom((get) => get(activeAccountAtom)?.status === 'connected')

/** SPEC §1: the site's features merged with the project's remote configuration and basic mode. */
export const featuresAtom = atom((get) => {
  const options = get(optionsAtom)
  return effectiveFeatures(options?.features, get(projectConfigAtom)?.features, options?.basic).features
})

/** The view on top of the stack. */
export const currentViewAtom = atom((get): View => get(historyAtom).at(-1) ?? 'Connect')

/** SPEC §2: closing is disabled in the sign and approve views while sign-in is required. */
export const closeDisabledAtom = atom((get) =>
  isCloseDisabled({
    view: get(currentViewAtom),
    siwxRequired: get(optionsAtom)?.siwx?.required === true,
    hasSession: get(hasSessionAtom),
  }),
)
