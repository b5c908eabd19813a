import { createLazyAppKit, loadCore } from '@modalkit/host-loader/stage1'
import type { AppKit, AppKitInitOptions } from '@modalkit/host-loader/types'
import { watchElementTags } from '@modalkit/host-loader/watchElementTags'
import { setCurrentAppKit } from './current.ts'
import { rememberSiteNetworks } from './siteNetworks.ts'

// The npm package's stage 1: what appkit.js (apps/host-loader/src/main.ts) does for a script tag, as
// an ES module. The core (stage 2) comes from the modal's origin, pinned by the Subresource Integrity
// hash of the same build (vite.config.ts), once the page is idle after `init()`.

export type * from '@modalkit/host-loader/types'
export type {
  CaipAddress,
  Namespace,
  NetworkSummary,
  ThemeMode,
  ThemeVariables,
  View,
} from '@modalkit/protocol'
export * from './adapters.ts'
export type * from './elementTypes.ts'
export * from './networks.ts'

/** The core's content-hashed file name and SRI hash, and the default modal origin (vite.config.ts). */
declare const __APPKIT_CORE__: { file: string; integrity: string }
declare const __MODALKIT_ORIGIN__: string

/** `createAppKit()` options: `init()`'s (AppKit's names taken too), and where the modal is served. */
export type CreateAppKitOptions = AppKitInitOptions & {
  /**
   * The modal's origin (where `appkit.js` is served; the core and the modal load from there).
   * Default: the origin the package was built for (`MODAL_ORIGIN` at build time).
   */
  modalOrigin?: string | undefined
}

/**
 * Creates the modal and initialises it, as Reown AppKit's `createAppKit`: returns the same object a
 * script tag gives as `window.appkit` (and sets `window.appkit` to it). When the page already has a
 * `window.appkit` (a script tag, or an earlier call), that one is initialised and returned.
 * @example
 * import { createAppKit, EthersAdapter, mainnet, polygon } from '@modalkit/appkit'
 * const modal = createAppKit({ projectId: 'demo', networks: [mainnet, polygon], adapters: [new EthersAdapter()] })
 * await modal.open({ view: 'Networks' })
 */
export function createAppKit(options: CreateAppKitOptions): AppKit {
  const { modalOrigin, ...init } = options
  rememberSiteNetworks(init.networks)
  const existing = Reflect.get(window, 'appkit') as AppKit | undefined
  if (existing) {
    setCurrentAppKit(existing)
    return existing.init(init)
  }
  const origin = new URL(modalOrigin ?? __MODALKIT_ORIGIN__).origin
  const core = { url: new URL(__APPKIT_CORE__.file, `${origin}/`).href, integrity: __APPKIT_CORE__.integrity }
  const appkit = createLazyAppKit(origin, () => loadCore(core))
  Object.defineProperty(window, 'appkit', {
    value: appkit,
    enumerable: true,
    writable: false,
    configurable: false,
  })
  setCurrentAppKit(appkit)
  // AppKit's buttons, as appkit.js defines them for a script tag: their code is a chunk of its own,
  // fetched only once the page uses one of the tags.
  watchElementTags(() => {
    void import('@modalkit/host-loader/elements').then(({ defineAppKitElements }) =>
      defineAppKitElements(appkit),
    )
  })
  return appkit.init(init)
}
