import { stat } from 'node:fs/promises'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { type ProjectConfig, projectConfigSchema } from '@modalkit/protocol'
import type { StackConfig } from './config.ts'
import { authCsp, authFrameAncestors, modalCsp, modalFrameAncestors } from './modalHeaders.ts'
import { handleOnrampProvider } from './onrampProvider.ts'
import { createStaticSite } from './serveStatic.ts'

const ROOT = resolve(import.meta.dirname, '..')
const app = (name: string, ...rest: string[]) => resolve(ROOT, 'apps', name, ...rest)

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A project id as the API issues them: also what may go into a header or a URL path unescaped. */
const isProjectId = (projectId: string | null): projectId is string =>
  projectId !== null && /^[-_a-zA-Z0-9]{1,128}$/.test(projectId)

/** A project's remote configuration on the API, as the modal app fetches it. */
const configUrl = (apiOrigin: string, projectId: string) => `${apiOrigin}/v1/projects/${projectId}/config`

/** Project configs for the modal's headers, cached briefly as an edge would. */
function projectLookup(apiInternalUrl: string) {
  const cache = new Map<string, { at: number; value: ProjectConfig | undefined }>()
  return async (projectId: string | null): Promise<ProjectConfig | undefined> => {
    if (!isProjectId(projectId)) return undefined
    const hit = cache.get(projectId)
    if (hit && Date.now() - hit.at < 10_000) return hit.value
    let value: ProjectConfig | undefined
    try {
      const res = await fetch(configUrl(apiInternalUrl, projectId))
      const parsed = res.ok ? projectConfigSchema.safeParse(await res.json()) : undefined
      value = parsed?.success ? parsed.data : undefined
    } catch {
      value = undefined
    }
    cache.set(projectId, { at: Date.now(), value })
    return value
  }
}

/** The loader's later scripts (its core, its custom elements, its Solana classes, its Bitcoin wallets) and maps: content-hashed (immutable). */
const LOADER_CORE = /^\/appkit-(core|elements|solana|bitcoin)-[A-Za-z0-9_-]{8}\.js(\.map)?$/

/** The modal origin: the modal app, and the loader as `/appkit.js` (with its core beside it). */
export function createModalSite(config: StackConfig): Server {
  const lookup = projectLookup(config.apiInternalUrl)
  // WalletConnect goes to the local relay here; its Verify service has no local stand-in (readEnv.ts).
  const relayUrl = `ws://${config.bindHost}:${config.relayPort}`
  const env = JSON.stringify({
    apiUrl: config.apiOrigin,
    authOrigin: config.authOrigin,
    version: '0.1.0',
    relayUrl,
    walletConnectVerify: false,
  })
  const meta = `<meta name="appkit-env" content="${escapeAttribute(env)}">`
  return createStaticSite({
    root: app('modal-app', 'dist'),
    routes: [
      async (_req, url) => {
        const { pathname } = url
        if (pathname !== '/appkit.js' && pathname !== '/appkit.js.map' && !LOADER_CORE.test(pathname)) return
        const file = app('host-loader', 'dist', pathname.slice(1))
        // A core of another build is a 404 (below), not a read of a missing file, which kills the server.
        if (!(await stat(file).catch(() => undefined))?.isFile()) return
        // A public script: CORS lets sites pin it with SRI (`integrity` + `crossorigin`).
        return {
          file,
          headers: { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' },
        }
      },
    ],
    headers: async (_req, url) => {
      if (url.pathname !== '/' && url.pathname !== '/index.html') return {}
      const projectId = url.searchParams.get('projectId')
      const project = await lookup(projectId)
      const ancestors = modalFrameAncestors(project, url.searchParams.get('origin'))
      return {
        'content-security-policy': modalCsp(ancestors, config.apiOrigin, config.authOrigin, relayUrl),
        'referrer-policy': 'strict-origin',
        // The modal's first request, started with the page's headers instead of once its script has
        // been fetched and run (about 100 ms later on a cold open); the app's own fetch of the same
        // URL (createApiClient.ts: a GET, CORS, no credentials) takes the preloaded answer.
        ...(isProjectId(projectId)
          ? { link: `<${configUrl(config.apiOrigin, projectId)}>; rel=preload; as=fetch; crossorigin` }
          : {}),
      }
    },
    transformHtml: (html) => html.replace('<!--APPKIT_ENV-->', meta),
  })
}

/** The secure origin: the embedded wallet's frame. */
export function createAuthSite(config: StackConfig): Server {
  const lookup = projectLookup(config.apiInternalUrl)
  const farcasterRelay = `http://${config.bindHost}:${config.farcasterRelayPort}`
  const env = JSON.stringify({
    apiUrl: config.apiOrigin,
    modalOrigin: config.modalOrigin,
    farcaster: { relayUrl: farcasterRelay, registryChainId: `eip155:${config.evmNodes[0]!.chainId}` },
  })
  const meta = `<meta name="appkit-frame-env" content="${escapeAttribute(env)}">`
  return createStaticSite({
    root: app('auth-frame', 'dist'),
    headers: async (_req, url) => {
      const ancestors = authFrameAncestors(
        config.modalOrigin,
        await lookup(url.searchParams.get('projectId')),
      )
      return {
        'content-security-policy': authCsp(ancestors, config.apiOrigin, [farcasterRelay]),
        'referrer-policy': 'no-referrer',
      }
    },
    transformHtml: (html) => html.replace('<!--APPKIT_FRAME_ENV-->', meta),
  })
}

/**
 * The sample host site (its Vite build: public/ as is, plus the client pages), with the loader's URL
 * and the demo project filled in.
 */
export function createDemoSite(config: StackConfig): Server {
  const site = createStaticSite({
    root: app('demo-site', 'dist'),
    transformHtml: (html) =>
      html.replaceAll('{{MODAL_ORIGIN}}', config.modalOrigin).replaceAll('{{PROJECT_ID}}', config.projectId),
  })
  // The stand-in on-ramp provider's server side answers its own path first, on the test
  // stack only (readConfig gives its secret nowhere else).
  const secret = config.onrampProviderSecret
  if (!secret) return site
  const [serveFiles] = site.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  site.removeAllListeners('request')
  const settings = { apiInternalUrl: config.apiInternalUrl, secret }
  site.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handleOnrampProvider(req, res, settings)
      .then((handled) => {
        if (!handled) serveFiles?.(req, res)
      })
      .catch(() => {
        res.statusCode = 500
        res.end()
      })
  })
  return site
}
