/**
 * The attributes of AppKit's buttons (`<appkit-button>` and the others), as AppKit types them: what
 * apps/host-loader/src/elements/defineAppKitElements.ts reads.
 */
export type AppKitButtonAttributes = {
  size?: 'md' | 'sm'
  label?: string
  loadingLabel?: string
  /** `hide` leaves the balance out of the account's button. */
  balance?: 'show' | 'hide'
  disabled?: boolean
  namespace?: 'eip155' | 'solana' | 'bip122'
}

declare global {
  interface HTMLElementTagNameMap {
    'appkit-button': HTMLElement
    'appkit-connect-button': HTMLElement
    'appkit-account-button': HTMLElement
    'appkit-network-button': HTMLElement
  }
}
