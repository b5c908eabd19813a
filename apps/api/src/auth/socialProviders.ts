import { SOCIAL_PROVIDERS, type SocialProvider } from '@modalkit/protocol'

/**
 * One provider's client: its id and secret (Apple: the team id, key id and ES256 private key it signs
 * its client secret with), and, only to point it at a stand-in, the endpoints that replace the real
 * ones (`issuer` for Google's discovery and Apple's ID tokens, `authorizeUrl`, `tokenUrl`, `apiUrl`
 * for the user-info API's base, `jwksUrl`).
 */
export type SocialProviderConfig = {
  clientId: string
  clientSecret?: string
  teamId?: string
  keyId?: string
  privateKey?: string
  issuer?: string
  authorizeUrl?: string
  tokenUrl?: string
  apiUrl?: string
  jwksUrl?: string
}
export type SocialProviders = Partial<Record<SocialProvider, SocialProviderConfig>>

const STRING_FIELDS = [
  'clientId',
  'clientSecret',
  'teamId',
  'keyId',
  'privateKey',
  'issuer',
  'authorizeUrl',
  'tokenUrl',
  'apiUrl',
  'jwksUrl',
] as const
const URL_FIELDS = ['issuer', 'authorizeUrl', 'tokenUrl', 'apiUrl', 'jwksUrl'] as const

/**
 * Checks one provider's entry: Apple needs `teamId`, `keyId` and `privateKey` (its client secret is a
 * JWT we sign), every other provider `clientSecret`; URLs must parse. `where` names the entry in the
 * error (`SOCIAL_PROVIDERS.github`, or the CLI's flag).
 */
export function parseSocialProviderConfig(
  provider: SocialProvider,
  value: unknown,
  where: string,
): SocialProviderConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${where} must be an object`)
  const entry = value as Record<string, unknown>
  for (const key of Object.keys(entry))
    if (!(STRING_FIELDS as readonly string[]).includes(key)) throw new Error(`${where}: unknown key ${key}`)
  for (const key of STRING_FIELDS)
    if (entry[key] !== undefined && (typeof entry[key] !== 'string' || !entry[key]))
      throw new Error(`${where}.${key} must be a non-empty string`)
  const config = entry as SocialProviderConfig
  const needs =
    provider === 'apple'
      ? (['clientId', 'teamId', 'keyId', 'privateKey'] as const)
      : (['clientId', 'clientSecret'] as const)
  const missing = needs.filter((key) => config[key] === undefined)
  if (missing.length) throw new Error(`${where} needs ${missing.join(', ')}`)
  for (const key of URL_FIELDS) {
    const url = config[key]
    if (url !== undefined && !URL.canParse(url)) throw new Error(`${where}.${key} is not a URL: ${url}`)
  }
  return config
}

/**
 * `SOCIAL_PROVIDERS`: JSON `{ "<provider>": { clientId, clientSecret, … } }`, the credentials used for
 * a project that has none of its own (`npm run project -- social …`). A malformed entry stops the
 * start (a typo must not silently turn a provider off); unknown names are refused.
 */
export function parseSocialProviders(text: string | undefined): SocialProviders {
  if (!text) return {}
  const parsed: unknown = JSON.parse(text)
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('SOCIAL_PROVIDERS must be a JSON object')
  const out: SocialProviders = {}
  for (const [name, value] of Object.entries(parsed)) {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name))
      throw new Error(`SOCIAL_PROVIDERS: unknown ${name}`)
    const provider = name as SocialProvider
    out[provider] = parseSocialProviderConfig(provider, value, `SOCIAL_PROVIDERS.${name}`)
  }
  return out
}
