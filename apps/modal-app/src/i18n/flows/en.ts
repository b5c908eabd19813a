/**
 * English messages for the frame, alerts, toasts and errors that the first chunk's code shows (the
 * connecting, sign-in and network views' are in enLater.ts); each locale in this folder translates
 * both key for key. An error's own words (SPEC §8) are not here: in
 * English they are the error's `shortMessage`, and the other locales translate them in errors/.
 */
export const flows = {
  // The secure frame's iframe, as a screen reader names it.
  'frame.title': 'Embedded wallet',
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
