import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { build } from 'vite'
import { modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// What a site developer does with the npm package: `npm pack` it (packages/appkit, built by
// `npm run build`), install the tarball into a fresh Vite + React app (offline: the tarball has no
// dependencies; React and Vite are the repo's, found up the folder tree), type-check the app against
// the package's declarations, build it, and run it in the browser on the demo site's origin
// (host.test, which the demo project allows), where its hooks connect the test browser wallet. The
// build goes into the demo site's dist (served from disk by the stack's demo server): a page the test
// fulfilled itself would not be on loopback, and Chromium's local-network rules would then refuse
// the core's script from the modal's loopback origin, as they would for any public site.

const repo = resolve(import.meta.dirname, '..')
const cache = join(repo, 'node_modules/.cache/appkit-npm-app')
const app = join(cache, 'react-app')
const BASE = '/npm-react/'
const served = join(repo, 'apps/demo-site/dist/npm-react')

const MAIN = `import { createAppKit, EthersAdapter, localA, localB, type Eip1193Provider } from '@modalkit/appkit'
import { useAppKit, useAppKitAccount, useAppKitNetwork, useAppKitProvider, useDisconnect, useWalletInfo } from '@modalkit/appkit/react'
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'

createAppKit({
  projectId: ${JSON.stringify(PROJECT_ID)},
  networks: [localA, localB],
  adapters: [new EthersAdapter()],
  metadata: { name: 'npm app', description: 'a fresh Vite + React app', url: location.origin, icons: [] },
  modalOrigin: ${JSON.stringify(SITES.modal)},
})

function App() {
  const { open } = useAppKit()
  const { address, isConnected } = useAppKitAccount()
  const { chainId, switchNetwork } = useAppKitNetwork()
  const { walletProvider } = useAppKitProvider<Eip1193Provider>('eip155')
  const { walletInfo } = useWalletInfo()
  const { disconnect } = useDisconnect()
  return h('main', null,
    h('button', { 'data-testid': 'connect', onClick: () => open() }, 'Connect'),
    h('button', { 'data-testid': 'switch', onClick: () => switchNetwork(localB) }, 'Switch to Local B'),
    h('button', { 'data-testid': 'disconnect', onClick: () => disconnect() }, 'Disconnect'),
    h('p', { 'data-testid': 'address' }, isConnected ? address : 'not connected'),
    h('p', { 'data-testid': 'chain' }, String(chainId)),
    h('p', { 'data-testid': 'provider' }, walletProvider ? 'provider' : 'no provider'),
    h('p', { 'data-testid': 'wallet' }, walletInfo?.name ?? 'no wallet'))
}

const root = document.getElementById('root')
if (root) createRoot(root).render(h(App))
`

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

test.beforeAll(async () => {
  test.setTimeout(240_000)
  rmSync(app, { recursive: true, force: true })
  mkdirSync(join(app, 'src'), { recursive: true })
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', cache], join(repo, 'packages/appkit')),
  ) as { filename: string }[]
  if (!packed) throw new Error('npm pack gave no tarball')
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'npm-react-app', private: true, type: 'module', dependencies: {} }),
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
        types: [],
      },
      include: ['src'],
    }),
  )
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>npm app</title><script type="module" src="/src/main.ts"></script></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(app, 'src/main.ts'), MAIN)
  // The tarball as a site installs it; no registry is asked (its only peer, React, is not installed).
  run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--legacy-peer-deps', join(cache, packed.filename)],
    app,
  )
  // The app type-checks against the package's bundled declarations alone.
  run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', app], app)
  await build({
    root: app,
    base: BASE,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: served, emptyOutDir: true },
  })
})

test('a fresh Vite + React app with the packed tarball connects through the hooks and shows the address', async ({
  page,
}) => {
  await installTestWallet(page)
  await page.goto(`${SITES.host}${BASE}`)
  await expect(page.getByTestId('address')).toHaveText('not connected')
  await expect(page.getByTestId('chain')).toHaveText('31337')

  await page.getByTestId('connect').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)
  await expect(page.getByTestId('wallet')).toHaveText('Test Wallet')
  await expect(page.getByTestId('provider')).toHaveText('provider')

  await page.getByTestId('switch').click()
  await expect(page.getByTestId('chain')).toHaveText('31338')

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('address')).toHaveText('not connected')
  await expect(page.getByTestId('provider')).toHaveText('no provider')
})
