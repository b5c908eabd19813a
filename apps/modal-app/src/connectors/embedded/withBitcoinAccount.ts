import { type FrameUser, parseBitcoinReply } from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS } from '@modalkit/shared'
import { networksAtom, selectedNetworkIdAtom } from '../../state/atoms.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { toRpcRequestPayload } from './toRpcRequestPayload.ts'

/**
 * Issue 10: when the site configured a Bitcoin network, the embedded user also has the BIP-84
 * account the secure frame derives for it (bc1… on mainnet, tb1… on a test network), asked with
 * getAccountAddresses, which the frame answers without an approval (public data). The network is
 * the one applyUser puts the account on: the selected one if it is Bitcoin's, else the first.
 */
export async function withBitcoinAccount(ctx: EmbeddedContext, user: FrameUser): Promise<FrameUser> {
  const bitcoin = ctx.store.get(networksAtom).filter((n) => n.chainNamespace === 'bip122')
  const selected = ctx.store.get(selectedNetworkIdAtom)
  const network = bitcoin.find((n) => n.caipNetworkId === selected) ?? bitcoin[0]
  if (!network || user.accounts.some((a) => a.namespace === 'bip122')) return user
  let first: { address: string } | undefined
  try {
    const payload = toRpcRequestPayload('getAccountAddresses', {}, network, undefined)
    const reply = await ctx.frame().request('RPC_REQUEST', payload, CONNECT_TIMEOUT_MS)
    first = parseBitcoinReply('getAccountAddresses', reply)[0]
  } catch {
    // The login stands without it: the site's Bitcoin requests then find no account connected.
    return user
  }
  if (!first) return user
  return {
    ...user,
    accounts: [...user.accounts, { namespace: 'bip122', address: first.address, type: 'eoa' }],
  }
}
