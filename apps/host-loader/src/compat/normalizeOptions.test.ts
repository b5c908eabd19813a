import { describe, expect, it } from 'vitest'
import { normalizeOptions } from './normalizeOptions.ts'

// Network objects as Reown AppKit's `@reown/appkit/networks` and viem's `defineChain` give them.
const mainnet = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
}
const viemPolygon = { id: 137, name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 } }

describe('normalizeOptions', () => {
  it("takes AppKit's quick-start options, mapped to ours", () => {
    const { options, dropped } = normalizeOptions({
      projectId: 'demo',
      networks: [mainnet, viemPolygon, 'eip155:31337'],
      defaultNetwork: mainnet,
      adapters: [{ namespace: 'eip155' }, 'solana', { namespace: 'eip155' }],
      metadata: {
        name: 'My dapp',
        description: 'd',
        url: 'https://my.dapp',
        icons: ['https://my.dapp/i.png'],
      },
      features: {
        analytics: false,
        email: true,
        history: false,
        socials: ['google', 'farcaster', 'myspace'],
      },
      themeVariables: { '--w3m-accent': '#3b6cf6', '--apkt-z-index': 1000 },
      manualWCControl: true,
      themeMode: 'dark',
    })
    expect(options).toEqual({
      projectId: 'demo',
      networks: ['eip155:1', 'eip155:137', 'eip155:31337'],
      defaultNetwork: 'eip155:1',
      adapters: ['eip155', 'solana'],
      metadata: {
        name: 'My dapp',
        description: 'd',
        url: 'https://my.dapp',
        icons: ['https://my.dapp/i.png'],
      },
      features: { analytics: false, email: true, activity: false, socials: ['google', 'farcaster'] },
      themeVariables: { '--w3m-accent': '#3b6cf6', '--w3m-z-index': 1000 },
      manualControl: true,
      themeMode: 'dark',
    })
    expect(dropped).toEqual(['features.socials.myspace'])
  })

  it('drops the options it does not model and names each, nested ones by path', () => {
    const { options, dropped } = normalizeOptions({
      projectId: 'demo',
      termsConditionsUrl: 'https://shop.test/terms',
      metadata: { name: 'n', redirect: { native: 'app://' } },
      features: { emailShowWallets: false, swaps: false },
      themeVariables: { '--wui-color': 'red' },
    })
    expect(options).toEqual({
      projectId: 'demo',
      metadata: { name: 'n' },
      features: { swaps: false },
      themeVariables: {},
    })
    expect(dropped).toEqual([
      'termsConditionsUrl',
      'metadata.redirect',
      'features.emailShowWallets',
      'themeVariables.--wui-color',
    ])
  })

  it("passes AppKit's wallet-list options and enableLogger on (the modal checks each custom wallet)", () => {
    const wallet = { id: 'mine', name: 'Mine', mobile_link: 'mine://', image_id: 'appkit-only' }
    const input = {
      projectId: 'demo',
      enableLogger: false,
      featuredWalletIds: ['c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'],
      includeWalletIds: ['rainbow'],
      excludeWalletIds: ['trust'],
      customWallets: [wallet],
      allWallets: 'ONLY_MOBILE' as const,
    }
    expect(normalizeOptions(input)).toEqual({ options: input, dropped: [] })
  })

  it('refuses a value of the wrong type with the key’s path', () => {
    const refusal = (input: Record<string, unknown>) => {
      try {
        normalizeOptions({ projectId: 'demo', ...input })
      } catch (error) {
        return { ...(error as { code: string; shortMessage: string; details: string }) }
      }
      return undefined
    }
    expect(refusal({ features: { analytics: 'no' } })).toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid init() options',
      details: 'custom at features.analytics',
    })
    expect(refusal({ networks: ['eip155:1', { name: 'no id' }] })).toMatchObject({
      details: 'custom at networks.1',
    })
    expect(refusal({ networks: 'eip155:1' })).toMatchObject({ details: 'custom at networks' })
    expect(refusal({ adapters: [42] })).toMatchObject({ details: 'custom at adapters.0' })
    expect(refusal({ themeMode: 'blue' })).toMatchObject({ details: 'custom at themeMode' })
    expect(refusal({ themeVariables: { '--w3m-accent': { r: 1 } } })).toMatchObject({
      details: 'custom at themeVariables.--w3m-accent',
    })
    expect(refusal({ metadata: { name: 7 } })).toMatchObject({ details: 'custom at metadata.name' })
    expect(refusal({ featuredWalletIds: ['rainbow', 7] })).toMatchObject({
      details: 'custom at featuredWalletIds.1',
    })
    expect(refusal({ allWallets: 'SOMETIMES' })).toMatchObject({ details: 'custom at allWallets' })
    expect(refusal({ customWallets: { id: 'one' } })).toMatchObject({ details: 'custom at customWallets' })
  })
})
