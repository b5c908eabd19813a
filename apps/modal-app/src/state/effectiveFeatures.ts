import type { Features } from '@modalkit/protocol'

/** Features that depend on our remote services; basic mode turns them off (SPEC §1). */
const REMOTE_FEATURES = ['email', 'socials', 'swaps', 'onramp', 'pay', 'activity'] as const

export type EffectiveFeatures = {
  features: Required<Omit<Features, 'socials' | 'connectMethodsOrder' | 'sponsoredGasBudget'>> & {
    socials: Exclude<Features['socials'], undefined>
    connectMethodsOrder: NonNullable<Features['connectMethodsOrder']>
  }
  /** Local settings the remote configuration replaced: shown to the developer as a warning. */
  overridden: string[]
}

const DEFAULT_SOCIALS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/**
 * SPEC §1: each feature is on unless set false; the remote project configuration overrides local
 * settings when fetched (with a warning); basic mode disables every remote feature.
 */
export function effectiveFeatures(
  local: Features = {},
  remote: Features | undefined,
  basic = false,
): EffectiveFeatures {
  const overridden: string[] = []
  const merged: Features = { ...local }
  if (remote && !basic) {
    for (const [key, value] of Object.entries(remote) as [keyof Features, unknown][]) {
      if (value === undefined) continue
      if (key in local && JSON.stringify(local[key]) !== JSON.stringify(value)) overridden.push(key)
      Object.assign(merged, { [key]: value })
    }
  }
  if (basic) for (const key of REMOTE_FEATURES) Object.assign(merged, { [key]: false })
  const on = (key: keyof Features) => merged[key] !== false
  return {
    features: {
      email: on('email'),
      socials: merged.socials === undefined ? [...DEFAULT_SOCIALS] : merged.socials,
      swaps: on('swaps'),
      send: on('send'),
      receive: on('receive'),
      onramp: on('onramp'),
      activity: on('activity'),
      pay: on('pay'),
      reownBranding: on('reownBranding'),
      multiWallet: on('multiWallet'),
      analytics: on('analytics'),
      connectMethodsOrder: merged.connectMethodsOrder ?? ['email', 'social', 'wallet'],
      // Off unless set true; only the project's stored value makes the API pay (routeSmartAccounts).
      sponsoredGas: merged.sponsoredGas === true,
    },
    overridden,
  }
}
