import { startOidc } from './startOidc.ts'

/** `tsx apps/local-oidc/src/main.ts`: the local social providers on OIDC_HOST:OIDC_PORT. */
const env = process.env
const authOrigin = env.AUTH_ORIGIN ?? 'http://localhost:5175'
const apiOrigin = env.API_ORIGIN ?? 'http://localhost:8787'
const oidc = await startOidc({
  host: env.OIDC_HOST ?? '127.0.0.1',
  port: Number(env.OIDC_PORT ?? 8790),
  redirectUri: `${authOrigin}/oauth-callback.html`,
  appleRedirectUri: `${apiOrigin}/v1/auth/social/apple/callback`,
})
console.log(`local OpenID provider on ${oidc.origin}/{${Object.keys(oidc.providers).join(',')}}`)
const stop = () => void oidc.close().finally(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
