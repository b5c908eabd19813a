/**
 * The local chain world: what `npm start` and the e2e stack deploy on both local EVM
 * chains (apps/local-chain), at the same fixed addresses on each. The deployer is account 10 of the
 * well-known test mnemonic (anvil funds only 0 to 9, so no test ever moves its nonce); each contract's
 * address follows from that deployer and its nonce, so it is the same on every start.
 * apps/local-chain's test checks these literals against that derivation.
 */
export const LOCAL_CHAIN_WORLD = {
  deployer: '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  weth: '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9',
  uniswapV2Factory: '0x10Aeafac83d48E2f9ac4bAAf94311c45fACe1404',
  uniswapV2Router: '0xCABEe62adFB2a4d4172Fc2F7536f324FC52C274a',
  /** 'Local USD' (LUSD), 6 decimals like USDC. */
  usd: '0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5',
  /** 'Modal Token' (MDL), 18 decimals. */
  token: '0x4425918ff69Fe214AC093710cF41216AE9149c3A',
  /** 'Modalkit Kittens' (MKIT), an ERC-721 whose tokenURI the demo site serves. */
  collection: '0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98',
  /** 'Claim Your Airdrop' (CLAIM), an ERC-721 the project's spam list flags. */
  spamCollection: '0x749d20D85555330d20862770b58a72939285c42a',
} as const

/** Contracts the project flags as spam (lower-case addresses); NFTs from them are hidden. */
export const SPAM_CONTRACTS: readonly string[] = [LOCAL_CHAIN_WORLD.spamCollection.toLowerCase()]

/** The local Solana node's SPL token 'Local USD' (6 decimals): its mint (apps/local-solana's seedSplToken). */
export const LOCAL_SPL_MINT_ADDRESS = '7ifoUqvHSDS7oVJtZEjC2un47pqnfG3XD3heyRu1Phpq'
