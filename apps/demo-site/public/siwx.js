// The demo's SIWX page: the API's verifier by default, or this page's own (AppKit's SIWXConfig),
// which keeps its sessions in memory and logs every call the modal makes.
const $ = (id) => document.getElementById(id)
const log = (kind, value) => {
  const item = document.createElement('li')
  item.dataset.kind = kind
  item.textContent = `${kind}: ${typeof value === 'string' ? value : JSON.stringify(value)}`
  $('log').prepend(item)
}
const query = new URLSearchParams(window.location.search)

function ownVerifier() {
  const sessions = []
  const matches = (s, chainId, address) =>
    s.data.chainId === chainId && s.data.accountAddress.toLowerCase() === address.toLowerCase()
  return {
    required: query.get('required') === 'true',
    async createMessage(input) {
      log('siwx createMessage', input.chainId)
      return {
        ...input,
        version: '1',
        nonce: Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
          b.toString(16).padStart(2, '0'),
        ).join(''),
        issuedAt: new Date().toISOString(),
        statement: 'Sign in to the demo with its own verifier',
      }
    },
    async addSession(session) {
      log('siwx addSession', `${session.data.chainId} for ${session.data.domain}`)
      sessions.push(session)
    },
    async getSessions(chainId, address) {
      log('siwx getSessions', chainId)
      return sessions.filter((s) => matches(s, chainId, address))
    },
    async revokeSession(chainId, address) {
      log('siwx revokeSession', chainId)
      for (let i = sessions.length - 1; i >= 0; i--)
        if (matches(sessions[i], chainId, address)) sessions.splice(i, 1)
    },
    async setSessions(next) {
      sessions.splice(0, sessions.length, ...next)
    },
  }
}

function start() {
  const appkit = window.appkit
  appkit.init({
    projectId: $('connect').dataset.projectId,
    networks: [
      'eip155:31337',
      'eip155:31338',
      'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ],
    defaultNetwork: 'eip155:31337',
    siwx:
      query.get('verifier') === 'custom'
        ? ownVerifier()
        : { required: query.get('required') === 'true', statement: 'Sign in to the demo site' },
  })
  appkit.subscribeEvents((event) => log('event', event.data.event))
  $('connect').addEventListener('click', () => appkit.open())
  $('disconnect').addEventListener('click', () => appkit.disconnect())
  $('switch').addEventListener('click', () => appkit.switchNetwork('eip155:31338'))
}
if (window.appkit) start()
else document.querySelector('script[src$="/appkit.js"]').addEventListener('load', start)
