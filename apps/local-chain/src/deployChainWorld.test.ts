import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { Contract, getCreateAddress, HDNodeWallet, JsonRpcProvider } from 'ethers'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEPLOYER_PATH, deployChainWorld, TEST_MNEMONIC, testAccount } from './deployChainWorld.ts'
import { type Anvil, startAnvil } from './startAnvil.ts'

let anvil: Anvil
let rpcUrl: string
let provider: JsonRpcProvider

beforeAll(async () => {
  anvil = await startAnvil()
  rpcUrl = anvil.rpcUrl
  provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
})
afterAll(() => {
  provider.destroy()
  anvil.stop()
})

it('derives the fixed addresses from the deployer and its nonces', () => {
  const deployer = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, DEPLOYER_PATH).address
  const { deployer: expected, ...contracts } = LOCAL_CHAIN_WORLD
  expect(deployer).toBe(expected)
  expect(Object.values(contracts)).toEqual(
    Object.values(contracts).map((_, nonce) => getCreateAddress({ from: deployer, nonce })),
  )
})

it('deploys tokens, NFTs and Uniswap pairs with liquidity, once', async () => {
  expect(await deployChainWorld({ rpcUrl, metadataOrigin: 'http://demo.test' })).toEqual({ deployed: true })
  const erc20 = [
    'function balanceOf(address) view returns (uint256)',
    'function decimals() view returns (uint8)',
    'function symbol() view returns (string)',
  ]
  const usd = new Contract(LOCAL_CHAIN_WORLD.usd, erc20, provider)
  const token = new Contract(LOCAL_CHAIN_WORLD.token, erc20, provider)
  const holder = testAccount(0).address
  expect([
    await usd.getFunction('symbol')(),
    await usd.getFunction('decimals')(),
    await usd.getFunction('balanceOf')(holder),
  ]).toEqual(['LUSD', 6n, 1000_000000n])
  expect([
    await token.getFunction('symbol')(),
    await token.getFunction('decimals')(),
    await token.getFunction('balanceOf')(holder),
  ]).toEqual(['MDL', 18n, 100n * 10n ** 18n])
  const nft = new Contract(
    LOCAL_CHAIN_WORLD.collection,
    ['function ownerOf(uint256) view returns (address)', 'function tokenURI(uint256) view returns (string)'],
    provider,
  )
  expect(await nft.getFunction('ownerOf')(2n)).toBe(holder)
  expect(await nft.getFunction('tokenURI')(2n)).toBe('http://demo.test/nft/kittens/2.json')
  const router = new Contract(
    LOCAL_CHAIN_WORLD.uniswapV2Router,
    ['function getAmountsOut(uint256, address[]) view returns (uint256[])'],
    provider,
  )
  // 1 WETH buys about 3000 LUSD from the 100-ETH pool, less the 0.3 % fee and about 1 % price impact.
  const [, out] = (await router.getFunction('getAmountsOut')(10n ** 18n, [
    LOCAL_CHAIN_WORLD.weth,
    LOCAL_CHAIN_WORLD.usd,
  ])) as bigint[]
  expect(out).toBeGreaterThan(2950_000000n)
  expect(out).toBeLessThan(3000_000000n)
  const blockBefore = await provider.getBlockNumber()
  expect(await deployChainWorld({ rpcUrl, metadataOrigin: 'http://demo.test' })).toEqual({ deployed: false })
  expect(await provider.getBlockNumber()).toBe(blockBefore)
})
