import { SOCIAL_PROVIDERS, type SocialProvider } from '@modalkit/protocol'

export type SocialProviderConfig = { issuer: string; clientId: string; clientSecret: string }
export type SocialProviders = Partial<Record<SocialProvider, SocialProviderConfig>>

/**
 * `SOCIAL_PROVIDERS`: JSON `{ "<provider>": { issuer, clientId, clientSecret } }`, so production points
 * at the real issuers and dev at the local stand-in. A malformed entry stops the start (a typo must
 * not silently turn a provider off); unknown names are refused.
 */
export function parseSocialProviders(text: string | undefined): SocialProviders {
  if (!text) return {}
  const parsed: unknown = JSON.parse(text)
  if (!parsed || typeof parsed !== 'object') throw new Error('SOCIAL_PROVIDERS must be a JSON object')
  const out: SocialProviders = {}
  for (const [name, value] of Object.entries(parsed)) {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name))
      throw new Error(`SOCIAL_PROVIDERS: unknown ${name}`)
    const { issuer, clientId, clientSecret } = (value ?? {}) as Record<string, unknown>
    if (typeof issuer !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string')
      throw new Error(`SOCIAL_PROVIDERS.${name} needs issuer, clientId and clientSecret strings`)
    new URL(issuer)
    out[name as SocialProvider] = { issuer, clientId, clientSecret }
  }
  return out
}

export type ProviderMetadata = {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
}

const discovered = new Map<string, Promise<ProviderMetadata>>()

/**
 * The issuer's OpenID metadata, fetched once per process (a cache, not state: any replica refetches
 * it). Its `issuer` must be exactly the configured one (OpenID Discovery §4.3, against mix-up).
 */
export function discoverProvider(issuer: string): Promise<ProviderMetadata> {
  let pending = discovered.get(issuer)
  if (!pending) {
    pending = (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5_000),
      })
      if (!res.ok) throw new Error(`discovery of ${issuer}: HTTP ${res.status}`)
      const meta = (await res.json()) as Partial<ProviderMetadata>
      if (meta.issuer !== issuer) throw new Error(`discovery of ${issuer}: it calls itself ${meta.issuer}`)
      const { authorization_endpoint, token_endpoint, jwks_uri } = meta
      if (!authorization_endpoint || !token_endpoint || !jwks_uri)
        throw new Error(`discovery of ${issuer}: incomplete`)
      return { issuer, authorization_endpoint, token_endpoint, jwks_uri }
    })()
    discovered.set(issuer, pending)
    pending.catch(() => discovered.delete(issuer))
  }
  return pending
}
