import type { InitOptions } from '@modalkit/protocol'

/**
 * Options from the script tag's data attributes, for the one-line install:
 * `<script src=".../appkit.js" data-project-id="…" data-networks="eip155:1,eip155:137" async>`.
 * Returns `undefined` when the tag carries no project id (the site calls `init()` itself).
 */
export function readScriptOptions(script: HTMLScriptElement): InitOptions | undefined {
  const { projectId, networks, defaultNetwork, themeMode, locale, manualControl, debug, features } =
    script.dataset
  if (!projectId) return undefined
  const options: InitOptions = { projectId }
  if (networks) options.networks = networks.split(',').map((id) => id.trim()) as InitOptions['networks'] & {}
  if (defaultNetwork) options.defaultNetwork = defaultNetwork
  if (themeMode === 'light' || themeMode === 'dark') options.themeMode = themeMode
  if (locale) options.locale = locale
  if (manualControl === 'true') options.manualControl = true
  if (debug === 'true') options.debug = true
  if (features) {
    try {
      options.features = JSON.parse(features)
    } catch {
      console.error('[appkit] data-features is not JSON; ignored')
    }
  }
  return options
}
