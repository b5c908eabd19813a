import type { Nft, TokenBalance } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import { emptyTransactions, type TransactionsState } from './transactionsState.ts'

/** A list read for one account on one network (`key`), with SPEC §4's loading / error states. */
export type Loadable<T> = { key: string; status: 'loading' | 'ready' | 'error'; data: T }

/** Account view, Tokens: the account's balances on the selected network. */
export const tokensAtom = atom<Loadable<TokenBalance[]> | undefined>(undefined)
/** Account view, NFTs. */
export const nftsAtom = atom<Loadable<Nft[]> | undefined>(undefined)
/** Account view, Activity (SPEC §3 transaction state). */
export const transactionsAtom = atom<TransactionsState>(emptyTransactions())
/** Set after the user's own transaction: the next balance read skips the API's 30 s cache (forceUpdate). */
export const tokensStaleAtom = atom(false)
