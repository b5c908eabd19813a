import { createHash, hkdfSync, randomBytes } from 'node:crypto'

/** The keys of one AUTH_SECRET, one per purpose, so no key is ever used for two jobs. */
export type AuthKeySet = {
  /**
   * Names the secret in what it protects, so the secret can rotate: a fingerprint (not the secret,
   * not a key), the first 8 bytes of SHA-256 over a derived value.
   */
  kid: string
  /** HMAC-SHA256 key for one-time codes, e-mail buckets and device ids. */
  otp: Buffer
  /** AES-256-GCM key for auth shares at rest. */
  share: Buffer
  /** AES-256-GCM key for mails waiting in the outbox (their codes and links, their addresses). */
  mail: Buffer
}

/** The current secret's keys, plus those of the secrets it replaced (still read, never written). */
export type AuthKeys = AuthKeySet & { previous: readonly AuthKeySet[] }

/** SECURITY.md: 256 bits, the size of the keys derived from it. */
export const MIN_SECRET_BYTES = 32

const derive = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'modalkit-auth', info, 32))

function keySet(secret: string): AuthKeySet {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes`)
  const kid = createHash('sha256')
    .update(derive(secret, 'kid v1'))
    .digest()
    .subarray(0, 8)
    .toString('base64url')
  return {
    kid,
    otp: derive(secret, 'otp v1'),
    share: derive(secret, 'auth-share v1'),
    mail: derive(secret, 'mail-outbox v1'),
  }
}

export function deriveAuthKeys(secret: string, previous: readonly string[] = []): AuthKeys {
  return { ...keySet(secret), previous: previous.map(keySet) }
}

/** Every key set, current first: what a reader tries. */
export const allKeySets = (keys: AuthKeys): AuthKeySet[] => [keys, ...keys.previous]

export type AuthSecrets = { current: string; previous: string[] }

/**
 * AUTH_SECRET (current) and AUTH_SECRETS_PREVIOUS (comma-separated, older secrets still read) from
 * the environment. Required, at least 32 bytes, with `NODE_ENV=production` or an https `API_ORIGIN`:
 * a random secret there would make every stored share unreadable after a restart, and differ
 * between replicas. Elsewhere (development) a random one for this process, with a warning.
 */
export function readAuthSecret(env: NodeJS.ProcessEnv = process.env): AuthSecrets {
  const previous = (env.AUTH_SECRETS_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const secret = env.AUTH_SECRET ?? ''
  const production = env.NODE_ENV === 'production' || env.API_ORIGIN?.startsWith('https:') === true
  if (secret) {
    if (Buffer.byteLength(secret) < MIN_SECRET_BYTES)
      throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 32)`)
    return { current: secret, previous }
  }
  if (production)
    throw new Error(
      `AUTH_SECRET is required in production (NODE_ENV=production or an https API_ORIGIN): set at least ${MIN_SECRET_BYTES} random bytes, the same on every replica (e.g. openssl rand -base64 32)`,
    )
  console.warn(
    'AUTH_SECRET is not set: using a random one for this run (stored auth shares will not survive it)',
  )
  return { current: randomBytes(32).toString('base64url'), previous }
}
