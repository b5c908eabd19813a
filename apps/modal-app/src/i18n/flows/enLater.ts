/**
 * English messages of the connecting, sign-in and network views, which only lazy views show: like
 * account's and money's, they come with the first lazy chunk (englishLater.ts), not in the first
 * chunk (the size budget in docs/benchmarks.md; scripts/initialChunks.test.ts keeps the first
 * chunk's code off them).
 * Each locale in this folder translates them, key for key, with flows/en.ts's.
 */
export const flowsLater = {
  'connecting.tryAgain': 'Try again',
  'connecting.continueIn': 'Continue in {wallet}',
  'walletConnect.openWallet': 'Open {wallet}',
  'walletConnect.getWallet': 'Get {wallet}',
  'walletConnect.qrLabel': 'QR code to scan with your wallet app. Can’t scan it? Use Copy link below.',
  'farcaster.qr': 'Farcaster sign-in QR code',
  'farcaster.preparing': 'Preparing the QR code',
  'farcaster.scan': 'Scan this QR code with your phone to sign in with Farcaster',
  'farcaster.open': 'Open Farcaster',
  // `time` is the time left as the view writes it (m:ss).
  'farcaster.expiresIn': 'Expires in {time}',
  'farcaster.expired': 'Expired',
  'email.recoveryHint':
    'This device has no key share yet: restore the wallet with your recovery text in the secure screen.',
  'email.restore': 'Restore wallet',
  'allWallets.loadFailed': 'The wallet list could not be loaded.',
  // `site` is the site's host name; without one, the "this site" forms say it in words.
  'siwx.prompt': '{site} asks you to sign a message with your wallet to prove you own it.',
  'siwx.promptRequired':
    '{site} asks you to sign a message with your wallet to prove you own it. Signing in is required.',
  'siwx.promptThisSite': 'This site asks you to sign a message with your wallet to prove you own it.',
  'siwx.promptThisSiteRequired':
    'This site asks you to sign a message with your wallet to prove you own it. Signing in is required.',
  'siwx.waiting': 'Continue in your wallet',
  'siwx.cancel': 'Cancel',
  'siwx.retry': 'Try again',
  'siwx.signing': 'Signing…',
  'siwx.sign': 'Sign',
  'activeChain.pickFirst': 'Pick a network first.',
  'activeChain.title': 'Switch to {network}',
  // `family` and `active` are chain families (EVM, Solana, Bitcoin…), `network` a network's name.
  'activeChain.hint':
    'Your connected wallet does not support {family} networks. Connect a {family} wallet to use {network}; your {active} wallet stays connected.',
  'activeChain.confirm': 'Switch to {family}',
  'activeChain.cancel': 'Cancel',
  'unsupportedChain.notice':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'approve.hint': 'Review the request in the secure window',
  'email.sending': 'Sending a message to {email}…',
  'email.device': 'Approve this device: open the link we sent to {email}. This window continues by itself.',
  'email.codeHint': 'Enter the code we sent to {email}',
  'email.alsoSignsIn': 'Logging in also signs you in to {site}',
  'email.codeLabel': 'One-time code',
  'email.verifying': 'Verifying…',
  'email.resend': 'Resend code',
  'email.resendLink': 'Resend link',
  'email.resendWait': '{seconds} s',
  'email.resendLater': 'You can ask for a new one in {seconds, plural, one {# second} other {# seconds}}.',
  'email.resendReady': 'You can ask for a new one now.',
  'email.codeResent': 'We sent a new code to {email}. Earlier codes no longer work.',
  'networks.active': 'ACTIVE',
  'networks.testnet': 'TESTNET',
  'allWallets.search': 'Search wallet',
  'allWallets.list': 'Wallets',
  'allWallets.noMatch': 'No wallet matches “{query}”',
  'walletConnect.scan': 'Scan this QR code with your phone',
  'walletConnect.scanWith': 'Scan this QR code with {wallet}',
  'walletConnect.qr': 'Pairing QR code',
  'walletConnect.preparing': 'Preparing the QR code',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Failed to copy the link',
} as const
