import { BrowserProvider, Contract, formatEther, Interface, isCallException, parseEther } from 'ethers'
import { MESSAGE, RECIPIENT, VAULT_ABI, vaultAddress } from './chains.ts'
import { appkit } from './modalkit.ts'
import { errorText, log, onClick, show } from './page.ts'

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

/**
 * What ethers made of a revert, as `Name(arg,…)`: the custom error a contract call decoded with its
 * ABI, else (estimateGas does not decode) the revert data parsed by the contract's interface.
 */
const VAULT = new Interface(VAULT_ABI)
const decoded = (error: unknown) => {
  const revert = isCallException(error)
    ? (error.revert ?? (error.data && VAULT.parseError(error.data)))
    : null
  return revert ? `${revert.name}(${revert.args.join(',')})` : `not decoded: ${errorText(error)}`
}

onClick('vault-withdraw', 'revert', async () => {
  // With a connected wallet, as its account (eth_call and eth_estimateGas carry `from`).
  const vault = new Contract(vaultAddress(), VAULT_ABI, address ? await connected() : provider)
  const withdraw = vault.getFunction('withdraw')
  const call = await withdraw.staticCall(5n).then(() => 'no revert', decoded)
  const estimate = await withdraw.estimateGas(5n).then(() => 'no revert', decoded)
  return `call ${call}, estimateGas ${estimate}`
})
