/**
 * English messages for the connecting, sign-in and network views, alerts, toasts and errors; each
 * locale in this folder translates them key for key. An error's own words (SPEC §8) are not here: in
 * English they are the error's `shortMessage`, and the other locales translate them in errors/.
 */
export const flows = {
  // The secure frame's iframe, as a screen reader names it.
  'frame.title': 'Embedded wallet',
  'connecting.tryAgain': 'Try again',
  'connecting.continueIn': 'Continue in {wallet}',
  'walletConnect.openWallet': 'Open {wallet}',
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
  'view.featureDisabled': 'This feature is not enabled for this project.',
  'view.loadFailed': 'This screen could not be loaded. Check the connection, then reload the page.',
  'switchNetwork.done': 'Network switched',
  'switchNetwork.failed': 'Failed to switch network',
  'accountType.smartInUse': 'Smart account in use',
  'accountType.eoaInUse': 'EOA in use',
  'alert.dismiss': 'Dismiss',
  // The alerts' long texts (SPEC §8); their short texts are the errors' own words.
  'alert.invalidAppConfiguration':
    "This site's origin is not allowed for this project. The site owner must add it to the project's allowed origins.",
  'alert.invalidProjectId': 'The project ID is unknown. Check the projectId passed to the modal.',
  'alert.projectIdNotConfigured': 'Pass a projectId to the modal.',
  'alert.serverError': 'Failed to get the app configuration. Try again later.',
  'alert.serviceUnavailable':
    'The service could not be reached; it may be restarting. Nothing was lost: try the same step again in a few seconds.',
  'alert.rateLimited': 'Too many requests. Try again in a moment.',
  'alert.networkNotFound': 'The network is not in the networks configured by the site.',
  'alert.tryLater': 'Try again later.',
  'alert.sessionExpired': 'Your session is invalid. Check your time settings and reconnect.',
  'alert.unverifiedDomain':
    "This site's origin is not on the project's verified domains. Make sure you trust it before you connect.",
} as const
