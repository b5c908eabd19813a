import { EMAIL_LOGIN_COOLDOWN_MS } from './constants.ts'

/**
 * SPEC §5: the wait left before a new e-mail login, in whole seconds rounded up; 0 when it has
 * passed or there was no previous login. `lastMs` comes from local storage, so a time in the future
 * (clock changed, storage edited) waits at most one full cooldown and a non-finite one not at all.
 *
 * @example
 * remainingCooldownSeconds(0, 100) // 30
 * remainingCooldownSeconds(0, 29_001) // 1
 */
export function remainingCooldownSeconds(
  lastMs: number | undefined,
  nowMs: number,
  cooldownMs = EMAIL_LOGIN_COOLDOWN_MS,
): number {
  if (lastMs === undefined || !Number.isFinite(lastMs)) return 0
  const leftMs = Math.min(lastMs + cooldownMs - nowMs, cooldownMs)
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0
}
