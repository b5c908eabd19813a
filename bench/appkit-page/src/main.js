// The comparison page: what a site owner writes following Reown's React quick start, nothing more.

import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { EthersAdapter } from '@reown/appkit-adapter-ethers'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

const modal = createAppKit({
  adapters: [new EthersAdapter()],
  networks: [mainnet],
  // Offline its remote calls fail; a well-formed id keeps it from refusing to start.
  projectId: 'b56e18d47c72ab683b10814fe9495694',
  metadata: {
    name: 'Bench page',
    description: 'Reown AppKit on a minimal React page',
    url: window.location.origin,
    icons: [],
  },
})
// The bench reads the host provider as it does on the demo page (`window.appkit.getProvider`).
window.appkit = modal

function App() {
  return createElement(
    'button',
    { type: 'button', 'data-testid': 'connect-button', onClick: () => modal.open() },
    'Connect',
  )
}

createRoot(document.getElementById('root')).render(createElement(App))
