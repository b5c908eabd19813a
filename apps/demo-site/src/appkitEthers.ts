import { createAppKit, type Eip1193Provider, EthersAdapter, localA, localB } from '@modalkit/appkit'
import { BrowserProvider } from 'ethers'

// Reown AppKit's published vanilla-JS ethers example, as a site has it, with its import lines changed
// to '@modalkit/appkit' (AppKit: '@reown/appkit', '@reown/appkit-adapter-ethers' and
// '@reown/appkit/networks'). Its networks are the local stack's two chains; the modal's origin and
// the project id come from the page (a site writes them in). e2e/appkitPackage.spec.ts runs it.

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

// 1. Create the modal
const appKit = createAppKit({
  adapters: [new EthersAdapter()],
  networks: [localA, localB],
  projectId: meta('modalkit-project-id'),
  metadata: {
    name: 'AppKit vanilla ethers example',
    description: 'AppKit example, on Modalkit',
    url: location.origin,
    icons: [],
  },
  features: { analytics: true },
  modalOrigin: meta('modalkit-origin'),
})

// 2. A store of what the subscriptions give, shown as it changes
const store: { eip155Provider: Eip1193Provider | undefined; chainId: number | string | undefined } = {
  eip155Provider: undefined,
  chainId: undefined,
}
const show = (id: string, value: unknown) => {
  const element = document.getElementById(id)
  if (element) element.textContent = JSON.stringify(value, null, 2)
}

appKit.subscribeProviders((state) => {
  store.eip155Provider = state.eip155
  show('providers', Object.keys(state))
})
appKit.subscribeAccount((state) => show('accountState', state))
appKit.subscribeNetwork((state) => {
  store.chainId = state.chainId
  show('networkState', { caipNetworkId: state.caipNetworkId, chainId: state.chainId })
})
appKit.subscribeState((state) => show('appKitState', state))
appKit.subscribeTheme((state) => {
  show('themeState', state)
  document.body.className = state.themeMode
})
appKit.subscribeEvents((event) => show('events', event))
appKit.subscribeWalletInfo((info) => show('walletInfo', info))

// 3. The buttons
const on = (id: string, action: () => unknown) =>
  document.getElementById(id)?.addEventListener('click', action)

on('open-connect-modal', () => appKit.open())
on('open-network-modal', () => appKit.open({ view: 'Networks' }))
on('toggle-theme', () => appKit.setThemeMode(appKit.getThemeMode() === 'dark' ? 'light' : 'dark'))
on('switch-network', () => appKit.switchNetwork(store.chainId === localB.id ? localA : localB))
on('sign-message', async () => {
  if (!store.eip155Provider) throw new Error('Connect first')
  const provider = new BrowserProvider(store.eip155Provider, Number(store.chainId))
  const signer = await provider.getSigner()
  show('signature', await signer.signMessage('Hello from AppKit'))
})
on('disconnect', () => appKit.disconnect())
