import { atom } from 'jotai/vanilla'
import type { ApiClient } from '../../api/createApiClient.ts'
import { log } from '../../log.ts'
import type { Store } from '../atoms.ts'
import { activeAccountAtom } from '../derivedAtoms.ts'

/**
 * The active EVM account's identity (SPEC §3 cached identity): its profile name and its avatar's URL,
 * each `null` when it has none. The avatar is the API's answer, unchecked: views show it through
 * safeImageUrl only.
 */
export type ProfileName = { caipAddress: string; name: string | null; avatar: string | null }

export const profileNameAtom = atom<ProfileName | undefined>(undefined)

/**
 * Reads the active account's name and avatar from the API's identity endpoint (on open, like the balance).
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
    const { name, avatar } = await api.getIdentity(projectId, address)
    store.set(profileNameAtom, { caipAddress, name, avatar })
  } catch (error) {
    log.warn('could not read the identity', error)
  }
}
