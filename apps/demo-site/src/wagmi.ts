import {
  type Connector,
  connect,
  createConfig,
  disconnect,
  getBalance,
  getConnection,
  getConnectors,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { custom, formatEther, parseEther } from 'viem'
import { localA, localB, MESSAGE, RECIPIENT } from './chains.ts'
import { log, onClick, show } from './page.ts'

// wagmi, unchanged: Modalkit is found by EIP-6963 (wagmi's multiInjectedProviderDiscovery, on by
// default) as the connector with id 'dev.modalkit'. Reads go through that same provider.
const modalkit = (): Promise<Connector> =>
  new Promise((resolve) => {
    const find = (connectors: readonly Connector[]) => connectors.find((c) => c.id === 'dev.modalkit')
    const now = find(getConnectors(config))
    if (now) return resolve(now)
    const stop = watchConnectors(config, {
      onChange(connectors) {
        const found = find(connectors)
        if (found) {
          stop()
          resolve(found)
        }
      },
    })
  })

const read = custom({
  async request({ method, params }) {
    const provider = (await (await modalkit()).getProvider()) as {
      request(args: { method: string; params?: unknown }): Promise<unknown>
    }
    return provider.request({ method, params })
  },
})

const config = createConfig({
  chains: [localA, localB],
  transports: { [localA.id]: read, [localB.id]: read },
  pollingInterval: 500,
})

watchConnection(config, {
  onChange(connection) {
    log('wagmi', `${connection.status}${connection.chainId ? ` ${connection.chainId}` : ''}`)
  },
})

const connected = () => {
  const connection = getConnection(config)
  if (!connection.address) throw new Error('Connect first')
  return connection.address
}

async function refresh() {
  const address = connected()
  const { chainId } = getConnection(config)
  const { value } = await getBalance(config, { address })
  const balance = formatEther(value)
  show('address', address)
  show('chain-id', String(chainId))
  show('balance', `${balance} ETH`)
  return { address, chainId, balance }
}

onClick('connect', 'connected', async () => {
  // The connector's eth_requestAccounts opens the modal; resolves when the user connected a wallet.
  await connect(config, { connector: await modalkit() })
  return refresh()
})
onClick('refresh', 'connected', refresh)
onClick('sign', 'signature', () => signMessage(config, { message: MESSAGE }))
onClick('send', 'receipt', async () => {
  connected()
  const hash = await sendTransaction(config, { to: RECIPIENT, value: parseEther('0.001') })
  log('hash', hash)
  const receipt = await waitForTransactionReceipt(config, { hash })
  return { hash: receipt.transactionHash, status: receipt.status }
})
for (const chainId of [localA.id, localB.id] as const) {
  onClick(`switch-${chainId}`, 'switched', async () => (await switchChain(config, { chainId })).id)
}
onClick('disconnect', 'disconnected', async () => {
  await disconnect(config)
  return true
})
