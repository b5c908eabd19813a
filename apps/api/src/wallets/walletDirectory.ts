import type { Namespace } from '@modalkit/protocol'

/**
 * The wallet directory the API serves to AllWallets (SPEC §2, §7 "calls to a wallet directory
 * service"): real wallets with their real deep-link bases and the chain namespaces they support.
 * Images are monograms the API draws (`walletImage.ts`): the directory's hosted logos are not
 * reachable offline, and a monogram never loads third-party content into the modal.
 */
export type DirectoryEntry = {
  id: string
  name: string
  /** Brand colour of the monogram. */
  color: string
  mobile: { native?: string; universal?: string }
  desktop: { native?: string; universal?: string }
  /** Chain namespaces (SPEC §3) it supports. */
  namespaces: Namespace[]
  rdns?: string
  /**
   * Its id in WalletGuide, the directory Reown AppKit reads, for the wallets sites name most: a site
   * moving from AppKit keeps its `featuredWalletIds`. Each checked against AppKit's presets or WalletGuide's listings.
   */
  walletGuideId?: string
}

const EVM = 'eip155'
const SOLANA = 'solana'
const BITCOIN = 'bip122'
const COSMOS = 'cosmos'
const POLKADOT = 'polkadot'

export const WALLET_DIRECTORY: readonly DirectoryEntry[] = [
  {
    id: 'metamask',
    walletGuideId: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
    name: 'MetaMask',
    color: '#f6851b',
    mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
    desktop: {},
    namespaces: [EVM],
    rdns: 'io.metamask',
  },
  {
    id: 'trust',
    walletGuideId: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
    name: 'Trust Wallet',
    color: '#0500ff',
    mobile: { native: 'trust://', universal: 'https://link.trustwallet.com' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN, COSMOS],
    rdns: 'com.trustwallet.app',
  },
  {
    id: 'coinbase',
    walletGuideId: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
    name: 'Coinbase Wallet',
    color: '#0052ff',
    mobile: { native: 'cbwallet://', universal: 'https://go.cb-w.com' },
    desktop: {},
    namespaces: [EVM, SOLANA],
    rdns: 'com.coinbase.wallet',
  },
  {
    id: 'rainbow',
    walletGuideId: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369',
    name: 'Rainbow',
    color: '#001e59',
    mobile: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
    desktop: {},
    namespaces: [EVM],
    rdns: 'me.rainbow',
  },
  {
    id: 'phantom',
    walletGuideId: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
    name: 'Phantom',
    color: '#ab9ff2',
    mobile: { native: 'phantom://', universal: 'https://phantom.app/ul' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN],
    rdns: 'app.phantom',
  },
  {
    id: 'okx',
    walletGuideId: '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709',
    name: 'OKX Wallet',
    color: '#000000',
    mobile: { native: 'okex://main' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN, COSMOS],
    rdns: 'com.okex.wallet',
  },
  {
    id: 'ledger-live',
    walletGuideId: '19177a98252e07ddfc9af2083ba8e07ef627cb6103467ffebb3f8f4205fd7927',
    name: 'Ledger Live',
    color: '#000000',
    mobile: { native: 'ledgerlive://' },
    desktop: { native: 'ledgerlive://' },
    namespaces: [EVM, SOLANA, BITCOIN],
  },
  {
    id: 'zerion',
    walletGuideId: 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18',
    name: 'Zerion',
    color: '#2962ef',
    mobile: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
    desktop: {},
    namespaces: [EVM, SOLANA],
    rdns: 'io.zerion.wallet',
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    color: '#ff007a',
    mobile: { native: 'uniswap://', universal: 'https://uniswap.org/app' },
    desktop: {},
    namespaces: [EVM],
  },
  {
    id: 'safe',
    walletGuideId: '225affb176778569276e484e1b92637ad061b01e13a048b35a9d280c3b58970f',
    name: 'Safe{Wallet}',
    color: '#12ff80',
    mobile: {},
    desktop: { universal: 'https://app.safe.global' },
    namespaces: [EVM],
  },
  {
    id: 'argent',
    name: 'Argent',
    color: '#ff875b',
    mobile: { native: 'argent://app/', universal: 'https://argent.link/app' },
    desktop: {},
    namespaces: [EVM],
  },
  {
    id: 'imtoken',
    name: 'imToken',
    color: '#11c4d1',
    mobile: { native: 'imtokenv2://' },
    desktop: {},
    namespaces: [EVM, BITCOIN, COSMOS, POLKADOT],
  },
  {
    id: 'tokenpocket',
    name: 'TokenPocket',
    color: '#2980fe',
    mobile: { native: 'tpoutside://' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN, COSMOS, POLKADOT],
    rdns: 'pro.tokenpocket',
  },
  {
    id: 'bitget',
    walletGuideId: '38f5d18bd8522c244bdd70cb4a68e0e718865155811c043f052fb9f1c51de662',
    name: 'Bitget Wallet',
    color: '#00f0ff',
    mobile: { native: 'bitkeep://', universal: 'https://bkcode.vip' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN],
    rdns: 'com.bitget.web3',
  },
  {
    id: 'exodus',
    name: 'Exodus',
    color: '#1f2033',
    mobile: { native: 'exodus://', universal: 'https://exodus.com/m' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN],
    rdns: 'com.exodus.web3-wallet',
  },
  {
    id: '1inch',
    name: '1inch Wallet',
    color: '#1b314f',
    mobile: { native: 'oneinch://', universal: 'https://wallet.1inch.io' },
    desktop: {},
    namespaces: [EVM, SOLANA],
  },
  {
    id: 'rabby',
    name: 'Rabby Wallet',
    color: '#8697ff',
    mobile: { native: 'rabby://' },
    desktop: {},
    namespaces: [EVM],
    rdns: 'io.rabby',
  },
  {
    id: 'backpack',
    name: 'Backpack',
    color: '#e33e3f',
    mobile: { native: 'backpack://' },
    desktop: {},
    namespaces: [EVM, SOLANA],
    rdns: 'app.backpack',
  },
  {
    id: 'solflare',
    walletGuideId: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
    name: 'Solflare',
    color: '#fc7227',
    mobile: { native: 'solflare://', universal: 'https://solflare.com/ul' },
    desktop: {},
    namespaces: [SOLANA],
    rdns: 'com.solflare',
  },
  {
    id: 'crypto-com',
    name: 'Crypto.com Onchain',
    color: '#103f68',
    mobile: { native: 'dfw://', universal: 'https://wallet.crypto.com' },
    desktop: {},
    namespaces: [EVM, COSMOS],
  },
  {
    id: 'safepal',
    name: 'SafePal',
    color: '#4a21ef',
    mobile: { native: 'safepalwallet://', universal: 'https://link.safepal.io' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN],
    rdns: 'com.safepal',
  },
  {
    id: 'kraken',
    name: 'Kraken Wallet',
    color: '#7132f5',
    mobile: { native: 'krakenwallet://' },
    desktop: {},
    namespaces: [EVM, SOLANA, BITCOIN],
  },
  {
    id: 'frame',
    name: 'Frame',
    color: '#1a1b21',
    mobile: {},
    desktop: { native: 'frame://' },
    namespaces: [EVM],
    rdns: 'sh.frame',
  },
  {
    id: 'enkrypt',
    name: 'Enkrypt',
    color: '#a34ff8',
    mobile: {},
    desktop: {},
    namespaces: [EVM, BITCOIN, POLKADOT],
    rdns: 'com.enkrypt',
  },
  {
    id: 'taho',
    name: 'Taho',
    color: '#e4a441',
    mobile: {},
    desktop: {},
    namespaces: [EVM],
    rdns: 'xyz.taho',
  },
  {
    id: 'mew',
    name: 'MEW wallet',
    color: '#05c0a5',
    mobile: { native: 'mewwallet://' },
    desktop: {},
    namespaces: [EVM],
  },
  {
    id: 'family',
    name: 'Family',
    color: '#000000',
    mobile: { native: 'familywallet://' },
    desktop: {},
    namespaces: [EVM],
  },
  {
    id: 'keplr',
    name: 'Keplr',
    color: '#7b61ff',
    mobile: { native: 'keplrwallet://' },
    desktop: {},
    namespaces: [EVM, COSMOS],
    rdns: 'app.keplr',
  },
  {
    id: 'xverse',
    name: 'Xverse',
    color: '#ee7a30',
    mobile: { native: 'xverse://' },
    desktop: {},
    namespaces: [BITCOIN],
  },
  {
    id: 'talisman',
    name: 'Talisman',
    color: '#d5ff5c',
    mobile: {},
    desktop: {},
    namespaces: [EVM, POLKADOT],
    rdns: 'xyz.talisman',
  },
]
