import type { SwapQuote, SwapToken } from '@modalkit/protocol'
import { SWAP_SLIPPAGE_PERCENT } from '@modalkit/shared'
import { atom } from 'jotai/vanilla'

/** What the router trades on the selected network, with the account's balances (keyed by network|account). */
export type SwapTokensState = {
  key: string
  status: 'loading' | 'ready' | 'error'
  data: SwapToken[]
  /** SPEC §8 words when the network has no router ('Network not supported for Swaps') or the read failed. */
  error?: string | undefined
  /** The network's gas price (wei per gas), for the network cost shown. */
  gasPrice?: bigint | undefined
  /** SPEC §8 'Network not supported for Gas Price' (the user's language) when it could not be read. */
  gasPriceError?: string | undefined
}
export const swapTokensAtom = atom<SwapTokensState | undefined>(undefined)

/** The Swap form: token addresses (CAIP-10), the amount the user typed and the slippage in percent. */
export type SwapForm = {
  from?: string | undefined
  to?: string | undefined
  amount: string
  slippage: string
}
export const swapFormAtom = atom<SwapForm>({ amount: '', slippage: SWAP_SLIPPAGE_PERCENT })

/**
 * The quote for the form as it is; `for` names the inputs it answers, so a stale one is never shown.
 * `gas`: the swap's call as the node estimates it, once known (estimateSwapGas).
 */
export type SwapQuoteState =
  | { status: 'idle' }
  | { status: 'loading'; for: string }
  | { status: 'ready'; for: string; quote: SwapQuote; gas?: bigint | undefined }
  | { status: 'error'; for: string; message: string }
export const swapQuoteAtom = atom<SwapQuoteState>({ status: 'idle' })

/** The approve-then-swap flow: lives in atoms, as the view unmounts while a wallet approves. */
export type SwapFlowState =
  | { status: 'idle' }
  | { status: 'approving' }
  | { status: 'swapping' }
  | { status: 'done'; hash: string }
  | { status: 'failed'; message: string }
export const swapFlowAtom = atom<SwapFlowState>({ status: 'idle' })
