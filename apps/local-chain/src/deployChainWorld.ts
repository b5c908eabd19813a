import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import {
  Contract,
  ContractFactory,
  HDNodeWallet,
  type InterfaceAbi,
  JsonRpcProvider,
  MaxUint256,
  parseEther,
  parseUnits,
  toBeHex,
} from 'ethers'
import { uniswapArtifacts } from './artifacts.ts'
import { compileContracts } from './compileContracts.ts'

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'
/** Account 10 of the mnemonic: anvil funds 0 to 9, so nothing else ever sends from it. */
export const DEPLOYER_PATH = "m/44'/60'/0'/0/10"
/** Accounts 0 to 4 of the mnemonic hold tokens from the start. */
const HOLDER_COUNT = 5
/**
 * Account 9 of the mnemonic is the local on-ramp provider's treasury (scripts/start.ts'
 * ONRAMP_TREASURY): it delivers ETH from its own balance and Local USD, USDC's stand-in, from these.
 */
const TREASURY_INDEX = 9
const TREASURY_USD = parseUnits('1000000', 6)
/** Every transaction of the deployment, in order; the deployer's nonce equals this when done. */
export const DEPLOYMENT_NONCES = 12

export type DeployChainWorldParameters = {
  rpcUrl: string
  /** Where tokenURI points: the demo site's origin, which serves `/nft/<collection>/<id>.json`. */
  metadataOrigin: string
}
export type DeployChainWorldReturnType = { deployed: boolean }

export function testAccount(index: number): HDNodeWallet {
  return HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`)
}

/**
 * Deploys the local chain world on one anvil node: WETH, the Uniswap V2 factory and
 * router, two ERC-20s (6 and 18 decimals) held by test accounts 0 to 4, liquidity in their pairs
 * with WETH, an NFT collection owned by test accounts, and a spam collection. Addresses are fixed
 * (LOCAL_CHAIN_WORLD: deployer + nonce). Idempotent: a node that already has the world is left as it
 * is; one with half a world (an interrupted start) is refused, since its addresses would differ.
 */
export async function deployChainWorld({
  rpcUrl,
  metadataOrigin,
}: DeployChainWorldParameters): Promise<DeployChainWorldReturnType> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
  try {
    const deployer = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, DEPLOYER_PATH).connect(provider)
    const nonce = await provider.getTransactionCount(deployer.address)
    if (nonce === DEPLOYMENT_NONCES) return { deployed: false }
    if (nonce !== 0) {
      throw new Error(
        `the chain at ${rpcUrl} has part of the local chain world (deployer nonce ${nonce}); restart the node`,
      )
    }
    await provider.send('anvil_setBalance', [deployer.address, toBeHex(parseEther('1000000'))])
    const compiled = compileContracts()
    const uni = uniswapArtifacts()
    const holders = Array.from({ length: HOLDER_COUNT }, (_, i) => testAccount(i).address)
    let next = 0
    const sent: { wait(): Promise<{ status: number | null } | null> }[] = []
    const send = async (tx: Parameters<typeof deployer.sendTransaction>[0]) => {
      const response = await deployer.sendTransaction({ ...tx, nonce: next++ })
      sent.push(response)
    }
    const deploy = async (artifact: { abi: unknown[]; bytecode: string }, args: unknown[]) => {
      const factory = new ContractFactory(artifact.abi as InterfaceAbi, artifact.bytecode, deployer)
      const tx = await factory.getDeployTransaction(...args)
      await send({ ...tx, gasLimit: 8_000_000n })
    }
    const w = LOCAL_CHAIN_WORLD
    await deploy(uni.WETH9, [])
    await deploy(uni.UniswapV2Factory, [deployer.address])
    await deploy(uni.UniswapV2Router02, [w.uniswapV2Factory, w.weth])
    const usdLiquidity = parseUnits('300000', 6)
    const tokenLiquidity = parseUnits('120000', 18)
    await deploy(compiled.LocalToken, [
      'Local USD',
      'LUSD',
      6,
      [deployer.address, ...holders, testAccount(TREASURY_INDEX).address],
      [usdLiquidity, ...holders.map(() => parseUnits('1000', 6)), TREASURY_USD],
    ])
    await deploy(compiled.LocalToken, [
      'Modal Token',
      'MDL',
      18,
      [deployer.address, ...holders],
      [tokenLiquidity, ...holders.map(() => parseUnits('100', 18))],
    ])
    // Tokens 1 and 2 to account 0, then one each to accounts 1 to 3.
    await deploy(compiled.LocalCollection, [
      'Modalkit Kittens',
      'MKIT',
      `${metadataOrigin}/nft/kittens/`,
      [holders[0], holders[0], holders[1], holders[2], holders[3]],
    ])
    await deploy(compiled.LocalCollection, [
      'Claim Your Airdrop',
      'CLAIM',
      `${metadataOrigin}/nft/spam/`,
      [holders[0], holders[1]],
    ])
    const erc20 = ['function approve(address spender, uint256 amount) returns (bool)']
    const call = async (address: string, abi: InterfaceAbi, method: string, args: unknown[], value = 0n) => {
      const contract = new Contract(address, abi, deployer)
      const data = contract.interface.encodeFunctionData(method, args)
      await send({ to: address, data, value, gasLimit: 6_000_000n })
    }
    await call(w.usd, erc20, 'approve', [w.uniswapV2Router, MaxUint256])
    await call(w.token, erc20, 'approve', [w.uniswapV2Router, MaxUint256])
    const deadline = 2n ** 40n
    // Priced as the API's price table: 1 ETH = 3000 USD, 1 MDL = 2.50 USD.
    await call(
      w.uniswapV2Router,
      uni.UniswapV2Router02.abi as InterfaceAbi,
      'addLiquidityETH',
      [w.usd, usdLiquidity, 0n, 0n, deployer.address, deadline],
      parseEther('100'),
    )
    await call(
      w.uniswapV2Router,
      uni.UniswapV2Router02.abi as InterfaceAbi,
      'addLiquidityETH',
      [w.token, tokenLiquidity, 0n, 0n, deployer.address, deadline],
      parseEther('100'),
    )
    // One wrap by the deployer, so WETH has a Transfer history from the start.
    await call(w.weth, ['function deposit() payable'], 'deposit', [], parseEther('10'))
    if (next !== DEPLOYMENT_NONCES) throw new Error(`deployment sent ${next} transactions`)
    const receipts = await Promise.all(sent.map((tx) => tx.wait()))
    const failed = receipts.findIndex((receipt) => receipt?.status !== 1)
    if (failed >= 0) throw new Error(`the local chain world's transaction ${failed} failed`)
    return { deployed: true }
  } finally {
    provider.destroy()
  }
}
