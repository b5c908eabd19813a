import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { later } from '../apps/modal-app/src/i18n/laterEn.ts'
import { staticModuleImports, staticPackageImports } from './staticImports.ts'

const repo = resolve(import.meta.dirname, '..')

describe('what the secure frame and the modal load before a request needs it (the size budget in docs/benchmarks.md)', () => {
  it('logging in loads no Solana library: @solana/web3.js comes with the first Solana request', () => {
    const packages = staticPackageImports(join(repo, 'apps/auth-frame/src/main.ts'))
    expect(packages.get('@solana/web3.js')).toBeUndefined()
    // The walk did follow the frame's own modules to their packages.
    expect([...packages.keys()]).toContain('@noble/curves/ed25519')
  })

  it("the modal's first view loads none of the embedded wallet's logins, its secure frame's client, WalletConnect's, the host page's wallets' connectors, later views' API calls, Pay, sign-in with X, or Solana's and Bitcoin's signing", () => {
    const modules = [...staticModuleImports(join(repo, 'apps/modal-app/src/main.tsx'))].map((file) =>
      file.slice(repo.length + 1),
    )
    const embedded = 'apps/modal-app/src/connectors/embedded/'
    for (const lazy of [
      'createEmbeddedConnector.ts',
      'createEmailLogin.ts',
      'createFrameClient.ts',
      'secureFrame.ts',
    ])
      expect(modules).not.toContain(embedded + lazy)
    // Nor the API calls of the views after the first (Account, Swap, names, Buy), with their schemas.
    for (const lazy of [
      'accountDataMethods.ts',
      'convertMethods.ts',
      'nameMethods.ts',
      'onrampMethods.ts',
      'createSiwxApi.ts',
    ])
      expect(modules).not.toContain(`apps/modal-app/src/api/${lazy}`)
    expect(modules).toContain('apps/modal-app/src/api/createApiClient.ts')
    // Nor WalletConnect's connector and client (its SDK was already a chunk of its own).
    for (const lazy of [
      'createWalletConnectConnector.ts',
      'createWalletConnectClient.ts',
      'buildNamespaces.ts',
    ])
      expect(modules).not.toContain(`apps/modal-app/src/connectors/walletConnect/${lazy}`)
    // Nor Pay, which the site's first pay() loads.
    expect(modules).not.toContain('apps/modal-app/src/state/pay/createPayActions.ts')
    // Nor sign-in with X, which a site turns on in its options.
    for (const lazy of ['createSiwx.ts', 'createVerifier.ts', 'signSiwxMessage.ts', 'startSiwx.ts'])
      expect(modules).not.toContain(`apps/modal-app/src/siwx/${lazy}`)
    // Nor the Solana and Bitcoin signing requests' shaping (and, through them, their schemas), which
    // the first such request loads.
    // Nor the host page's requests' handler and the chain reads' batcher, which the first request or
    // read loads; and from that handler's chunk, not the Solana and Bitcoin signing either.
    expect(modules).not.toContain('apps/modal-app/src/state/createRpcHandler.ts')
    expect(modules).not.toContain('apps/modal-app/src/api/createRpcBatcher.ts')
    expect(modules).toContain('apps/modal-app/src/state/lazyRpcHandler.ts')
    const requests = [...staticModuleImports(join(repo, 'apps/modal-app/src/state/createRpcHandler.ts'))].map(
      (file) => file.slice(repo.length + 1),
    )
    for (const list of [modules, requests]) {
      expect(list).not.toContain('apps/modal-app/src/connectors/solana/sendSolanaRequest.ts')
      expect(list).not.toContain('apps/modal-app/src/connectors/bitcoin/sendBitcoinRequest.ts')
    }
    expect(requests).toContain('apps/modal-app/src/i18n/flows/describeError.ts')
    // Nor the host page's wallets' connectors, which opening the modal or a kept connection loads.
    expect(modules).not.toContain('apps/modal-app/src/connectors/injected/createInjectedConnector.ts')
    expect(modules).not.toContain(
      'apps/modal-app/src/connectors/bitcoinWallet/createBitcoinWalletConnector.ts',
    )
    // The stand-ins the modal starts with are there: the walk did reach the connectors.
    expect(modules).toContain(`${embedded}createLazyEmbeddedConnector.ts`)
    expect(modules).toContain('apps/modal-app/src/connectors/createLazyHostWalletConnector.ts')
  })

  it("the first chunk's code, and the lazy chunks that do not wait for them, show none of English's later messages", () => {
    // englishLater.ts: they come with every lazy view and with Pay's chunk, not with these.
    const src = join(repo, 'apps/modal-app/src')
    const first = new Set(
      [
        'main.tsx',
        'views/Connect/SocialButtons.tsx', // the first view's React.lazy part
        // Imported on a request, or loaded by loadOnce without English's later messages.
        'state/routeWalletRequest.ts',
        'state/createRpcHandler.ts',
        'api/createRpcBatcher.ts',
        'connectors/solana/sendSolanaRequest.ts',
        'connectors/bitcoin/sendBitcoinRequest.ts',
        'connectors/embedded/createEmbeddedConnector.ts',
        'connectors/embedded/secureFrame.ts',
        'connectors/walletConnect/createWalletConnectConnector.ts',
        'connectors/walletConnect/createWalletConnectClient.ts',
        'connectors/injected/createInjectedConnector.ts',
        'connectors/bitcoinWallet/createBitcoinWalletConnector.ts',
        'siwx/startSiwx.ts',
        'api/createSiwxApi.ts',
        'api/accountDataMethods.ts',
        'api/convertMethods.ts',
        'api/nameMethods.ts',
        'api/onrampMethods.ts',
        'state/accountData/createAccountDataActions.ts',
      ].flatMap((entry) => [...staticModuleImports(join(src, entry))]),
    )
    const laterKeys = Object.keys(later)
    const prefixes = new Set(laterKeys.map((key) => key.split('.')[0]))
    const used: string[] = []
    for (const file of first) {
      if (!file.startsWith(src) || file.includes('/i18n/')) continue
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+\.[\w.${}]+)['"`]/g))
        if (laterKeys.includes(key!) || (key!.includes('${') && prefixes.has(key!.split('.')[0])))
          used.push(`${file.slice(src.length + 1)}: ${key}`)
    }
    expect(used).toEqual([])
    // The walk did reach code that shows account's words kept in the first chunk (enFirst.ts).
    expect([...first].some((file) => readFileSync(file, 'utf8').includes("'account.wallets.embedded'"))).toBe(
      true,
    )
  })

  it("the loader's core takes no Bitcoin wallet's connector or adapters: they come in the Bitcoin script, with the first connect, restore or request", () => {
    const core = [...staticModuleImports(join(repo, 'apps/host-loader/src/core.ts'))].map((file) =>
      file.slice(repo.length + 1),
    )
    for (const later of ['bitcoinWalletConnector.ts', 'bitcoinSatsConnect.ts', 'bitcoinStandardWallet.ts'])
      expect(core).not.toContain(`apps/host-loader/src/${later}`)
    // Discovery stays: the modal lists the page's Bitcoin wallets before any is connected.
    expect(core).toContain('apps/host-loader/src/discoverBitcoinWallets.ts')
    expect(core).toContain('apps/host-loader/src/loadBitcoinScript.ts')
  })

  it('follows static imports, not dynamic or type-only ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imports-'))
    writeFileSync(join(dir, 'main.ts'), "import { a } from './a.ts'\nexport { b } from './b.ts'\n")
    writeFileSync(
      join(dir, 'a.ts'),
      "import type { T } from 'typed'\nexport const a = () => import('lazy')\n",
    )
    writeFileSync(join(dir, 'b.ts'), "import 'side-effect'\nimport { x } from 'eager'\nexport const b = x\n")
    expect([...staticPackageImports(join(dir, 'main.ts')).keys()].sort()).toEqual(['eager', 'side-effect'])
    expect(
      [...staticModuleImports(join(dir, 'main.ts'))].map((file) => file.slice(dir.length + 1)).sort(),
    ).toEqual(['a.ts', 'b.ts', 'main.ts'])
  })
})
