import { STORAGE_PREFIX } from '@modalkit/shared'
import { atom } from 'jotai/vanilla'

/** The networks where the embedded wallet can use a smart account (the frame's answer). */
export const smartAccountNetworksAtom = atom<readonly string[]>([])

/** SPEC §3 local storage: the smart-account networks, as the frame last answered them. */
export const SMART_ACCOUNT_NETWORKS_KEY = `${STORAGE_PREFIX}SMART_ACCOUNT_ENABLED_NETWORKS`
/** A CAIP-2 network id, as the protocol's schemas take one. */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** As many as the frame's reply may hold (packages/protocol's frame schema). */
const MAX_NETWORKS = 100

/** The stored smart-account networks; a malformed value reads as none, a malformed entry is dropped. */
export function readSmartAccountNetworks(storage: Storage | undefined): string[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SMART_ACCOUNT_NETWORKS_KEY) ?? '[]')
    if (!Array.isArray(raw)) return []
    return raw.filter((id): id is string => typeof id === 'string' && CAIP2.test(id)).slice(0, MAX_NETWORKS)
  } catch {
    return []
  }
}

export function writeSmartAccountNetworks(storage: Storage | undefined, networks: readonly string[]): void {
  try {
    storage?.setItem(SMART_ACCOUNT_NETWORKS_KEY, JSON.stringify(networks))
  } catch {
    // Storage denied to this frame: the networks last for the page only.
  }
}
