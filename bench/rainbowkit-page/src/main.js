// The comparison page: what a site owner writes following RainbowKit's quick start, nothing more.

import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = getDefaultConfig({
  appName: 'Bench page',
  // Offline its remote calls fail; a well-formed WalletConnect id keeps it from refusing to start.
  projectId: 'b56e18d47c72ab683b10814fe9495694',
  chains: [mainnet],
})
const queryClient = new QueryClient()

function App() {
  return createElement(
    WagmiProvider,
    { config },
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(RainbowKitProvider, null, createElement(ConnectButton)),
    ),
  )
}

createRoot(document.getElementById('root')).render(createElement(App))
