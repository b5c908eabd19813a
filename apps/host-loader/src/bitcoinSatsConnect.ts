import { ChainNotSupportedError, UnsupportedMethodError, ValidationError } from '@modalkit/protocol'
import { base64ToBytes } from '@modalkit/shared'
import {
  type BitcoinWalletAdapter,
  bytesToHex,
  type RawBitcoinAccount,
  walletMethod,
} from './bitcoinWalletAdapter.ts'

/** A sats-connect error (its JSON-RPC envelope's `error`), thrown so the connector maps its code. */
export class SatsConnectError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** sats-connect's names of the Bitcoin networks a site can configure (CAIP-2 → wallet_changeNetwork). */
const SATS_NETWORK_NAMES: Record<string, string | undefined> = {
  'bip122:000000000019d6689c085ae165831e93': 'Mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'Testnet',
}

/** sats-connect's code for a method the wallet does not have (JSON-RPC's). */
const METHOD_NOT_FOUND = -32601
/** sats-connect's code for a site the wallet has not given access to (RpcErrorCode.ACCESS_DENIED). */
const ACCESS_DENIED = -32002

/** The `result` of a sats-connect reply (`{ jsonrpc, id, result }`), or its `error` thrown. */
function unwrap(reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null) throw new ValidationError('wallet answer', [])
  if ('result' in reply) return reply.result
  const error: unknown = Reflect.get(reply, 'error')
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined
  const message: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'message') : ''
  throw new SatsConnectError(typeof code === 'number' ? code : undefined, String(message).slice(0, 200))
}

/** sats-connect's addresses (`{ address, publicKey, purpose, addressType }`): payment first, no Stacks. */
function toRaw(addresses: unknown): RawBitcoinAccount[] {
  if (!Array.isArray(addresses)) return []
  const raw = addresses.slice(0, 20).flatMap((entry: unknown): RawBitcoinAccount[] => {
    if (typeof entry !== 'object' || entry === null) return []
    const purpose: unknown = Reflect.get(entry, 'purpose')
    if (purpose !== 'payment' && purpose !== 'ordinals') return []
    const publicKey: unknown = Reflect.get(entry, 'publicKey')
    return [
      {
        address: Reflect.get(entry, 'address'),
        ...(typeof publicKey === 'string' && publicKey ? { publicKey } : {}),
        intention: purpose === 'payment' ? 'payment' : 'ordinal',
      },
    ]
  })
  return [...raw.filter((a) => a.intention === 'payment'), ...raw.filter((a) => a.intention !== 'payment')]
}

/**
 * A sats-connect provider (`window.XverseProviders.BitcoinProvider`, an entry of
 * `window.btc_providers`): `request(method, params)` answering sats-connect's JSON-RPC envelope, with
 * `wallet_connect` (or the older `getAccounts`), `signMessage` (ECDSA or BIP-322, base64),
 * `signPsbt` (`signInputs` as address → input indexes) and `sendTransfer` (`recipients`).
 */
export function createSatsConnectAdapter(provider: object): BitcoinWalletAdapter {
  const request = async (method: string, params: unknown) => {
    const send = walletMethod(provider, 'request')
    if (!send) throw new UnsupportedMethodError(method)
    return unwrap(await send(method, params))
  }

  return {
    async connect() {
      try {
        const result = await request('wallet_connect', { addresses: ['payment'] })
        return toRaw(
          typeof result === 'object' && result !== null ? Reflect.get(result, 'addresses') : undefined,
        )
      } catch (error) {
        if (!(error instanceof SatsConnectError) || error.code !== METHOD_NOT_FOUND) throw error
        return toRaw(await request('getAccounts', { purposes: ['payment'] }))
      }
    },
    // `wallet_getAccount` (no params) answers a site the wallet is connected to and never prompts.
    // A wallet that says no (ACCESS_DENIED) or lacks the method gives nothing; any other failure
    // throws, so the wallet is asked again next time.
    async restore() {
      let result: unknown
      try {
        result = await request('wallet_getAccount', null)
      } catch (error) {
        if (
          error instanceof SatsConnectError &&
          (error.code === ACCESS_DENIED || error.code === METHOD_NOT_FOUND)
        )
          return []
        throw error
      }
      return toRaw(
        typeof result === 'object' && result !== null ? Reflect.get(result, 'addresses') : undefined,
      )
    },
    // `wallet_changeNetwork` (the wallet asks its user), then its addresses on that network.
    async switchNetwork(caipNetworkId) {
      const name = SATS_NETWORK_NAMES[caipNetworkId]
      if (!name) throw new ChainNotSupportedError(caipNetworkId)
      try {
        await request('wallet_changeNetwork', { name })
      } catch (error) {
        if (error instanceof SatsConnectError && error.code === METHOD_NOT_FOUND)
          throw new ChainNotSupportedError(`${caipNetworkId}: the wallet cannot change network`)
        throw error
      }
      const result = await request('wallet_getAccount', null)
      return toRaw(
        typeof result === 'object' && result !== null ? Reflect.get(result, 'addresses') : undefined,
      )
    },
    async request({ method, params }) {
      if (method === 'signMessage') {
        const address = params.address ?? params.account
        const protocol =
          params.protocol === 'ecdsa' ? 'ECDSA' : params.protocol === 'bip322' ? 'BIP322' : undefined
        const result = await request('signMessage', {
          address,
          message: params.message,
          ...(protocol ? { protocol } : {}),
        })
        const signature: unknown =
          typeof result === 'object' && result !== null ? Reflect.get(result, 'signature') : undefined
        const signer: unknown =
          typeof result === 'object' && result !== null ? Reflect.get(result, 'address') : undefined
        return {
          address: typeof signer === 'string' ? signer : address,
          signature: typeof signature === 'string' ? bytesToHex(base64ToBytes(signature)) : undefined,
        }
      }
      if (method === 'signPsbt') {
        // Addresses were parsed (no `__proto__` among them): address → the input indexes it signs.
        const signInputs: Record<string, number[]> = {}
        for (const { address, index } of params.signInputs) {
          signInputs[address] = [...(signInputs[address] ?? []), index]
        }
        const result = await request('signPsbt', {
          psbt: params.psbt,
          signInputs,
          ...(params.broadcast === undefined ? {} : { broadcast: params.broadcast }),
        })
        return result
      }
      if (params.memo !== undefined || params.changeAddress !== undefined)
        throw new UnsupportedMethodError('sendTransfer with memo or changeAddress')
      return request('sendTransfer', {
        recipients: [{ address: params.recipientAddress, amount: Number(params.amount) }],
      })
    },
    async disconnect() {
      await request('wallet_disconnect', null).catch(() => {})
    },
    subscribe(onEvent) {
      const add = walletMethod(provider, 'addListener')
      if (!add) return () => {}
      const offs = [
        add('accountChange', (event: unknown) => {
          const addresses: unknown =
            typeof event === 'object' && event !== null ? Reflect.get(event, 'addresses') : undefined
          if (Array.isArray(addresses))
            onEvent(addresses.length ? { accounts: toRaw(addresses) } : 'disconnect')
        }),
        add('disconnect', () => onEvent('disconnect')),
      ]
      return () => {
        for (const off of offs) if (typeof off === 'function') off()
      }
    },
  }
}
