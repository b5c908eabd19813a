/** ERC-20 `transfer(address,uint256)`'s selector. */
const TRANSFER_SELECTOR = '0xa9059cbb'

const word = (hex: string) => hex.padStart(64, '0')

/** Calldata of ERC-20 `transfer(to, amount)`. */
export function encodeErc20Transfer(to: string, amount: bigint): string {
  const address = to.replace(/^0x/i, '').toLowerCase()
  if (!/^[0-9a-f]{40}$/.test(address)) throw new RangeError(`not an address: ${to}`)
  if (amount < 0n || amount >= 2n ** 256n) throw new RangeError('amount out of uint256')
  return `${TRANSFER_SELECTOR}${word(address)}${word(amount.toString(16))}`
}

export type EvmSendTransaction = { from: string; to: string; value: string; data?: string }

/**
 * The eth_sendTransaction of a send: the native currency to the recipient, or an ERC-20 `transfer`
 * to the token contract (its CAIP-10 address from the balance endpoint).
 */
export function buildEvmSend(args: {
  from: string
  recipient: string
  amount: bigint
  /** CAIP-10 token contract, undefined for the native currency. */
  token: string | undefined
}): EvmSendTransaction {
  const { from, recipient, amount, token } = args
  if (!token) return { from, to: recipient, value: `0x${amount.toString(16)}` }
  const contract = token.split(':').at(-1) ?? ''
  return { from, to: contract, value: '0x0', data: encodeErc20Transfer(recipient, amount) }
}
