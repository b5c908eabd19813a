// The comparison page: what a site owner writes following Privy's React quick start, nothing more.

import { PrivyProvider, usePrivy } from '@privy-io/react-auth'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

function LoginButton() {
  const { ready, authenticated, login } = usePrivy()
  // As Privy's quick start: the button waits for the SDK to be ready.
  return createElement(
    'button',
    {
      type: 'button',
      'data-testid': 'connect-button',
      disabled: !ready || authenticated,
      onClick: () => login(),
    },
    'Log in',
  )
}

function App() {
  return createElement(
    PrivyProvider,
    // A well-formed app id (25 characters) keeps it from refusing to start; offline its calls fail.
    { appId: 'cm0benchpage0000000000000', config: {} },
    createElement(LoginButton),
  )
}

createRoot(document.getElementById('root')).render(createElement(App))
