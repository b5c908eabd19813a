/**
 * The slice of oidc-provider 9 this stand-in uses. The package ships no types and DefinitelyTyped's
 * lag behind its majors; only what startOidc.ts touches is declared.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type ClaimsResult = Record<string, unknown> & { sub: string }
  export type Account = { accountId: string; claims: () => ClaimsResult | Promise<ClaimsResult> }
  export type ClientMetadata = {
    client_id: string
    client_secret?: string
    redirect_uris: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
  }
  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  export type Configuration = {
    clients?: ClientMetadata[]
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[]>
    features?: Record<string, { enabled: boolean }>
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean }
    cookies?: { keys?: string[]; names?: Record<string, string> }
    loadExistingGrant?: (ctx: {
      oidc: { provider: Provider; client?: { clientId: string }; session?: { accountId?: string } }
    }) => Promise<Grant | undefined>
    ttl?: Record<string, number>
    conformIdTokenClaims?: boolean
  }
  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    proxy: boolean
    Grant: new (init: {
      accountId: string
      clientId: string
    }) => Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
  }
  export default Provider
}
