import { FrameLoadFailedError } from '@modalkit/protocol'
import { CORE_EVENT, type CoreFactory } from './coreHandoff.ts'

/** The core's script: its URL (on the loader's origin) and Subresource Integrity hash. */
export type CoreScript = { url: string; integrity: string }

/**
 * Loads the core (stage 2) as a classic script pinned by Subresource Integrity: the browser refuses a
 * file whose bytes differ from the hash built into appkit.js, so a site that pins appkit.js with SRI
 * pins the core too. The element goes once the script ran; the factory comes by the script's own
 * event (coreHandoff.ts), never by a global.
 */
export function loadCore({ url, integrity }: CoreScript): Promise<CoreFactory> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    let factory: CoreFactory | undefined
    script.addEventListener(CORE_EVENT, (event) => {
      const detail: unknown = (event as CustomEvent<unknown>).detail
      if (!factory && typeof detail === 'function') factory = detail as CoreFactory
    })
    script.onload = () => {
      script.remove()
      if (factory) resolve(factory)
      else reject(new FrameLoadFailedError(`${url} did not hand over the core`))
    }
    script.onerror = () => {
      script.remove()
      reject(new FrameLoadFailedError(`could not load ${url}`))
    }
    script.src = url
    script.integrity = integrity
    // SRI on a cross-origin script needs a CORS fetch; no credentials go with it.
    script.crossOrigin = 'anonymous'
    ;(document.head ?? document.documentElement).appendChild(script)
  })
}
