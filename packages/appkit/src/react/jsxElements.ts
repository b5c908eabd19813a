import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { AppKitButtonAttributes } from '../elementTypes.ts'

/** What JSX takes on AppKit's buttons: an element's own props and the button's attributes. */
export type AppKitButtonProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  AppKitButtonAttributes

// AppKit's buttons in a React app's JSX, as `@reown/appkit/react` declares them.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitButtonProps
      'appkit-connect-button': AppKitButtonProps
      'appkit-account-button': AppKitButtonProps
      'appkit-network-button': AppKitButtonProps
    }
  }
}
