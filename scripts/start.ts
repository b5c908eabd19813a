import { execFileSync } from 'node:child_process'
import type { Server } from 'node:http'
import { resolve } from 'node:path'
import { MailDev } from 'maildev'
import { OIDC_PROVIDERS, startOidc } from '../apps/local-oidc/src/startOidc.ts'
import { LOCAL_SOLANA_CAIP2 } from '../apps/local-solana/src/genesisHash.ts'
import { portOf, readConfig } from './config.ts'
import { createAuthSite, createDemoSite, createModalSite } from './originServers.ts'
import { assertPortFree, type Child, rpcReady, startChild, waitFor } from './processes.ts'

/**
 * Starts the whole product on loopback: two local EVM nodes, a local Solana cluster, the API
 * (seeding the demo project), the modal origin (modal + loader), the secure origin and the demo
 * site. Stops everything on Ctrl-C or as soon as one part dies.
 */
const ROOT = resolve(import.meta.dirname, '..')
const config = readConfig()
const build = !process.argv.includes('--no-build')
const children: Child[] = []
const servers: Server[] = []
let stopping = false

function stop(code: number): void {
  if (stopping) return
  stopping = true
  for (const { process: child } of children) if (child.exitCode === null) child.kill('SIGTERM')
  for (const server of servers) server.close()
  setTimeout(() => process.exit(code), 300).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

function listen(server: Server, port: number, what: string): Promise<void> {
  servers.push(server)
  return new Promise((resolvePromise, reject) => {
    server.once('error', (error) => reject(new Error(`${what}: ${error.message}`)))
    server.listen(port, config.bindHost, () => resolvePromise())
  })
}

async function main(): Promise<void> {
  const ports: [number, string][] = [
    [portOf(config.demoOrigin), 'demo site'],
    [portOf(config.modalOrigin), 'modal'],
    [portOf(config.authOrigin), 'secure frame'],
    [portOf(config.apiOrigin), 'API'],
    [config.relayPort, 'WalletConnect relay'],
    [config.solanaPort, 'Solana node'],
    [config.solanaPort + 1, 'Solana node WebSocket'],
    [config.smtpPort, 'mail (SMTP)'],
    [config.mailWebPort, 'mail (web)'],
    [config.oidcPort, 'OpenID provider'],
    ...config.evmNodes.map(({ port, chainId }): [number, string] => [port, `EVM node, chain ${chainId}`]),
  ]
  for (const [port, what] of ports) await assertPortFree(config.bindHost, port, what)

  if (build) {
    console.log('building the loader, the modal, the secure frame and the demo site…')
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  }

  const anvil = resolve(ROOT, 'node_modules/.bin/anvil')
  const solanaUrl = `http://${config.bindHost}:${config.solanaPort}`
  for (const { chainId, port } of config.evmNodes) {
    children.push(
      startChild(`evm-${chainId}`, anvil, [
        '--host',
        config.bindHost,
        '--port',
        String(port),
        '--chain-id',
        String(chainId),
        '--silent',
      ]),
    )
  }
  // The SMTP catcher and the OpenID provider run in this process, like the origin servers; the API
  // needs the provider's issuers and client credentials before it starts.
  const mail = new MailDev({
    smtp: config.smtpPort,
    web: config.mailWebPort,
    ip: config.bindHost,
    webIp: config.bindHost,
    silent: true,
  })
  await mail.start()
  const oidc = await startOidc({
    host: config.bindHost,
    port: config.oidcPort,
    redirectUri: `${config.authOrigin}/oauth-callback.html`,
  })
  servers.push(oidc.server)
  process.on('exit', () => void mail.stop())
  children.push(
    startChild('api', resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'apps/api/src/main.ts')], {
      API_HOST: config.bindHost,
      API_PORT: String(portOf(config.apiOrigin)),
      CORS_ORIGINS: [config.modalOrigin, config.authOrigin].join(','),
      SEED_PROJECT_ID: config.projectId,
      SEED_PROJECT_NAME: 'Demo site',
      SEED_ORIGINS: config.seedOrigins.join(','),
      PGLITE_DIR: config.pgliteDir,
      API_ORIGIN: config.apiOrigin,
      AUTH_ORIGIN: config.authOrigin,
      // A fixed dev value so stored auth shares survive restarts; production sets its own secret.
      AUTH_SECRET: 'modalkit-dev-only-auth-secret-never-use-in-production',
      SMTP_HOST: config.bindHost,
      SMTP_PORT: String(config.smtpPort),
      SOCIAL_PROVIDERS: JSON.stringify(oidc.providers),
      RPC_UPSTREAMS: [
        ...config.evmNodes.map(({ chainId, port }) => `eip155:${chainId}=http://${config.bindHost}:${port}`),
        `${LOCAL_SOLANA_CAIP2}=${solanaUrl}`,
      ].join(','),
    }),
  )
  children.push(
    startChild(
      'relay',
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [resolve(ROOT, 'apps/local-relay/src/main.ts')],
      {
        RELAY_HOST: config.bindHost,
        RELAY_PORT: String(config.relayPort),
      },
    ),
  )
  children.push(
    startChild(
      'solana',
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [resolve(ROOT, 'apps/local-solana/src/main.ts')],
      {
        SOLANA_HOST: config.bindHost,
        SOLANA_PORT: String(config.solanaPort),
        SOLANA_CORS_ORIGINS: [config.modalOrigin, config.authOrigin].join(','),
      },
    ),
  )
  for (const child of children) {
    child.process.on('exit', (code, signal) => {
      if (stopping) return
      console.error(`${child.name} stopped (${signal ?? `exit code ${code}`}); stopping everything`)
      stop(1)
    })
  }

  await Promise.all([
    ...config.evmNodes.map(({ port, chainId }) =>
      waitFor(`EVM node ${chainId}`, () => rpcReady(`http://${config.bindHost}:${port}`)),
    ),
    waitFor('API', async () => (await fetch(`${config.apiInternalUrl}/health`)).ok),
    waitFor('Solana node', () => rpcReady(solanaUrl)),
    waitFor(
      'WalletConnect relay',
      async () => (await fetch(`http://${config.bindHost}:${config.relayPort}/health`)).ok,
    ),
  ])
  // The sites open last: when the demo answers, everything behind it is up (the tests wait on it).
  await Promise.all([
    listen(createDemoSite(config), portOf(config.demoOrigin), 'demo site'),
    listen(createModalSite(config), portOf(config.modalOrigin), 'modal'),
    listen(createAuthSite(config), portOf(config.authOrigin), 'secure frame'),
  ])

  console.log(`
  Modalkit is running on loopback:
    demo site     ${config.demoOrigin}/
    modal         ${config.modalOrigin}/   (loader: ${config.modalOrigin}/appkit.js)
    secure frame  ${config.authOrigin}/
    API           ${config.apiOrigin}/
    EVM nodes     ${config.evmNodes.map(({ chainId, port }) => `chain ${chainId} on :${port}`).join(', ')}
    WalletConnect relay  ws://${config.bindHost}:${config.relayPort}
    Solana        ${solanaUrl} (ws :${config.solanaPort + 1})
    mail (maildev)  http://${config.bindHost}:${config.mailWebPort}
    OpenID provider ${oidc.origin}/{${OIDC_PROVIDERS.join(',')}}

  Open the demo: ${config.demoOrigin}/
  Ctrl-C stops everything.
`)
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`)
  stop(1)
})
