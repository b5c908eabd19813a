import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { MailDev } from 'maildev'
import { type LocalPostgres, startLocalPostgres } from '../apps/api/src/db/startLocalPostgres.ts'
import { deployChainWorld } from '../apps/local-chain/src/deployChainWorld.ts'
import { deployIdRegistry } from '../apps/local-farcaster/src/deployIdRegistry.ts'
import { OIDC_PROVIDERS, startOidc } from '../apps/local-oidc/src/startOidc.ts'
import { LOCAL_SOLANA_CAIP2 } from '../apps/local-solana/src/genesisHash.ts'
import { accountAbstractionEnv, startAccountAbstraction } from './accountAbstraction.ts'
import { portOf, readConfig } from './config.ts'
import { createStackControl } from './createStackControl.ts'
import { nginxConfig } from './nginxConfig.ts'
import { createAuthSite, createDemoSite, createModalSite } from './originServers.ts'
import { assertPortFree, type Child, rpcReady, startChild, waitFor } from './processes.ts'
import { createRpcFront, RPC_FRONT_NODES } from './rpcFront.ts'

/**
 * Starts the whole product on loopback: two local EVM nodes, a local Solana cluster, the API
 * (seeding the demo project), the modal origin (modal + loader), the secure origin and the demo
 * site. Stops everything on Ctrl-C or as soon as one part dies.
 *
 * `--production` runs the API in its production shape instead of one process on PGlite: a throwaway
 * PostgreSQL (Debian's server), two API replicas with one AUTH_SECRET, and nginx round-robin in front
 * of them on the API's port (docker-compose.yml's shape, on loopback). With MODALKIT_TEST_STACK=true it
 * also opens the fault switch the production-shape e2e tests use (createStackControl).
 */
const ROOT = resolve(import.meta.dirname, '..')
// `npm start` (the dev shape) is the local stack: every outside service is a stand-in on loopback,
// the on-ramp's provider too, which readOnrampProvider allows only there. The production shape
// sets nothing of the kind itself.
if (!process.argv.includes('--production')) process.env.MODALKIT_TEST_STACK ??= 'true'
const config = readConfig()
const NGINX = '/usr/sbin/nginx'
const build = !process.argv.includes('--no-build')
const production = process.argv.includes('--production')
const children: Child[] = []
const servers: Server[] = []
/** Children stopped on purpose (a restart): their exit does not stop everything. */
const expectedExits = new Set<Child['process']>()
let postgres: LocalPostgres | undefined
let nginxDir: string | undefined
let stopping = false

/** Anvil's funded test account 9 (the test mnemonic): the local on-ramp provider's treasury. */
const ONRAMP_TREASURY_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

function stop(code: number): void {
  if (stopping) return
  stopping = true
  for (const { process: child } of children) if (child.exitCode === null) child.kill('SIGTERM')
  for (const server of servers) server.close()
  // PostgreSQL runs detached (pg_ctl): stop it and remove its data, then leave.
  const cleanup = postgres ? postgres.stop() : Promise.resolve()
  void Promise.race([cleanup, new Promise((r) => setTimeout(r, 5_000))]).finally(() => {
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true })
    setTimeout(() => process.exit(code), 300).unref()
  })
}

/** Starts a supervised child: if it dies when nobody stopped it, everything stops. */
function supervise(child: Child): Child {
  children.push(child)
  child.process.on('exit', (code, signal) => {
    if (stopping || expectedExits.delete(child.process)) return
    console.error(`${child.name} stopped (${signal ?? `exit code ${code}`}); stopping everything`)
    stop(1)
  })
  return child
}

/** Stops a child on purpose (SIGKILL: a crash, not a graceful exit) and waits until it is gone. */
async function halt(name: string): Promise<void> {
  const index = children.findIndex((c) => c.name === name && c.process.exitCode === null)
  const child = children[index]
  if (!child) return
  children.splice(index, 1)
  expectedExits.add(child.process)
  const gone = new Promise((r) => child.process.once('exit', r))
  child.process.kill('SIGKILL')
  await gone
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
    [config.farcasterRelayPort, 'Farcaster relay'],
    [config.rpcFrontPort, 'RPC front'],
    ...config.evmNodes.map(({ port, chainId }): [number, string] => [port, `EVM node, chain ${chainId}`]),
    ...config.evmNodes.map(({ bundlerPort, chainId }): [number, string] => [
      bundlerPort,
      `ERC-4337 bundler, chain ${chainId}`,
    ]),
    ...(production
      ? [
          [config.postgresPort, 'PostgreSQL'] as [number, string],
          ...config.apiReplicaPorts.map((port, index): [number, string] => [
            port,
            `API replica ${index + 1}`,
          ]),
          [config.stackControlPort, 'stack control'] as [number, string],
        ]
      : []),
  ]
  for (const [port, what] of ports) await assertPortFree(config.bindHost, port, what)

  if (build) {
    console.log('building the loader, the modal, the secure frame and the demo site…')
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  }

  const anvil = resolve(ROOT, 'node_modules/.bin/anvil')
  const solanaUrl = `http://${config.bindHost}:${config.solanaPort}`
  for (const { chainId, port } of config.evmNodes) {
    supervise(
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
  // The first node's front, before the API that reads the chain through it (rpcFront.ts); its
  // faults are the test stack's door only (config.rpcFrontControl).
  const firstNode = `http://${config.bindHost}:${config.evmNodes[0]!.port}`
  await listen(
    createRpcFront({ target: firstNode, control: config.rpcFrontControl }),
    config.rpcFrontPort,
    'RPC front',
  )
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
    // Apple answers by form_post, to the API (which sends it on to the frame's callback page).
    appleRedirectUri: `${config.apiOrigin}/v1/auth/social/apple/callback`,
  })
  servers.push(oidc.server)
  process.on('exit', () => void mail.stop())
  // One node process per part with tsx as its loader (not the tsx CLI, which runs the program in a
  // second process): killing the child then really ends the part, as a crash would.
  const node = process.execPath
  const ts = (file: string) => ['--import', 'tsx', resolve(ROOT, file)]
  /** Where the local NFTs' tokenURIs point: the demo site, which serves `/nft/<collection>/<id>.json`. */
  const metadataOrigin = `http://${config.bindHost}:${portOf(config.demoOrigin)}`
  const apiEnv: NodeJS.ProcessEnv = {
    API_HOST: config.bindHost,
    API_PORT: String(portOf(config.apiOrigin)),
    CORS_ORIGINS: [config.modalOrigin, config.authOrigin].join(','),
    SEED_PROJECT_ID: config.projectId,
    SEED_PROJECT_NAME: 'Demo site',
    SEED_ORIGINS: config.seedOrigins.join(','),
    PGLITE_DIR: config.pgliteDir,
    API_ORIGIN: config.apiOrigin,
    AUTH_ORIGIN: config.authOrigin,
    // A fixed dev value so stored auth shares survive restarts (and, in the production shape, so every
    // replica reads what another stored); production sets its own secret.
    AUTH_SECRET: 'modalkit-dev-only-auth-secret-never-use-in-production',
    SMTP_HOST: config.bindHost,
    SMTP_PORT: String(config.smtpPort),
    SOCIAL_PROVIDERS: JSON.stringify(oidc.providers),
    // Farcaster's ID registry: on the first EVM node, at its OP-mainnet address (apps/local-farcaster).
    FARCASTER_RPC_URL: `http://${config.bindHost}:${config.evmNodes[0]!.port}`,
    ...accountAbstractionEnv(config),
    // The first chain as two nodes (its front's `/a` and `/b`, rpcFront.ts), so the fallback between
    // nodes runs here as it does in production; the other chain as its one node.
    RPC_UPSTREAMS: [
      ...config.evmNodes.map(({ chainId, port }, index) =>
        index === 0
          ? `eip155:${chainId}=${RPC_FRONT_NODES.map((n) => `http://${config.bindHost}:${config.rpcFrontPort}/${n}`).join('|')}`
          : `eip155:${chainId}=http://${config.bindHost}:${port}`,
      ),
      `${LOCAL_SOLANA_CAIP2}=${solanaUrl}`,
    ].join(','),
    // The stand-in on-ramp provider (its checkout page and server side on the demo origin),
    // delivering from anvil's funded test account 9, which nothing else sends from. Test stack only
    // (config.onrampProviderSecret): the API refuses an unlocked treasury anywhere else.
    ...(config.onrampProviderSecret
      ? {
          ONRAMP_PROVIDER_URL: `${config.demoOrigin}/onramp-provider.html`,
          ONRAMP_PROVIDER_SECRET: config.onrampProviderSecret,
          ONRAMP_TREASURY: ONRAMP_TREASURY_ADDRESS,
        }
      : {}),
    // The local NFTs' metadata is on the demo site, over http on loopback: the test stack lets the API
    // fetch that one origin (readOutboundPolicy refuses it anywhere else).
    ...(process.env.MODALKIT_TEST_STACK === 'true' ? { NFT_FETCH_LOCAL_ORIGINS: metadataOrigin } : {}),
  }
  const apiMain = 'apps/api/src/main.ts'
  const replicaName = (index: number) => `api-${index + 1}`
  const startReplica = async (index: number): Promise<void> => {
    const port = config.apiReplicaPorts[index]!
    supervise(
      startChild(replicaName(index), node, ts(apiMain), {
        ...apiEnv,
        API_PORT: String(port),
        DATABASE_URL: postgres!.url,
        // Behind the local nginx: rate limits key on the client it names in X-Forwarded-For.
        TRUST_PROXY: config.bindHost,
        // Short, so a request during a database restart answers 503 soon instead of hanging.
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
      }),
    )
    await waitFor(
      replicaName(index),
      async () => (await fetch(`http://${config.bindHost}:${port}/health`)).ok,
    )
  }
  if (production) {
    postgres = await startLocalPostgres({ port: config.postgresPort })
    await Promise.all(config.apiReplicaPorts.map((_, index) => startReplica(index)))
    nginxDir = mkdtempSync(join(tmpdir(), 'modalkit-nginx-'))
    const file = join(nginxDir, 'nginx.conf')
    writeFileSync(
      file,
      nginxConfig({
        dir: nginxDir,
        host: config.bindHost,
        port: portOf(config.apiOrigin),
        replicaPorts: config.apiReplicaPorts,
      }),
    )
    supervise(
      startChild('nginx', NGINX, [
        '-c',
        file,
        '-p',
        nginxDir,
        '-e',
        join(nginxDir, 'error.log'),
        '-g',
        'daemon off;',
      ]),
    )
  } else {
    supervise(startChild('api', node, ts(apiMain), apiEnv))
  }
  const relayReady = () =>
    waitFor(
      'WalletConnect relay',
      async () => (await fetch(`http://${config.bindHost}:${config.relayPort}/health`)).ok,
    )
  const startRelay = () =>
    supervise(
      startChild('relay', node, ts('apps/local-relay/src/main.ts'), {
        RELAY_HOST: config.bindHost,
        RELAY_PORT: String(config.relayPort),
        RELAY_PROJECTS_URL: config.apiInternalUrl,
      }),
    )
  startRelay()
  supervise(
    startChild('farcaster-relay', node, ts('apps/local-farcaster/src/main.ts'), {
      FARCASTER_RELAY_HOST: config.bindHost,
      FARCASTER_RELAY_PORT: String(config.farcasterRelayPort),
      FARCASTER_RELAY_AUTH_KEY: config.farcasterRelayKey,
    }),
  )
  supervise(
    startChild('solana', node, ts('apps/local-solana/src/main.ts'), {
      SOLANA_HOST: config.bindHost,
      SOLANA_PORT: String(config.solanaPort),
      SOLANA_CORS_ORIGINS: [config.modalOrigin, config.authOrigin].join(','),
    }),
  )
  await Promise.all([
    // Each node gets the local chain world (tokens, NFTs, Uniswap) as soon as it answers.
    ...config.evmNodes.map(async ({ port, chainId, bundlerPort }) => {
      const rpcUrl = `http://${config.bindHost}:${port}`
      await waitFor(`EVM node ${chainId}`, () => rpcReady(rpcUrl))
      // tokenURI is read by the API's indexer, on this machine: the demo site by its loopback address
      // (the e2e suite's host.test names resolve only inside Chromium).
      await deployChainWorld({ rpcUrl, metadataOrigin })
      if (port === config.evmNodes[0]!.port) await deployIdRegistry({ rpcUrl })
      // ERC-4337 v0.7 (EntryPoint, account factory, paymaster) and its bundler, on every node.
      supervise(await startAccountAbstraction(config, { chainId, rpcUrl, bundlerPort }))
    }),
    waitFor('API', async () => (await fetch(`${config.apiInternalUrl}/health`)).ok),
    waitFor('Solana node', () => rpcReady(solanaUrl)),
    relayReady(),
    waitFor(
      'Farcaster relay',
      async () => (await fetch(`http://${config.bindHost}:${config.farcasterRelayPort}/healthcheck`)).ok,
    ),
  ])
  if (production && process.env.MODALKIT_TEST_STACK === 'true') {
    const replicas = config.apiReplicaPorts.map((_, index) => index)
    const actions: Record<string, () => Promise<void>> = {
      'apis/restart': async () => {
        await Promise.all(replicas.map((index) => halt(replicaName(index))))
        await Promise.all(replicas.map((index) => startReplica(index)))
      },
      'postgres/stop': () => postgres!.stopServer(),
      'postgres/start': () => postgres!.startServer(),
      'relay/restart': async () => {
        await halt('relay')
        startRelay()
        await relayReady()
      },
    }
    for (const index of replicas) {
      actions[`${replicaName(index)}/kill`] = () => halt(replicaName(index))
      actions[`${replicaName(index)}/start`] = () => startReplica(index)
    }
    await listen(createStackControl(actions), config.stackControlPort, 'stack control')
  }
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
    EVM nodes     ${config.evmNodes.map(({ chainId, port }) => `chain ${chainId} on :${port}`).join(', ')} (the API reaches chain ${config.evmNodes[0]!.chainId} as two nodes, :${config.rpcFrontPort}/a and /b)
    bundlers      ${config.evmNodes.map(({ chainId, bundlerPort }) => `chain ${chainId} on :${bundlerPort}`).join(', ')} (ERC-4337 v0.7, Alto)
    WalletConnect relay  ws://${config.bindHost}:${config.relayPort}
    Solana        ${solanaUrl} (ws :${config.solanaPort + 1})
    mail (maildev)  http://${config.bindHost}:${config.mailWebPort}
    Farcaster relay http://${config.bindHost}:${config.farcasterRelayPort} (ID registry on chain ${config.evmNodes[0]!.chainId})
    social providers ${oidc.origin}/{${OIDC_PROVIDERS.join(',')}} (stand-ins in each service's shape)

  Open the demo: ${config.demoOrigin}/
  Ctrl-C stops everything.
`)
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`)
  stop(1)
})
