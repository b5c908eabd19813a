// The same React page without RainbowKit: the baseline for "navigation to a clickable button".
// The button carries ConnectButton's test id, inside a wrapper as ConnectButton's is.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  return createElement(
    'div',
    null,
    createElement(
      'button',
      { type: 'button', 'data-testid': 'rk-connect-button', onClick: () => {} },
      'Connect Wallet',
    ),
  )
}

createRoot(document.getElementById('root')).render(createElement(App))
