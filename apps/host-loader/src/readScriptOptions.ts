import type { InitOptions } from '@modalkit/protocol'

/**
 * Options from the script tag's data attributes, for the one-line install:
 * `<script src=".../appkit.js" data-project-id="…" data-networks="eip155:1,eip155:137" async>`.
 * Returns `undefined` when the tag carries no project id (the site calls `init()` itself).
 */
export function readScriptOptions(script: HTMLScriptElement): InitOptions | undefined {
  const data = script.dataset
  if (!data.projectId) return undefined
  const options: InitOptions = { projectId: data.projectId }
  if (data.networks)
    options.networks = data.networks.split(',').map((id) => id.trim()) as InitOptions['networks'] & {}
  if (data.defaultNetwork) options.defaultNetwork = data.defaultNetwork
  if (data.themeMode === 'light' || data.themeMode === 'dark') options.themeMode = data.themeMode
  if (data.locale) options.locale = data.locale
  if (data.manualControl === 'true') options.manualControl = true
  if (data.debug === 'true') options.debug = true
  if (data.features) {
    try {
      options.features = JSON.parse(data.features)
    } catch {
      console.error('[appkit] data-features is not JSON; ignored')
    }
  }
  return options
}
