import { InvalidAppConfigurationError, InvalidProjectIdError, NotReadyError } from '@modalkit/protocol'
import { hostOriginAtom, projectConfigAtom, type Store, siteAllowedAtom } from './atoms.ts'

/**
 * Methods other than init/open/close are refused to a site the project does not allow (SPEC §8).
 * Fails closed: until the project's configuration has given its verdict, nothing is allowed.
 */
export function assertSiteAllowed(store: Store, projectId: string): void {
  const allowed = store.get(siteAllowedAtom)
  if (allowed === true) return
  if (allowed === undefined) throw new NotReadyError("the project's configuration is not loaded yet")
  throw store.get(projectConfigAtom)
    ? new InvalidAppConfigurationError(store.get(hostOriginAtom))
    : new InvalidProjectIdError(projectId)
}
