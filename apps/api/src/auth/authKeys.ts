import { hkdfSync, randomBytes } from 'node:crypto'

/** Keys derived from AUTH_SECRET, one per purpose, so no key is ever used for two jobs. */
export type AuthKeys = {
  /** HMAC-SHA256 key for one-time codes and e-mail buckets. */
  otp: Buffer
  /** AES-256-GCM key for auth shares at rest. */
  share: Buffer
}

const derive = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'modalkit-auth', info, 32))

export function deriveAuthKeys(secret: string): AuthKeys {
  if (secret.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters')
  return { otp: derive(secret, 'otp v1'), share: derive(secret, 'auth-share v1') }
}

/**
 * AUTH_SECRET from the environment. Without it (development), a random one for this process, with
 * a warning: codes and sessions still work, stored shares become unreadable after a restart.
 */
export function readAuthSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  console.warn(
    'AUTH_SECRET is not set: using a random one for this run (stored auth shares will not survive it)',
  )
  return randomBytes(32).toString('base64url')
}
