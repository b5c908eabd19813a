import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { truncateAddress } from '@modalkit/shared'
import { expect, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { build } from 'vite'
import { modal } from './helpers.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// What a site developer does with the npm package: `npm pack` it (packages/appkit, built by
// `npm run build`), install the tarball into a fresh Vite + React app and a fresh wagmi app (offline:
// the tarball has no dependencies; React, wagmi, TanStack Query and Vite are the repo's, found up the
// folder tree), type-check each app against
// the package's declarations, build it, and run it in the browser on the demo site's origin
// (host.test, which the demo project allows), where its hooks connect the test browser wallet. The
// build goes into the demo site's dist (served from disk by the stack's demo server): a page the test
// fulfilled itself would not be on loopback, and Chromium's local-network rules would then refuse
// the core's script from the modal's loopback origin, as they would for any public site.

const repo = resolve(import.meta.dirname, '..')
const cache = join(repo, 'node_modules/.cache/appkit-npm-app')

const REACT_MAIN = `import { createAppKit, EthersAdapter, localA, localB } from '@modalkit/appkit'
import type { AppKitNetwork } from '@modalkit/appkit/networks'
import { type Provider, useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitNetworkCore, useAppKitProvider, useDisconnect, useWalletInfo } from '@modalkit/appkit/react'
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { Buttons } from './Buttons.tsx'

// As AppKit's examples type their list of networks.
const networks: [AppKitNetwork, ...AppKitNetwork[]] = [localA, localB]

createAppKit({
  projectId: ${JSON.stringify(PROJECT_ID)},
  networks,
  adapters: [new EthersAdapter()],
  metadata: { name: 'npm app', description: 'a fresh Vite + React app', url: location.origin, icons: [] },
  modalOrigin: ${JSON.stringify(SITES.modal)},
})

function App() {
  const { open } = useAppKit()
  const { address, isConnected } = useAppKitAccount()
  const { chainId, switchNetwork } = useAppKitNetwork()
  const { caipNetworkId } = useAppKitNetworkCore()
  const { walletProvider } = useAppKitProvider<Provider>('eip155')
  const { walletInfo } = useWalletInfo()
  const { disconnect } = useDisconnect()
  return h('main', null,
    h(Buttons),
    h('button', { 'data-testid': 'connect', onClick: () => open() }, 'Connect'),
    h('button', { 'data-testid': 'switch', onClick: () => switchNetwork(localB) }, 'Switch to Local B'),
    h('button', { 'data-testid': 'disconnect', onClick: () => disconnect() }, 'Disconnect'),
    h('p', { 'data-testid': 'address' }, isConnected ? address : 'not connected'),
    h('p', { 'data-testid': 'chain' }, String(chainId)),
    h('p', { 'data-testid': 'network-core' }, String(caipNetworkId)),
    h('p', { 'data-testid': 'provider' }, walletProvider ? 'provider' : 'no provider'),
    h('p', { 'data-testid': 'wallet' }, walletInfo?.name ?? 'no wallet'))
}

const root = document.getElementById('root')
if (root) createRoot(root).render(h(App))
`

/**
 * AppKit's wagmi quick start (React), with only its import lines changed: the adapter's
 * `wagmiConfig` in `<WagmiProvider>`, wagmi's own hooks for the account, balance, signing, switching
 * and disconnecting, and wagmi's public client reading the local node (the network objects' RPC URLs
 * pointed at the stack's ports, as a site points them at its own RPC).
 */
const WAGMI_MAIN = `import { createAppKit, useAppKit } from '@modalkit/appkit/react'
import { localA, localB } from '@modalkit/appkit/networks'
import { WagmiAdapter } from '@modalkit/appkit/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider, useBalance, useConnect, useConnection, useConnectors, useDisconnect, useSignMessage, useSwitchChain } from 'wagmi'

const queryClient = new QueryClient()
const projectId = ${JSON.stringify(PROJECT_ID)}
const networks = [
  { ...localA, rpcUrls: { default: { http: ['http://127.0.0.1:${STACK_ENV.EVM_A_PORT}'] } } },
  { ...localB, rpcUrls: { default: { http: ['http://127.0.0.1:${STACK_ENV.EVM_B_PORT}'] } } },
] as const
const wagmiAdapter = new WagmiAdapter({ networks: [...networks], projectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks: [...networks],
  projectId,
  metadata: { name: 'wagmi app', description: 'a fresh wagmi app', url: location.origin, icons: [] },
  modalOrigin: ${JSON.stringify(SITES.modal)},
})

function App() {
  const { open } = useAppKit()
  const { address, chainId, status } = useConnection()
  const balance = useBalance({ address, query: { enabled: Boolean(address) } })
  const connectors = useConnectors()
  const { connect } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const { signMessageAsync } = useSignMessage()
  const [signature, setSignature] = useState('')
  return h('main', null,
    h('button', { 'data-testid': 'open', onClick: () => open() }, 'Open the modal'),
    h('button', { 'data-testid': 'wagmi-connect', onClick: () => connect({ connector: connectors[0]! }) }, 'Connect with wagmi'),
    h('button', { 'data-testid': 'sign', onClick: () => signMessageAsync({ message: 'Hello from wagmi' }).then(setSignature) }, 'Sign'),
    h('button', { 'data-testid': 'switch', onClick: () => switchChain({ chainId: localB.id as number }) }, 'Switch to Local B'),
    h('button', { 'data-testid': 'disconnect', onClick: () => disconnect() }, 'Disconnect'),
    h('p', { 'data-testid': 'connectors' }, connectors.map((c) => c.id).join(',')),
    h('p', { 'data-testid': 'status' }, status),
    h('p', { 'data-testid': 'address' }, address ?? 'none'),
    h('p', { 'data-testid': 'chain' }, String(chainId ?? 'none')),
    h('p', { 'data-testid': 'balance' }, balance.data ? balance.data.value.toString() : 'none'),
    h('p', { 'data-testid': 'signature' }, signature || 'none'))
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    h(WagmiProvider, { config: wagmiAdapter.wagmiConfig },
      h(QueryClientProvider, { client: queryClient }, h(App))))
`

/** AppKit's buttons in the app's own JSX, typed by the package's declarations (no cast, no `any`). */
const REACT_BUTTONS = `export function Buttons() {
  return (
    <nav>
      <appkit-button balance="hide" size="sm" />
      <appkit-connect-button label="Sign up" />
      <appkit-account-button balance="hide" />
      <appkit-network-button />
    </nav>
  )
}
`

const APPS = [
  { name: 'react-app', base: '/npm-react/', main: REACT_MAIN, files: { 'Buttons.tsx': REACT_BUTTONS } },
  { name: 'wagmi-app', base: '/npm-wagmi/', main: WAGMI_MAIN, files: {} },
] as const

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/** A fresh Vite app in its own folder with the tarball installed, type-checked, built into the demo's dist. */
async function buildApp(tarball: string, { name, base, main, files }: (typeof APPS)[number]): Promise<void> {
  const app = join(cache, name)
  rmSync(app, { recursive: true, force: true })
  mkdirSync(join(app, 'src'), { recursive: true })
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module', dependencies: {} }),
  )
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        // As Vite's templates set it: the package's types name @solana/web3.js (its Solana provider's
        // PublicKey), which a site without Solana does not install.
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        jsx: 'react-jsx',
        types: [],
      },
      include: ['src'],
    }),
  )
  writeFileSync(
    join(app, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title><script type="module" src="/src/main.ts"></script></head><body><div id="root"></div></body></html>`,
  )
  writeFileSync(join(app, 'src/main.ts'), main)
  for (const [file, text] of Object.entries(files)) writeFileSync(join(app, 'src', file), text)
  // The tarball as a site installs it; no registry is asked (its peers are the repo's, up the tree).
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--legacy-peer-deps', tarball], app)
  // The app type-checks against the package's bundled declarations alone.
  run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', app], app)
  // The build goes into the demo site's dist (see above), served by the stack's demo server.
  const served = join(repo, 'apps/demo-site/dist', base.replaceAll('/', ''))
  await build({
    root: app,
    base,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: served, emptyOutDir: true },
  })
}

test.beforeAll(async () => {
  test.setTimeout(300_000)
  mkdirSync(cache, { recursive: true })
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', cache], join(repo, 'packages/appkit')),
  ) as { filename: string }[]
  if (!packed) throw new Error('npm pack gave no tarball')
  for (const app of APPS) await buildApp(join(cache, packed.filename), app)
})

test('a fresh Vite + React app with the packed tarball connects through the hooks and shows the address', async ({
  page,
}) => {
  await installTestWallet(page)
  await page.goto(`${SITES.host}/npm-react/`)
  await expect(page.getByTestId('address')).toHaveText('not connected')
  await expect(page.getByTestId('chain')).toHaveText('31337')

  // The app's own <appkit-button>, defined by createAppKit from the package once the page used it.
  const button = page.locator('appkit-button').getByRole('button')
  await expect(button).toHaveText('Connect Wallet')
  await expect(page.locator('appkit-connect-button').getByRole('button')).toHaveText('Sign up')
  await expect(page.locator('appkit-network-button').getByRole('button')).toHaveText('Local Anvil A')
  await expect(page.locator('appkit-account-button')).toBeHidden()
  await button.click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)
  const short = truncateAddress(TEST_ACCOUNT)
  await expect(page.locator('appkit-account-button').getByRole('button')).toHaveText(short)
  await expect(button).toHaveText(short)
  await expect(page.getByTestId('wallet')).toHaveText('Test Wallet')
  await expect(page.getByTestId('provider')).toHaveText('provider')

  await expect(page.getByTestId('network-core')).toHaveText('eip155:31337')
  await page.getByTestId('switch').click()
  await expect(page.getByTestId('chain')).toHaveText('31338')
  await expect(page.getByTestId('network-core')).toHaveText('eip155:31338')

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('address')).toHaveText('not connected')
  await expect(page.getByTestId('provider')).toHaveText('no provider')
  await expect(button).toHaveText('Connect Wallet')

  // useAppKit().open(), the hook's way in, opens the same modal.
  await page.getByTestId('connect').click()
  await expect(modal(page).getByTestId('wallet-test.wallet')).toBeVisible()
})

test("a fresh wagmi app (AppKit's wagmi quick start, import lines changed) follows the modal through wagmi's hooks", async ({
  page,
}) => {
  await installTestWallet(page)
  await page.goto(`${SITES.host}/npm-wagmi/`)
  // The modal's connector alone: wagmi lists it once, not again by EIP-6963.
  await expect(page.getByTestId('connectors')).toHaveText('dev.modalkit')
  await expect(page.getByTestId('status')).toHaveText('disconnected')

  // Connected through the modal (AppKit's open()), wagmi follows.
  await page.getByTestId('open').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)
  await expect(page.getByTestId('chain')).toHaveText('31337')
  // wagmi's own client reads the node.
  await expect(page.getByTestId('balance')).toHaveText(/^[1-9]\d*$/)

  // wagmi's signMessage goes through the modal's provider to the wallet.
  await page.getByTestId('sign').click()
  await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  expect(verifyMessage('Hello from wagmi', (await page.getByTestId('signature').textContent()) ?? '')).toBe(
    TEST_ACCOUNT,
  )

  // wagmi's switchChain switches the modal's network.
  await page.getByTestId('switch').click()
  await expect(page.getByTestId('chain')).toHaveText('31338')
  expect(await page.evaluate(() => window.appkit.getState().selectedNetworkId)).toBe('eip155:31338')

  // wagmi's disconnect disconnects the modal.
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)

  // wagmi's connect opens the modal, and the choice there connects wagmi.
  await page.getByTestId('wagmi-connect').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)

  // After a reload the modal reconnects the wallet, and wagmi follows, with no click.
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)
  expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
})
