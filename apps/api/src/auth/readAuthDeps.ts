import type { Db } from '../db/Db.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { type AuthSecrets, deriveAuthKeys, readAuthSecret } from './authKeys.ts'
import { createMailer } from './createMailer.ts'
import { parseSmtpUrl, type SmtpOptions } from './parseSmtpUrl.ts'
import { readClientLimitFactor } from './readClientLimitFactor.ts'
import { readClock } from './readClock.ts'
import { parseSocialProviders } from './socialProviders.ts'

/**
 * The auth endpoints' settings from the environment: AUTH_ORIGIN (the secure frame), API_ORIGIN (for
 * mailed links), AUTH_SECRET and AUTH_SECRETS_PREVIOUS, SMTP_URL (or SMTP_HOST/SMTP_PORT, plain, for the local catcher)/MAIL_FROM, SOCIAL_PROVIDERS (JSON), FARCASTER_RPC_URL (the ID registry's chain), and in tests only
 * AUTH_CLOCK_OFFSET_FILE (readClock) and AUTH_CLIENT_LIMIT_FACTOR (readClientLimitFactor).
 */
export function readAuthDeps(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
  secrets: AuthSecrets = readAuthSecret(env),
  smtp: SmtpOptions = readSmtpSettings(env),
): AuthDeps {
  return {
    db,
    now: readClock(env),
    keys: deriveAuthKeys(secrets.current, secrets.previous),
    mailer: createMailer({
      smtp,
      ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
    }),
    authOrigin: env.AUTH_ORIGIN ?? 'http://localhost:5175',
    apiOrigin: env.API_ORIGIN ?? `http://localhost:${env.API_PORT ?? 8787}`,
    socialProviders: parseSocialProviders(env.SOCIAL_PROVIDERS),
    clientLimitFactor: readClientLimitFactor(env),
    ...(env.FARCASTER_RPC_URL ? { farcasterRpcUrl: env.FARCASTER_RPC_URL } : {}),
  }
}

/** SMTP_URL, else the plain SMTP_HOST/SMTP_PORT of the local catcher (loopback only in production). */
export function readSmtpSettings(env: NodeJS.ProcessEnv = process.env): SmtpOptions {
  const url = env.SMTP_URL ?? `smtp://${env.SMTP_HOST ?? '127.0.0.1'}:${env.SMTP_PORT ?? 1025}`
  return parseSmtpUrl(url, {
    production: env.NODE_ENV === 'production' || env.API_ORIGIN?.startsWith('https:') === true,
  })
}
