import { atom } from 'jotai/vanilla'
import type { ApiClient } from '../../api/createApiClient.ts'
import { log } from '../../log.ts'
import type { Store } from '../atoms.ts'
import { activeAccountAtom } from '../derivedAtoms.ts'

/** The active EVM account's profile name (SPEC §3 cached identity), `null` when it has none. */
export type ProfileName = { caipAddress: string; name: string | null }

export const profileNameAtom = atom<ProfileName | undefined>(undefined)

/**
 * Reads the active account's name from the API's identity endpoint (on open, like the balance).
 * Only EVM accounts have names in the registry; a failure keeps what was known.
 */
export async function refreshProfileName(
  store: Store,
  api: Pick<ApiClient, 'getIdentity'>,
  projectId: string,
): Promise<void> {
  const account = store.get(activeAccountAtom)
  if (account?.status !== 'connected' || account.namespace !== 'eip155' || !account.address) return
  const { caipAddress, address } = account
  if (!caipAddress) return
  try {
    const { name } = await api.getIdentity(projectId, address)
    store.set(profileNameAtom, { caipAddress, name })
  } catch (error) {
    log.warn('could not read the identity', error)
  }
}
