import {
  type BitcoinMethod,
  type BitcoinReply,
  type BitcoinWalletParams,
  NotConnectedError,
  parseBitcoinParams,
  parseBitcoinReply,
  ValidationError,
} from '@modalkit/protocol'

export type SendBitcoinRequestParameters<M extends BitcoinMethod> = {
  method: M
  /** As the host sent them: parsed here first. */
  params: unknown
  /** The connected Bitcoin account (its first external address), if one is. */
  account: string | undefined
  /** The connector of that account: WalletConnect's paired wallet. */
  send: ((method: M, params: BitcoinWalletParams<M>) => Promise<unknown>) | undefined
}

/**
 * The one place Bitcoin requests (WalletConnect's bip122 RPC) are shaped, whichever wallet answers:
 * the host's params are parsed, the connected account is filled in (a host may name it, never another
 * one), and the wallet's reply is parsed before the host gets it. Nothing reaches a wallet until the
 * params passed.
 */
export async function sendBitcoinRequest<M extends BitcoinMethod>({
  method,
  params,
  account,
  send,
}: SendBitcoinRequestParameters<M>): Promise<BitcoinReply<M>> {
  const parsed = parseBitcoinParams(method, params)
  if (!account || !send) throw new NotConnectedError(`no Bitcoin account is connected for ${method}`)
  if (parsed.account !== undefined && parsed.account !== account)
    throw new ValidationError(`${method} params`, [
      { code: 'custom', path: ['account'], message: 'Not the connected account' },
    ])
  const reply = parseBitcoinReply(method, await send(method, { ...parsed, account }))
  // A message signed by another address than the one asked for proves nothing the site wanted.
  if (method === 'signMessage') {
    const asked = (parsed as BitcoinWalletParams<'signMessage'>).address
    const signed = (reply as BitcoinReply<'signMessage'>).address
    if (asked !== undefined && asked !== signed)
      throw new ValidationError(`${method} reply`, [
        { code: 'custom', path: ['address'], message: 'Signed by another address than asked' },
      ])
  }
  return reply
}
