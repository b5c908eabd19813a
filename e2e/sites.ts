import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The end-to-end suite runs every part on its own site (SECURITY.md, "Testing across real sites"):
 * Chromium maps these names to 127.0.0.1, so storage partitioning and cross-site rules are real.
 * Ports differ from `npm start`'s so a running dev stack does not collide with the tests;
 * `E2E_PORT_OFFSET` moves them all, so two runs of the suite can share a machine.
 */
/**
 * The production-shape suite (playwright.production.config.ts sets E2E_STACK_SHAPE=production) runs
 * 700 ports above the main suite at the same offset, so the two never collide.
 */
const PRODUCTION_SHIFT = process.env.E2E_STACK_SHAPE === 'production' ? 700 : 0
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) + PRODUCTION_SHIFT
const port = (n: number) => String(n + OFFSET)

export const SITES = {
  host: `http://host.test:${port(15173)}`,
  evil: `http://evil.test:${port(15173)}`,
  /**
   * Sites the project allows (SEED_ORIGINS) but that turn hostile in keyCustody.attacks.spec.ts, and
   * a third, honest one: each its own site, so the secure frame's storage is partitioned per site.
   */
  attacker: `http://attacker.test:${port(15173)}`,
  third: `http://third.test:${port(15173)}`,
  modal: `http://modal.test:${port(15174)}`,
  auth: `http://auth.test:${port(15175)}`,
  api: `http://api.test:${port(18787)}`,
} as const

export const PROJECT_ID = 'demo'
/**
 * A second project with e-mail and socials off: its allowlist is not enforced (SPEC §5), so a site
 * off its list is served, with the unverified-domain alert.
 */
export const BASIC_PROJECT_ID = 'demo-basic'

/** A project whose remote configuration turns off send, receive, swaps, onramp, activity and pay. */
export const FEATURES_OFF_PROJECT_ID = 'demo-features-off'

/** A project whose paymaster pays its users' smart-account gas. */
export const SPONSORED_PROJECT_ID = 'demo-sponsored'

export const STACK_ENV = {
  DEMO_ORIGIN: SITES.host,
  MODAL_ORIGIN: SITES.modal,
  AUTH_ORIGIN: SITES.auth,
  API_ORIGIN: SITES.api,
  API_INTERNAL_URL: `http://127.0.0.1:${port(18787)}`,
  EVM_A_PORT: port(18545),
  EVM_B_PORT: port(18546),
  BUNDLER_A_PORT: port(18794),
  BUNDLER_B_PORT: port(18795),
  RELAY_PORT: port(18789),
  /** The test WalletConnect wallet's own project key (walletConnectWallet.ts), known to the relay. */
  RELAY_WALLET_KEYS: 'e2e-wallet',
  SOLANA_PORT: port(18899),
  SMTP_PORT: port(11025),
  MAILDEV_WEB_PORT: port(11080),
  OIDC_PORT: port(18790),
  FARCASTER_RELAY_PORT: port(18796),
  RPC_FRONT_PORT: port(18797),
  FARCASTER_RELAY_AUTH_KEY: 'modalkit-e2e-farcaster-client',
  DEMO_PROJECT_ID: PROJECT_ID,
  SEED_ORIGINS: [SITES.host, SITES.attacker, SITES.third].join(','),
  SEED_PROJECTS: JSON.stringify([
    {
      id: BASIC_PROJECT_ID,
      name: 'Basic demo',
      allowedOrigins: [SITES.host],
      features: { email: false, socials: false },
    },
    // The feature flags turned off by the project's remote configuration (onramp.spec.ts).
    {
      id: FEATURES_OFF_PROJECT_ID,
      name: 'Features off',
      allowedOrigins: [SITES.host],
      features: { send: false, receive: false, swaps: false, onramp: false, activity: false, pay: false },
    },
    {
      id: SPONSORED_PROJECT_ID,
      name: 'Sponsored',
      allowedOrigins: [SITES.host],
      features: { sponsoredGas: true },
    },
  ]),
  PGLITE_DIR: 'memory://',
  // Lets a test move the API's auth clock forward (readClock): codes expire without a 10-minute wait.
  AUTH_CLOCK_OFFSET_FILE: join(tmpdir(), `modalkit-e2e-auth-clock-${port(18787)}`),
  // The suite logs in some sixty times within minutes from one loopback address: the per-client login
  // limits are 20 times the real ones here (per-address limits are not; readClientLimitFactor).
  AUTH_CLIENT_LIMIT_FACTOR: '20',
  MODALKIT_TEST_STACK: 'true',
  // Used by the production shape only (start.ts --production): PostgreSQL, the API replicas behind
  // nginx (which listens on the API's port above), and the fault switch.
  POSTGRES_PORT: port(15432),
  API_REPLICA_PORTS: `${port(18792)},${port(18793)}`,
  STACK_CONTROL_PORT: port(18791),
}
