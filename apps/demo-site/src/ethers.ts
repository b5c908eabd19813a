import { BrowserProvider, formatEther, parseEther } from 'ethers'
import { MESSAGE, RECIPIENT } from './chains.ts'
import { appkit } from './modalkit.ts'
import { log, onClick, show } from './page.ts'

// ethers v6, unchanged, on Modalkit's EIP-1193 provider. A BrowserProvider is bound to one
// network, so the page makes a new one when the chain changes (ethers' advice for chain switches).
const modalkit = await appkit()
const eip1193 = modalkit.getProvider('eip155')
let provider = new BrowserProvider(eip1193)
let address: string | undefined

eip1193.on('chainChanged', () => {
  provider = new BrowserProvider(eip1193)
})
for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) {
  eip1193.on(event, (payload: never) => log(`provider ${event}`, payload))
}

const connected = () => {
  if (!address) throw new Error('Connect first')
  return provider.getSigner(address)
}

async function refresh(address: string) {
  const { chainId } = await provider.getNetwork()
  const balance = formatEther(await provider.getBalance(address))
  show('address', address)
  show('chain-id', String(chainId))
  show('balance', `${balance} ETH`)
  return { address, chainId: Number(chainId), balance }
}

onClick('connect', 'connected', async () => {
  // Opens the modal; resolves when the user connected a wallet there.
  ;[address] = (await provider.send('eth_requestAccounts', [])) as string[]
  return refresh((await connected()).address)
})
onClick('refresh', 'connected', async () => refresh((await connected()).address))
onClick('sign', 'signature', async () => (await connected()).signMessage(MESSAGE))
onClick('send', 'receipt', async () => {
  const tx = await (await connected()).sendTransaction({ to: RECIPIENT, value: parseEther('0.001') })
  log('hash', tx.hash)
  const receipt = await tx.wait()
  return { hash: receipt?.hash, status: receipt?.status === 1 ? 'success' : 'reverted' }
})
for (const chainId of [31337, 31338]) {
  onClick(`switch-${chainId}`, 'switched', async () => {
    await provider.send('wallet_switchEthereumChain', [{ chainId: `0x${chainId.toString(16)}` }])
    return Number((await provider.getNetwork()).chainId)
  })
}
onClick('disconnect', 'disconnected', async () => {
  await modalkit.disconnect()
  address = undefined
  return true
})
