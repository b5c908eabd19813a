import { createHmac } from 'node:crypto'
import type { AuthKeys } from './authKeys.ts'

/** The rate-limit bucket of an address: keyed, so the counter table holds no e-mail addresses. */
export function emailBucket(keys: AuthKeys, email: string): string {
  return `email:${createHmac('sha256', keys.otp).update(`bucket\0${email}`).digest('base64url')}`
}
