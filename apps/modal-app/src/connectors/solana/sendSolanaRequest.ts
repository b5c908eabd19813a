import {
  parseSolanaSignParams,
  parseSolanaSignReply,
  type SolanaSignMethod,
  type SolanaSignReply,
  type SolanaSignResult,
} from '@modalkit/protocol'
import { insertSolanaSignature } from './insertSolanaSignature.ts'

export type SendSolanaRequestParameters<M extends SolanaSignMethod> = {
  method: M
  /** As the host sent them: parsed here first. */
  params: unknown
  /** The connected Solana account (base58). */
  signer: string
  /** The connector that signs: WalletConnect's paired wallet or the secure frame. */
  send(method: M, params: unknown): Promise<unknown>
}

/**
 * The one place Solana signing requests are shaped, whichever wallet signs: the host's params are
 * parsed (WalletConnect's Solana RPC shapes, which the secure frame takes too), the wallet's reply
 * is parsed, and a solana_signTransaction answered with the signature alone gets the signed
 * transaction built, so the host always receives the same shape.
 */
export async function sendSolanaRequest<M extends SolanaSignMethod>({
  method,
  params,
  signer,
  send,
}: SendSolanaRequestParameters<M>): Promise<SolanaSignResult<M>> {
  const parsed = parseSolanaSignParams(method, params)
  const reply = parseSolanaSignReply(method, await send(method, parsed))
  if (method === 'solana_signTransaction') {
    const { signature, transaction } = reply as SolanaSignReply<'solana_signTransaction'>
    const sent = (parsed as { transaction: string }).transaction
    return {
      signature,
      transaction: transaction ?? insertSolanaSignature(sent, signer, signature),
    } as SolanaSignResult<M>
  }
  return reply as SolanaSignResult<M>
}
