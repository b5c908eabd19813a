import type { Features } from '../schemas/initOptions.ts'

/**
 * SPEC §5: the origin allowlist is checked when e-mail or socials are enabled. Each feature is on
 * unless set false; socials is also off as an empty list.
 */
export function isAllowlistEnforced(features: Features): boolean {
  const email = features.email !== false
  const socials =
    features.socials === undefined || (features.socials !== false && features.socials.length > 0)
  return email || socials
}
