// The same React page without Privy: the baseline for "navigation to a clickable button".
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  return createElement(
    'button',
    { type: 'button', 'data-testid': 'connect-button', onClick: () => {} },
    'Log in',
  )
}

createRoot(document.getElementById('root')).render(createElement(App))
