import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  formatEther,
  parseEther,
} from 'viem'
import { MESSAGE, RECIPIENT, VAULT_ABI, vaultAddress } from './chains.ts'
import { appkit } from './modalkit.ts'
import { errorText, log, onClick, show } from './page.ts'

// viem, unchanged, with a `custom` transport on Modalkit's EIP-1193 provider: reads and signing both
// go through it (reads to the API's chain proxy, signing to the connected wallet).
const modalkit = await appkit()
const eip1193 = modalkit.getProvider('eip155')
const walletClient = createWalletClient({ transport: custom(eip1193) })
const publicClient = createPublicClient({ transport: custom(eip1193), pollingInterval: 500 })
let account: Address | undefined

for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) {
  eip1193.on(event, (payload: never) => log(`provider ${event}`, payload))
}

const connected = () => {
  if (!account) throw new Error('Connect first')
  return account
}

async function refresh(address: Address) {
  const chainId = await walletClient.getChainId()
  const balance = formatEther(await publicClient.getBalance({ address }))
  show('address', address)
  show('chain-id', String(chainId))
  show('balance', `${balance} ETH`)
  return { address, chainId, balance }
}

onClick('connect', 'connected', async () => {
  // eth_requestAccounts: opens the modal; resolves when the user connected a wallet there.
  ;[account] = await walletClient.requestAddresses()
  return refresh(connected())
})
onClick('refresh', 'connected', () => refresh(connected()))
onClick('sign', 'signature', () => walletClient.signMessage({ account: connected(), message: MESSAGE }))
onClick('send', 'receipt', async () => {
  const hash = await walletClient.sendTransaction({
    account: connected(),
    chain: null,
    to: RECIPIENT,
    value: parseEther('0.001'),
  })
  log('hash', hash)
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  return { hash: receipt.transactionHash, status: receipt.status }
})
for (const id of [31337, 31338]) {
  onClick(`switch-${id}`, 'switched', async () => {
    await walletClient.switchChain({ id })
    return walletClient.getChainId()
  })
}
onClick('disconnect', 'disconnected', async () => {
  await modalkit.disconnect()
  account = undefined
  return true
})

/** What viem made of a revert: the custom error it decoded with the ABI, as `Name(arg,…)`. */
const decoded = (error: unknown) => {
  const revert =
    error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
  const data = revert instanceof ContractFunctionRevertedError ? revert.data : undefined
  return data ? `${data.errorName}(${(data.args ?? []).join(',')})` : `not decoded: ${errorText(error)}`
}

onClick('vault-withdraw', 'revert', async () => {
  // With a connected wallet, as its account (eth_call and eth_estimateGas carry `from`).
  const request = { address: vaultAddress(), abi: VAULT_ABI, functionName: 'withdraw', args: [5n] } as const
  const call = await publicClient
    .simulateContract({ ...request, ...(account ? { account } : {}) })
    .then(() => 'no revert', decoded)
  const estimate = await publicClient
    .estimateContractGas({ ...request, ...(account ? { account } : {}) })
    .then(() => 'no revert', decoded)
  return `call ${call}, estimateGas ${estimate}`
})
