import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export type Artifact = { abi: unknown[]; bytecode: string }

/** Uniswap's published build JSON has its bytecode without `0x`; ethers wants it. */
function load(path: string): Artifact {
  const json = require(path) as { abi: unknown[]; bytecode: string }
  return { abi: json.abi, bytecode: json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}` }
}

/** The published Uniswap V2 artifacts (the pair's init-code hash in the router matches the factory's). */
export const uniswapArtifacts = () => ({
  WETH9: load('@uniswap/v2-periphery/build/WETH9.json'),
  UniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
  UniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
})
