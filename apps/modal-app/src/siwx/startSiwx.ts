import type { SiwxApi } from '../api/createSiwxApi.ts'
import { optionsAtom } from '../state/atoms.ts'
import { createSiwx, type Siwx, type SiwxDeps } from './createSiwx.ts'
import { createApiVerifier, createHostVerifier } from './createVerifier.ts'

export type StartSiwxDeps = Omit<SiwxDeps, 'verifier'> & {
  /** The API's SIWX calls for the handshake's site: the default verifier. */
  siwxApi: SiwxApi | undefined
  now: () => number
  storage: Storage | undefined
}

/**
 * Sign-in with X with its verifiers: the site's own when it gave one (`siwx.custom`), else the
 * API's. A chunk of its own, started once a site's options turn sign-in on (createController.ts).
 */
export function startSiwx({ siwxApi, now, storage, ...deps }: StartSiwxDeps): Siwx {
  const apiVerifier = siwxApi && createApiVerifier(siwxApi, now, storage)
  const hostVerifier = createHostVerifier(deps.host)
  return createSiwx({
    ...deps,
    verifier: () => {
      if (deps.store.get(optionsAtom)?.siwx?.custom) return hostVerifier
      if (!apiVerifier) throw new Error('no SIWX verifier: the API is not configured')
      return apiVerifier
    },
  })
}
