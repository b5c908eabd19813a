/** AppKit's custom elements, the tags a page may use; stage 1 looks for these only. */
export const APPKIT_ELEMENT_TAGS = [
  'appkit-button',
  'appkit-connect-button',
  'appkit-account-button',
  'appkit-network-button',
] as const
