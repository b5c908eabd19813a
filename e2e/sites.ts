/**
 * The end-to-end suite runs every part on its own site (SECURITY.md, "Testing across real sites"):
 * Chromium maps these names to 127.0.0.1, so storage partitioning and cross-site rules are real.
 * Ports differ from `npm start`'s so a running dev stack does not collide with the tests.
 */
export const SITES = {
  host: 'http://host.test:15173',
  evil: 'http://evil.test:15173',
  modal: 'http://modal.test:15174',
  auth: 'http://auth.test:15175',
  api: 'http://api.test:18787',
} as const

export const PROJECT_ID = 'demo'

export const STACK_ENV = {
  DEMO_ORIGIN: SITES.host,
  MODAL_ORIGIN: SITES.modal,
  AUTH_ORIGIN: SITES.auth,
  API_ORIGIN: SITES.api,
  API_INTERNAL_URL: 'http://127.0.0.1:18787',
  EVM_A_PORT: '18545',
  EVM_B_PORT: '18546',
  RELAY_PORT: '18789',
  DEMO_PROJECT_ID: PROJECT_ID,
  SEED_ORIGINS: SITES.host,
  PGLITE_DIR: 'memory://',
}
