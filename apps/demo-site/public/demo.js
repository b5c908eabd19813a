// The demo's own code: it only uses what any site gets, `window.appkit` and EIP-6963.
const $ = (id) => document.getElementById(id)
const show = (id, value) => {
  $(id).textContent = JSON.stringify(value, null, 2)
}
const log = (kind, value) => {
  const item = document.createElement('li')
  item.dataset.kind = kind
  item.textContent = `${kind}: ${typeof value === 'string' ? value : JSON.stringify(value)}`
  $('log').prepend(item)
}
const errorText = (error) => `${error.code ?? ''} ${error.shortMessage ?? error.message}`.trim()

const announced = []
window.addEventListener('eip6963:announceProvider', (event) => {
  const { info } = event.detail
  if (!announced.some((a) => a.uuid === info.uuid))
    announced.push({ name: info.name, rdns: info.rdns, uuid: info.uuid })
  show('announced', announced)
})
window.dispatchEvent(new Event('eip6963:requestProvider'))

function whenLoaded(callback) {
  if (window.appkit) return callback(window.appkit)
  const script = document.querySelector('script[src$="/appkit.js"]')
  script.addEventListener('load', () => callback(window.appkit))
}

whenLoaded((appkit) => {
  const refresh = () => {
    show('state', appkit.getState())
    show('account', appkit.getAccount())
    show('network', appkit.getCaipNetwork() ?? null)
  }
  appkit.subscribeState(refresh)
  appkit.subscribeEvents((event) => log('event', event.data.event))
  appkit.subscribeNetwork((network) => log('network', network.caipNetworkId))
  appkit.subscribeAccount((account) => log('account', account.status))
  const provider = appkit.getProvider('eip155')
  for (const name of ['connect', 'disconnect', 'chainChanged', 'accountsChanged']) {
    provider.on(name, (payload) => log(`provider ${name}`, payload))
  }
  refresh()

  // The Solana provider (as Reown AppKit's Solana adapter): PublicKey objects (logged as base58),
  // signature bytes; transactions as @solana/web3.js objects or their bytes.
  const solana = appkit.getProvider('solana')
  for (const name of ['connect', 'disconnect', 'accountChanged']) {
    solana?.on(name, (payload) => log(`solana ${name}`, payload?.toBase58() ?? null))
  }
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  const solanaCalls = {
    connect: () => solana.connect(),
    signMessage: async () => {
      const signature = await solana.signMessage(new TextEncoder().encode('Hello from the demo site'))
      return `${signature.length}-byte signature ${hex(signature)}`
    },
    disconnect: async () => {
      await solana.disconnect()
      return 'disconnected'
    },
  }
  for (const button of document.querySelectorAll('[data-solana]')) {
    const name = button.dataset.solana
    button.addEventListener('click', async () => {
      try {
        log(`solana ${name}`, await solanaCalls[name]())
      } catch (error) {
        log('error', errorText(error))
      }
    })
  }

  $('connect').addEventListener('click', () => appkit.open().catch((e) => log('error', errorText(e))))
  for (const button of document.querySelectorAll('[data-call]')) {
    button.addEventListener('click', async () => {
      const args = button.dataset.args ? [JSON.parse(button.dataset.args)] : []
      try {
        await appkit[button.dataset.call](...args)
        log('ok', `${button.dataset.call}()`)
      } catch (error) {
        log('error', errorText(error))
      }
    })
  }
  for (const button of document.querySelectorAll('[data-rpc]')) {
    button.addEventListener('click', async () => {
      try {
        log('result', { [button.dataset.rpc]: await provider.request({ method: button.dataset.rpc }) })
      } catch (error) {
        log('error', `${error.code} ${error.message}`)
      }
    })
  }
})
