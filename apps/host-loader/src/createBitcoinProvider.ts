import {
  type BitcoinMethod,
  type BitcoinReply,
  type HostSnapshot,
  isBitcoinMethod,
  NotConnectedError,
  parseBitcoinResult,
} from '@modalkit/protocol'
import { bytesToBase64 } from '@modalkit/shared'
import { bitcoinAddress, bitcoinProviderEvents } from './bitcoinProviderEvents.ts'
import { ProviderRpcError } from './ProviderRpcError.ts'
import { createProviderListeners, whenReady } from './providerListeners.ts'
import type { Store } from './store.ts'
import { waitForConnection } from './waitForConnection.ts'

/** What an address is for, as Reown AppKit's `AddressPurpose` names it. */
export type BitcoinAddressPurpose = 'payment' | 'ordinal' | 'stx'

/** One address of the connected account (AppKit's `BitcoinConnector.AccountAddress`). */
export type BitcoinAccountAddress = {
  address: string
  /** Its public key in hex, without 0x, when the wallet tells it. */
  publicKey?: string
  /** Its derivation path (`m/84'/0'/0'/0/0`), when the wallet tells it. */
  path?: string
  purpose: BitcoinAddressPurpose
}

/** AppKit's `BitcoinConnector.SignMessageParams`; `address` defaults to the connected account's. */
export type BitcoinSignMessageParams = { message: string; address?: string; protocol?: 'ecdsa' | 'bip322' }

/**
 * AppKit's `BitcoinConnector.SignPSBTParams`: the PSBT in base64 and which inputs to sign. `publicKey`,
 * `disableTweakSigner` and `useTweakedSigner` are for browser wallets; WalletConnect takes address,
 * index and sighash types, and they are not sent.
 */
export type BitcoinSignPsbtParams = {
  psbt: string
  signInputs: {
    address: string
    index: number
    sighashTypes?: number[]
    publicKey?: string
    disableTweakSigner?: boolean
    useTweakedSigner?: boolean
  }[]
  broadcast?: boolean
}

/** The signed PSBT (base64), and the transaction id when the wallet broadcast it. */
export type BitcoinSignPsbtResult = { psbt: string; txid?: string }

/** AppKit's `BitcoinConnector.SendTransferParams`: `amount` in satoshis, as a decimal string. */
export type BitcoinSendTransferParams = { amount: string; recipient: string }

export type BitcoinProviderEventName = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged'

/**
 * The Bitcoin provider the host page gets from `getProvider('bip122')`, with the methods of Reown
 * AppKit's `BitcoinConnector`: addresses, message signing (BIP-322 or ECDSA, the signature in
 * base64), PSBT signing and transfers. A WalletConnect wallet answers them (WalletConnect's bip122
 * RPC); `request()` sends that RPC as it is (`{ method: 'signPsbt', params: { psbt, signInputs } }`).
 */
export type BitcoinProvider = {
  /** The connected account's first external address, or undefined. */
  readonly address: string | undefined
  readonly isConnected: boolean
  /** Opens the modal unless a Bitcoin account is connected; resolves with its address. */
  connect(): Promise<string>
  disconnect(): Promise<void>
  getAccountAddresses(): Promise<BitcoinAccountAddress[]>
  /** The signature, base64 (a BIP-322 witness, or a 65-byte BIP-137 signature for ECDSA). */
  signMessage(params: BitcoinSignMessageParams): Promise<string>
  signPSBT(params: BitcoinSignPsbtParams): Promise<BitcoinSignPsbtResult>
  /** The wallet signs and broadcasts it; resolves with the transaction id (hex). */
  sendTransfer(params: BitcoinSendTransferParams): Promise<string>
  /** Switches to a configured Bitcoin network (mainnet or testnet): the address changes with it. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** One of WalletConnect's four bip122 methods, in its RPC shapes; the answer as the wallet gave it. */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: BitcoinProviderEventName, handler: (...args: never[]) => void): BitcoinProvider
  removeListener(event: string, handler: (...args: never[]) => void): BitcoinProvider
}

export type BitcoinBackend = {
  /** Resolves once the modal answered `init`, so state-backed answers are real. */
  ready(): Promise<unknown>
  /** Sends a request to the modal (namespace `bip122`), which parses it and asks the wallet. */
  forward(method: string, params: unknown): Promise<unknown>
  open(): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
}

/** Hex the schema already checked (even length, hex digits) as bytes. */
function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

/** Only what WalletConnect's signPsbt takes of each input; anything else is left for the modal to refuse. */
function walletInputs(inputs: unknown): unknown {
  if (!Array.isArray(inputs)) return inputs
  return inputs.map((input: unknown) => {
    if (typeof input !== 'object' || input === null) return input
    const { address, index, sighashTypes } = input as Record<string, unknown>
    return { address, index, ...(sighashTypes === undefined ? {} : { sighashTypes }) }
  })
}

export function createBitcoinProvider(store: Store<HostSnapshot>, backend: BitcoinBackend): BitcoinProvider {
  const listeners = createProviderListeners('bitcoin')
  let previous = store.get()

  store.subscribe((next) => {
    const events = bitcoinProviderEvents(previous, next)
    previous = next
    for (const [event, payload] of events) listeners.emit(event, payload)
  })

  const call = whenReady(() => backend.ready())

  const account = (): string => {
    const address = bitcoinAddress(store.get())
    if (!address) throw new NotConnectedError('no Bitcoin account is connected')
    return address
  }

  /** One request through the modal, its answer parsed by the method's protocol schema. */
  const send = async <M extends BitcoinMethod>(method: M, params: unknown): Promise<BitcoinReply<M>> =>
    parseBitcoinResult(method, await backend.forward(method, params))

  const provider: BitcoinProvider = {
    get address() {
      return bitcoinAddress(store.get()) ?? undefined
    },
    get isConnected() {
      return bitcoinAddress(store.get()) !== null
    },
    connect: () => call(() => waitForConnection(store, backend.open, (s) => bitcoinAddress(s) ?? undefined)),
    disconnect: () => call(() => backend.disconnect()),
    getAccountAddresses: () =>
      call(async () => {
        account()
        const addresses = await send('getAccountAddresses', {})
        return addresses.map(({ address, publicKey, path, intention }) => ({
          address,
          ...(publicKey ? { publicKey } : {}),
          ...(path ? { path } : {}),
          purpose: intention === 'ordinal' ? ('ordinal' as const) : ('payment' as const),
        }))
      }),
    signMessage: (params) =>
      call(async () => {
        const connected = account()
        // The connected account's address unless another of its addresses is named: the modal then
        // holds the wallet to it, so the signature is always the named address's.
        const address = params?.address ?? connected
        const { signature } = await send('signMessage', { ...params, address })
        return bytesToBase64(hexToBytes(signature))
      }),
    signPSBT: (params) =>
      call(async () => {
        account()
        const { psbt, signInputs, broadcast } = params ?? ({} as Partial<BitcoinSignPsbtParams>)
        const reply = await send('signPsbt', {
          psbt,
          signInputs: walletInputs(signInputs),
          ...(broadcast === undefined ? {} : { broadcast }),
        })
        return { psbt: reply.psbt, ...(reply.txid ? { txid: reply.txid } : {}) }
      }),
    sendTransfer: (params) =>
      call(async () => {
        account()
        const { recipient, amount } = params ?? ({} as Partial<BitcoinSendTransferParams>)
        return (await send('sendTransfer', { recipientAddress: recipient, amount })).txid
      }),
    switchNetwork: (caipNetworkId) =>
      call(async () => {
        if (typeof caipNetworkId !== 'string' || !caipNetworkId.startsWith('bip122:'))
          throw new ProviderRpcError(-32602, 'Invalid params: not a bip122 network')
        await backend.switchNetwork(caipNetworkId)
      }),
    request: (args) =>
      call(async () => {
        const method = args?.method
        if (typeof method !== 'string') throw new ProviderRpcError(-32602, 'Invalid params: no method')
        const result = await backend.forward(method, args.params)
        return isBitcoinMethod(method) ? parseBitcoinResult(method, result) : result
      }),
    on(event, handler) {
      listeners.add(event, handler)
      return provider
    },
    removeListener(event, handler) {
      listeners.remove(event, handler)
      return provider
    },
  }
  return provider
}
