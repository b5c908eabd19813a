import {
  AppKitError,
  classifyRequest,
  type FrameRequestPayload,
  HashSigningRefusedError,
  RequestAbortedError,
  RpcNotAllowedError,
  UserRejectedRequestError,
} from '@modalkit/protocol'
import { showApproval } from '../approval/showApproval.ts'
import type { FrameLanguage } from '../i18n/frameLanguage.ts'
import { toPersonalMessageBytes } from '../keys/toPersonalMessageBytes.ts'
import { answerSafeRequest, isSilentBitcoinRead } from '../requests/answerSafeRequest.ts'
import { EOA_REQUESTS, planRequest, SMART_ACCOUNT_REQUESTS } from '../requests/requestRegistry.ts'
import type { BitcoinGrants } from '../wallet/bitcoin/createBitcoinGrants.ts'
import { caip } from './caip.ts'
import type { WalletSession } from './createWalletSession.ts'
import type { FrameHandlersContext } from './FrameHandlersContext.ts'
import { isBitcoinShared, planBitcoinShare, refuseUnlessAsking } from './planBitcoinShare.ts'

export type RequestApprovalsParameters = {
  session: Pick<WalletSession, 'wallet' | 'site' | 'smart' | 'smartOn'>
  setRpcUrl: FrameHandlersContext['setRpcUrl']
  onApprovalVisibility: FrameHandlersContext['onApprovalVisibility']
  language: FrameLanguage
  /** The sites each user allowed to see the Bitcoin address: the gate of every bip122 request. */
  bitcoinGrants: BitcoinGrants
}

/** What the owner key is checked for while it owns a smart account (refuseOwnerRequest). */
const OWNER_CHECKED = new Set(['eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'])

/** A personal_sign of exactly 32 bytes: the shape of a user operation's hash. */
const isBareHash = async (params: unknown) => {
  const message = Array.isArray(params) ? params[0] : undefined
  if (typeof message !== 'string') return false
  return toPersonalMessageBytes(message).length === 32
}

/**
 * The site's RPC requests. Signing happens only after the user approved in this frame's own screen
 * (`showApproval`), one request at a time; key material never leaves. Owns the approval pending.
 */
export function createRequestApprovals({
  session,
  setRpcUrl,
  onApprovalVisibility,
  language,
  bitcoinGrants,
}: RequestApprovalsParameters) {
  const { wallet, smart, smartOn } = session
  let approval: { cancel(): void; abort: AbortController } | undefined

  /**
   * With smart accounts on, the EOA owns one (the same address on every chain with a bundler): it
   * neither signs what would be that account's signature nor calls it (refuseOwnerRequest).
   */
  const refuseOwnerActingAsAccount = async (request: { method: string; params: unknown }, chain: string) => {
    if (!chain.startsWith('eip155:') || !OWNER_CHECKED.has(request.method)) return
    const networks = await smart.networks()
    const on = networks.includes(chain) ? chain : networks[0]
    const account = on ? await smart.session(on) : undefined
    if (!account) return
    const { refuseOwnerRequest } = await import('../smartAccount/refuseAccountSignatures.ts')
    refuseOwnerRequest(request, BigInt(chain.slice('eip155:'.length)), account)
  }

  const RPC_REQUEST = async (payload: FrameRequestPayload<'RPC_REQUEST'>): Promise<unknown> => {
    const { method, params, chainId, chainNamespace, rpcUrl, networkName, silent } = payload
    const chain = caip(chainNamespace, chainId)
    if (rpcUrl) setRpcUrl(chain, rpcUrl)
    // Per namespace: `signMessage` is a Bitcoin method under bip122 only (classifyRequest).
    const kind = classifyRequest(method, chainNamespace)
    if (kind === 'unlisted') throw new RpcNotAllowedError(method)
    const request = { method, params, chainId: chain, chainNamespace }
    // No Bitcoin answer, and so no Bitcoin address, reaches a site the user did not allow.
    const share =
      chainNamespace === 'bip122'
        ? { wallet: wallet(), grants: bitcoinGrants, site: session.site() }
        : undefined
    const shared = !share || isBitcoinShared(share, request)
    if (!shared) refuseUnlessAsking(request, silent === true)
    if (shared && (kind === 'safe' || isSilentBitcoinRead(request))) {
      const account = await smartOn(chain)
      if (!account) return answerSafeRequest(wallet(), request)
      // Loaded with the first smart-account request: an EOA's frame never loads it.
      const { answerSmartAccountRead } = await import('../requests/smart/answerSmartAccountRead.ts')
      return answerSmartAccountRead(
        { session: account, store: wallet().calls.store },
        request,
        await smart.networks(),
      )
    }
    if (approval)
      throw new AppKitError({ code: 4001, shortMessage: 'Another request is waiting for approval' })
    const abort = new AbortController()
    // Held while the request is prepared (a batch is filled by RPC), so a second one waits its turn.
    const pending = { cancel: () => abort.abort(), abort }
    approval = pending
    try {
      const account = await smartOn(chain)
      if (
        !account &&
        method === 'personal_sign' &&
        (await isBareHash(params)) &&
        (await smart.networks()).length > 0
      )
        throw new HashSigningRefusedError()
      if (!account) await refuseOwnerActingAsAccount({ method, params }, chain)
      // Every signature comes from a plan of the registry's modules (or the Bitcoin share's screen).
      const plan =
        share && !shared
          ? await planBitcoinShare(share, request)
          : account
            ? await planRequest(
                SMART_ACCOUNT_REQUESTS,
                { session: account, wallet: wallet(), store: wallet().calls.store, site: session.site() },
                request,
              )
            : await planRequest(EOA_REQUESTS, { wallet: wallet(), siteNetworkName: networkName }, request)
      if (abort.signal.aborted) throw new RequestAbortedError()
      const shown = showApproval({
        description: plan.description,
        site: session.site(),
        onVisibility: onApprovalVisibility,
        messages: language.current(),
      })
      pending.cancel = shown.cancel
      if (!(await shown.decision)) throw new UserRejectedRequestError('rejected in the secure frame')
      return await plan.perform(abort.signal)
    } finally {
      approval = undefined
    }
  }

  return {
    handlers: { RPC_REQUEST },
    /** Sign-out: the approval on screen closes. */
    cancel() {
      approval?.cancel()
    },
    /** The modal closed (SPEC §4): the request being prepared or on screen is given up. */
    abort() {
      approval?.abort.abort()
      approval?.cancel()
    },
  }
}
