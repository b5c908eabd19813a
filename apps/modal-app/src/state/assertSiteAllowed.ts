import { InvalidAppConfigurationError, InvalidProjectIdError } from '@modalkit/protocol'
import { hostOriginAtom, projectConfigAtom, type Store, siteAllowedAtom } from './atoms.ts'

/** Methods other than init/open/close are refused to a site the project does not allow (SPEC §8). */
export function assertSiteAllowed(store: Store, projectId: string): void {
  if (store.get(siteAllowedAtom) !== false) return
  throw store.get(projectConfigAtom)
    ? new InvalidAppConfigurationError(store.get(hostOriginAtom))
    : new InvalidProjectIdError(projectId)
}
