import type {
  AccountState,
  AnnouncedWallet,
  BitcoinWallet,
  CaipNetworkId,
  DirectoryWallet,
  InitOptions,
  Namespace,
  OpenArgs,
  ProjectConfig,
  ThemeMode,
  ThemeVariables,
  View,
} from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import { atom, createStore } from 'jotai/vanilla'
import type { LoadedCatalogue } from '../i18n/en.ts'
import { enFirst } from '../i18n/enFirst.ts'
import type { Locale } from '../i18n/locales.ts'
import { createViewRouter, type ViewRouter } from './createViewRouter.ts'
import { readViewStack } from './readViewStack.ts'
import { resolveThemeMode, systemThemeAtom, themeModeSettingAtom } from './themeMode.ts'
import type { ListedWallet } from './walletList.ts'
import { writeViewStack } from './writeViewStack.ts'

/** The modal's state. Plain atoms: the rules over them are plain functions, views only read them. */
export const optionsAtom = atom<InitOptions | undefined>(undefined)
export const projectConfigAtom = atom<ProjectConfig | undefined>(undefined)
/** The site's identity: the origin the browser reported for the host's handshake. */
export const hostOriginAtom = atom<string | undefined>(undefined)
/** The language the modal speaks and its messages (i18n/syncLocale keeps them current). */
export const localeAtom = atom<Locale>('en')
export const catalogueAtom = atom<LoadedCatalogue>(enFirst)
/** The API's origin, which serves the built-in networks' logos (set once at start). */
export const apiUrlAtom = atom<string | undefined>(undefined)
/** Whether this site may use the modal (allowlist, known project); `undefined` until known. */
export const siteAllowedAtom = atom<boolean | undefined>(undefined)

export const openAtom = atom(false)
/** The project's configuration is loading (init, or a later fetch after it failed). */
export const loadingAtom = atom(false)
/** open() calls whose first view is not painted yet (SPEC §4: opening sets loading). */
export const openingAtom = atom(0)
export const shakeAtom = atom(0)
/** The memory router whose history is the view stack; bound by the app, else made on first move. */
export const viewRouterAtom = atom<ViewRouter | undefined>(undefined)
/** Bumped by the router's subscription: what makes the stack's readers see a navigation. */
const viewRouterChangeAtom = atom(0)

/** Binds a router to the store (main binds the one with the views' elements, before any move). */
export const bindViewRouterAtom = atom(null, (_get, set, router: ViewRouter): ViewRouter => {
  set(viewRouterAtom, router)
  router.subscribe(() => set(viewRouterChangeAtom, (n) => n + 1))
  return router
})

/**
 * The view stack, read from the router's history: the last entry is shown. Never empty. Writing a
 * stack navigates the router (writeViewStack), so pushes, pops and resets are router moves.
 */
export const historyAtom = atom(
  (get): View[] => {
    get(viewRouterChangeAtom)
    const router = get(viewRouterAtom)
    return router ? readViewStack(router) : ['Connect']
  },
  (get, set, update: View[] | ((history: View[]) => View[])) => {
    const router = get(viewRouterAtom) ?? set(bindViewRouterAtom, createViewRouter())
    const next = typeof update === 'function' ? update(readViewStack(router)) : update
    writeViewStack(router, next)
  },
)
export const swapArgsAtom = atom<OpenArgs['arguments']>(undefined)
export const accountTabAtom = atom<'Tokens' | 'NFTs' | 'Activity'>('Tokens')

/**
 * The theme in use: the site's `themeMode`, else the system's colour scheme and its changes (issue
 * 13). Writing sets the site's choice; `undefined` follows the system again.
 */
export const themeModeAtom = atom(
  (get): ThemeMode => resolveThemeMode(get(themeModeSettingAtom), get(systemThemeAtom)),
  (_get, set, mode: ThemeMode | undefined) => set(themeModeSettingAtom, mode),
)
export const themeVariablesAtom = atom<ThemeVariables>({})

/** The networks the site configured (SPEC §1), in order; set by init. */
export const networksAtom = atom<readonly Network[]>([])
export const activeChainAtom = atom<Namespace | undefined>(undefined)
export const selectedNetworkIdAtom = atom<CaipNetworkId | undefined>(undefined)
export const accountsAtom = atom<AccountState[]>([])
/** Whether a SIWX session exists (sign-in comes with a later issue; the close rule needs it now). */
export const hasSessionAtom = atom(false)
export const frameHeightAtom = atom<number | undefined>(undefined)

export type Toast = { id: number; variant: 'success' | 'loading' | 'error'; message: string }
export const toastAtom = atom<Toast | undefined>(undefined)

export type Alert = { id: number; short: string; long: string }
export const alertAtom = atom<Alert | undefined>(undefined)

export type Store = ReturnType<typeof createStore>
export { createStore }

/** Browser wallets the host page announced (EIP-6963), as the loader checked and forwarded them. */
export const announcedWalletsAtom = atom<AnnouncedWallet[]>([])
/** Bitcoin browser wallets of the host page (Wallet Standard, sats-connect), as the loader checked them. */
export const bitcoinWalletsAtom = atom<BitcoinWallet[]>([])
/**
 * The browser wallet being connected in ConnectingExternal (an EVM one by its uuid, a Bitcoin one by
 * its id with `bitcoin`), and how that attempt ended.
 */
export const connectingWalletAtom = atom<
  | { wallet: Pick<AnnouncedWallet, 'uuid' | 'name' | 'icon'>; bitcoin?: boolean; error?: string | undefined }
  | undefined
>(undefined)

/** The WalletConnect pairing on show: its URI (QR and copy-link), when it expires, and how it ended. */
export const walletConnectAtom = atom<{ uri?: string; expiresAt?: number; error?: string } | undefined>(
  undefined,
)

/** The networks the WalletConnect session approved (CAIP-2), empty without a session. */
export const walletConnectApprovedAtom = atom<string[]>([])

/**
 * AppKit's `open({ uri })`: the site's own WalletConnect pairing URI (`manualWCControl`), shown until
 * the modal closes instead of a pairing of the modal's own.
 */
export const sitePairingUriAtom = atom<string | undefined>(undefined)

/** The wallet picked in a list (AllWallets, featured, recent, the site's own): ConnectingWalletConnect links to it. */
export const selectedDirectoryWalletAtom = atom<ListedWallet | undefined>(undefined)
/** Wallets connected over WalletConnect lately, newest first (SPEC §4: at most 2). */
export const recentWalletsAtom = atom<DirectoryWallet[]>([])

/** The e-mail login in progress (EmailLogin view): which step, for which address, and any error. */
export type EmailFlow = {
  email: string
  step: 'sending' | 'device' | 'otp' | 'verifying' | 'recovery' | 'error'
  error?: string | undefined
  /** When the last mail was asked for (epoch ms): a new one may be asked for 30 s later. */
  sentAt?: number | undefined
  /** The mail was sent again: the hint says a new code is on its way. */
  resent?: boolean | undefined
}
export const emailFlowAtom = atom<EmailFlow | undefined>(undefined)
/** The secure frame's approval screen: open, and the height it needs over the ApproveTransaction view. */
export const approvalAtom = atom<{ open: boolean; height: number }>({ open: false, height: 0 })

/** The e-mail update in progress (UpdateEmailWallet, SPEC §4): which code is asked for next. */
export type EmailUpdate = {
  newEmail: string
  step: 'sending' | 'primary' | 'secondary' | 'verifying' | 'done' | 'error'
  error?: string | undefined
}
export const emailUpdateAtom = atom<EmailUpdate | undefined>(undefined)
/** The network of another chain family picked in SwitchNetwork, waiting in SwitchActiveChain. */
export const activeChainTargetAtom = atom<CaipNetworkId | undefined>(undefined)
