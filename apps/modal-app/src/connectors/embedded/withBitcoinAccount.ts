import {
  type AccountState,
  type CaipAddress,
  EMBEDDED_CONNECTOR_ID,
  type FrameUser,
  NotConnectedError,
  parseBitcoinReply,
} from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS, type Network } from '@modalkit/shared'
import { accountsAtom, networksAtom, selectedNetworkIdAtom } from '../../state/atoms.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { toRpcRequestPayload } from './toRpcRequestPayload.ts'

/**
 * When the site configured a Bitcoin network, the embedded user also has the BIP-84
 * account the secure frame derives for it (bc1… on mainnet, tb1… on a test network). The
 * frame gives its address only to a site the user allowed, so at login the modal asks `silent`ly:
 * a site not allowed yet gets no Bitcoin account (none is listed) until the user shares it
 * (`shareBitcoinAccount`). The network is the one applyUser puts the account on: the selected one
 * if it is Bitcoin's, else the first.
 */
export async function withBitcoinAccount(ctx: EmbeddedContext, user: FrameUser): Promise<FrameUser> {
  const bitcoin = ctx.store.get(networksAtom).filter((n) => n.chainNamespace === 'bip122')
  const selected = ctx.store.get(selectedNetworkIdAtom)
  const network = bitcoin.find((n) => n.caipNetworkId === selected) ?? bitcoin[0]
  if (!network || user.accounts.some((a) => a.namespace === 'bip122')) return user
  let first: { address: string } | undefined
  try {
    const payload = {
      ...toRpcRequestPayload('getAccountAddresses', {}, network, undefined),
      silent: true as const,
    }
    const reply = await ctx.frame().request('RPC_REQUEST', payload, CONNECT_TIMEOUT_MS)
    first = parseBitcoinReply('getAccountAddresses', reply)[0]
  } catch {
    // Not shared with this site yet, or the frame failed: the login stands without it.
    return user
  }
  if (!first) return user
  return {
    ...user,
    accounts: [...user.accounts, { namespace: 'bip122', address: first.address, type: 'eoa' }],
  }
}

/**
 * The user switches to a Bitcoin network while the embedded wallet has not shared its
 * Bitcoin address with the site: the secure frame asks (`ask`, its approval screen). Allowed, the
 * account is listed on that network; refused, the 4001 stands and the network is not switched.
 */
export async function shareBitcoinAccount(
  ctx: Pick<EmbeddedContext, 'store'>,
  network: Network,
  ask: () => Promise<unknown>,
): Promise<void> {
  const first = parseBitcoinReply('getAccountAddresses', await ask())[0]
  if (!first) throw new NotConnectedError('the secure frame has no Bitcoin address')
  const account: AccountState = {
    namespace: 'bip122',
    status: 'connected',
    address: first.address,
    caipAddress: `${network.caipNetworkId}:${first.address}` as CaipAddress,
    type: 'eoa',
    connectorId: EMBEDDED_CONNECTOR_ID,
  }
  ctx.store.set(accountsAtom, (current) => [...current.filter((a) => a.namespace !== 'bip122'), account])
}

/**
 * Account's "Stop sharing my Bitcoin address with <site>": the secure frame drops this site's grant
 * (the site it serves; the message names none), then no Bitcoin account is listed here and the
 * site's next Bitcoin request asks again.
 */
export async function stopSharingBitcoinAccount(
  ctx: Pick<EmbeddedContext, 'store' | 'frame'>,
): Promise<void> {
  await ctx.frame().request('REVOKE_BITCOIN_GRANT', {}, CONNECT_TIMEOUT_MS)
  ctx.store.set(accountsAtom, (current) => current.filter((a) => a.namespace !== 'bip122'))
}
