import { CORE_EVENT, type CoreFactory } from './coreHandoff.ts'
import { loadScript, type ScriptFile } from './loadScript.ts'

/** The core's script: its URL (on the loader's origin) and Subresource Integrity hash. */
export type CoreScript = ScriptFile

/**
 * Loads the core (stage 2) as a classic script pinned by Subresource Integrity: the browser refuses a
 * file whose bytes differ from the hash built into appkit.js, so a site that pins appkit.js with SRI
 * pins the core too. The element goes once the script ran; the factory comes by the script's own
 * event (coreHandoff.ts), never by a global.
 */
export function loadCore(core: CoreScript): Promise<CoreFactory> {
  return loadScript(core, CORE_EVENT, (detail): detail is CoreFactory => typeof detail === 'function')
}
