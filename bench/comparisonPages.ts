import { resolve } from 'node:path'

/**
 * The products `npm run bench` compares us with. Each is a minimal Vite + React page under
 * `bench/<id>-page` (its own package.json and lock, installed on first use, never a workspace and never
 * imported by our apps) with a `bare.html` twin without the product, served on an origin of its own.
 */
export type ComparisonPage = {
  id: 'appkit' | 'rainbowkit' | 'privy'
  /** The column's name, before the installed version. */
  label: string
  /** The package whose installed version names the column. */
  package: string
  dir: string
  /** Its server's port: `portVariable` when set, else `defaultPort`. */
  portVariable: string
  defaultPort: number
  /**
   * The name Chromium loads it from: a `.test` name (mapped to 127.0.0.1 by the bench's
   * host-resolver rules) unless the product refuses plain http there.
   */
  host: string
  /** Its connect button, painted (usable or not). */
  button: string
  /** An element that exists once the button works, when painting is not enough (Privy's waits for its SDK). */
  readySelector?: string
  /** The first view's marker, found through open shadow roots. */
  marker: string
  /** Why its modal cannot open on this offline machine: no click, and its click rows read "n/a (…)". */
  clickUnavailable?: string
}

const page = (id: string) => resolve(import.meta.dirname, `${id}-page`)

export const COMPARISON_PAGES: readonly ComparisonPage[] = [
  {
    id: 'appkit',
    label: 'Reown AppKit',
    package: '@reown/appkit',
    dir: page('appkit'),
    portVariable: 'BENCH_APPKIT_PORT',
    defaultPort: 25_180,
    host: 'appkit.test',
    button: '[data-testid="connect-button"]',
    marker: 'wui-list-wallet', // a wallet row in its shadow DOM
  },
  {
    id: 'rainbowkit',
    label: 'RainbowKit',
    package: '@rainbow-me/rainbowkit',
    dir: page('rainbowkit'),
    portVariable: 'BENCH_RAINBOWKIT_PORT',
    defaultPort: 25_181,
    host: 'rainbowkit.test',
    // ConnectButton renders hidden (aria-hidden, opacity 0, no pointer events) until it has mounted.
    button: ':not([aria-hidden="true"]) > [data-testid="rk-connect-button"]',
    marker: '[data-testid^="rk-wallet-option-"]', // a row of its wallet list, in the page's DOM
  },
  {
    id: 'privy',
    label: 'Privy',
    package: '@privy-io/react-auth',
    dir: page('privy'),
    portVariable: 'BENCH_PRIVY_PORT',
    defaultPort: 25_182,
    // PrivyProvider throws on plain http anywhere but localhost and 127.0.0.1.
    host: '127.0.0.1',
    button: '[data-testid="connect-button"]',
    // Its quick start's button stays disabled until `ready`, which needs its app config from Privy.
    readySelector: '[data-testid="connect-button"]:not(:disabled)',
    marker: '#privy-modal-content',
    clickUnavailable: "needs Privy's servers",
  },
]

export const pagePort = (page: ComparisonPage): number =>
  Number(process.env[page.portVariable] ?? page.defaultPort)

export const pageOrigin = (page: ComparisonPage): string => `http://${page.host}:${pagePort(page)}`
