import { describe, expect, it } from 'vitest'
import { getNetwork } from './getNetwork.ts'
import { isSolanaAddress } from './isSolanaAddress.ts'
import { BUILT_IN_NETWORK_IDS, NETWORKS } from './networks.ts'
import { parseCaipNetworkId } from './parseCaipNetworkId.ts'

const LOCAL_CHAINS: string[] = ['eip155:31337', 'eip155:31338', 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn']

describe('NETWORKS', () => {
  it('lists the SPEC §9 networks and the local chains, in this order', () => {
    expect(
      NETWORKS.map((n) => `${n.caipNetworkId} ${n.name}${n.testnet ? ' (testnet)' : ''}`),
    ).toMatchInlineSnapshot(`
      [
        "eip155:1 Ethereum",
        "eip155:10 OP Mainnet",
        "eip155:56 BNB Smart Chain",
        "eip155:100 Gnosis",
        "eip155:137 Polygon",
        "eip155:324 ZKsync Era",
        "eip155:8453 Base",
        "eip155:42161 Arbitrum One",
        "eip155:42220 Celo",
        "eip155:43114 Avalanche",
        "eip155:7777777 Zora",
        "eip155:1313161554 Aurora",
        "eip155:11155111 Sepolia (testnet)",
        "eip155:84532 Base Sepolia (testnet)",
        "eip155:31337 Local Anvil A (testnet)",
        "eip155:31338 Local Anvil B (testnet)",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp Solana",
        "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 Solana Devnet (testnet)",
        "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z Solana Testnet (testnet)",
        "solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn Solana Local (testnet)",
        "bip122:000000000019d6689c085ae165831e93 Bitcoin",
        "bip122:000000000933ea01ad0ee984209779ba Bitcoin Testnet (testnet)",
      ]
    `)
  })

  it('has a consistent CAIP-2 id, namespace and id on every network', () => {
    for (const network of NETWORKS) {
      const parsed = parseCaipNetworkId(network.caipNetworkId)
      expect(parsed, network.name).toBeDefined()
      expect(parsed?.namespace).toBe(network.chainNamespace)
      expect(parsed?.reference).toBe(String(network.id))
      if (network.chainNamespace === 'eip155') expect(typeof network.id).toBe('number')
      else expect(typeof network.id).toBe('string')
    }
    expect(new Set(NETWORKS.map((n) => n.caipNetworkId)).size).toBe(NETWORKS.length)
    expect(new Set(NETWORKS.map((n) => n.name)).size).toBe(NETWORKS.length)
  })

  it('uses https RPC and explorer URLs, except for the local chains', () => {
    for (const network of NETWORKS) {
      const local = LOCAL_CHAINS.includes(network.caipNetworkId)
      for (const url of network.rpcUrls.default.http) {
        expect(url, network.name).toMatch(local ? /^http:\/\/127\.0\.0\.1:\d+$/ : /^https:\/\//)
      }
      for (const url of network.rpcUrls.default.webSocket ?? [])
        expect(url, network.name).toMatch(/^wss:\/\//)
      if (network.blockExplorers) expect(network.blockExplorers.default.url).toMatch(/^https:\/\/[^/]+/)
      if (network.chainNamespace !== 'bip122') expect(network.rpcUrls.default.http.length).toBeGreaterThan(0)
    }
  })

  it('has the native currencies of the chains', () => {
    const symbols = Object.fromEntries(NETWORKS.map((n) => [n.caipNetworkId, n.nativeCurrency]))
    expect(symbols['eip155:1']).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(symbols['eip155:56']?.symbol).toBe('BNB')
    expect(symbols['eip155:137']?.symbol).toBe('POL')
    expect(symbols['eip155:43114']?.symbol).toBe('AVAX')
    expect(symbols['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      decimals: 9,
    })
    expect(symbols['bip122:000000000019d6689c085ae165831e93']).toEqual({
      name: 'Bitcoin',
      symbol: 'BTC',
      decimals: 8,
    })
  })

  it('has the Solana genesis-hash references as base58, 32 characters', () => {
    for (const network of NETWORKS.filter((n) => n.chainNamespace === 'solana')) {
      expect(String(network.id)).toHaveLength(32)
      expect(isSolanaAddress(String(network.id))).toBe(true)
    }
  })

  it('sets up the local Anvil chains', () => {
    const local = NETWORKS.filter((n) => n.name.startsWith('Local Anvil'))
    expect(local).toEqual([
      {
        id: 31337,
        name: 'Local Anvil A',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        testnet: true,
      },
      {
        id: 31338,
        name: 'Local Anvil B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31338',
        testnet: true,
      },
    ])
  })

  it('sets up the local Solana cluster under the genesis hash its node advertises', () => {
    // apps/local-solana/src/genesisHash.ts: GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ, cut to 32.
    expect(getNetwork('solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn')).toEqual({
      id: 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      name: 'Solana Local',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
      chainNamespace: 'solana',
      caipNetworkId: 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      assets: { imageId: 'a1b58899-f671-4276-6a5e-56ca5bd59700' },
      testnet: true,
    })
    expect(BUILT_IN_NETWORK_IDS).not.toContain('solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn')
  })

  it('cannot be changed by one caller for the others', () => {
    const ethereum = NETWORKS[0]!
    expect(() => {
      ethereum.name = 'Changed'
    }).toThrow(TypeError)
    expect(() => ethereum.rpcUrls.default.http.push('https://evil.example')).toThrow(TypeError)
    expect(() => (NETWORKS as unknown as unknown[]).pop()).toThrow(TypeError)
    expect(ethereum.name).toBe('Ethereum')
  })
})

describe('BUILT_IN_NETWORK_IDS', () => {
  it('names the SPEC §9 built-in chains, all of them in NETWORKS', () => {
    expect(BUILT_IN_NETWORK_IDS).toMatchInlineSnapshot(`
      [
        "eip155:1",
        "eip155:56",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
        "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
        "bip122:000000000019d6689c085ae165831e93",
        "bip122:000000000933ea01ad0ee984209779ba",
      ]
    `)
    const known = new Set(NETWORKS.map((n) => n.caipNetworkId))
    for (const id of BUILT_IN_NETWORK_IDS) expect(known.has(id), id).toBe(true)
  })
})
