import { PopupClosedError, SomethingWentWrongError } from '@modalkit/protocol'
import { formatUnits } from '@modalkit/shared'
import type { ApiClient } from '../../api/createApiClient.ts'
import { tokensAtom } from '../accountData/accountDataAtoms.ts'
import type { Store } from '../atoms.ts'
import { historyAtom } from '../atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { pushView } from '../viewStack.ts'
import { estimateOnrampQuote } from './estimateOnrampQuote.ts'
import { onrampAssetContract } from './onrampAssets.ts'
import {
  type OnrampInput,
  onrampAtom,
  onrampInputKey,
  onrampPurchaseAtom,
  SELF_PRICING_PROVIDERS,
  selfPricingAsset,
} from './onrampAtoms.ts'
import { checkOnrampAmount } from './onrampLimits.ts'
import { ONRAMP_SAMPLE_OPTIONS } from './onrampSampleOptions.ts'

export type OnrampDeps = {
  store: Store
  api: Pick<ApiClient, 'getOnrampOptions' | 'getOnrampQuote' | 'createOnrampUrl' | 'rpc'>
  projectId: string
}

/** How often BuyInProgress reads the balance, and for how long at most. */
export const ONRAMP_POLL_MS = 2_000
const ONRAMP_WAIT_MS = 10 * 60_000
const POPUP = { width: 500, height: 700 }

const message = (error: unknown) =>
  error instanceof Error ? error.message : new SomethingWentWrongError().shortMessage

/** Decimals of the assets the on-ramp sells (USDC's 6 on every network, its local stand-in's too). */
const DECIMALS: Readonly<Record<string, number>> = { ETH: 18, USDC: 6 }

/** `balanceOf(address)`'s call data. */
const balanceOfData = (address: string) => `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`

/**
 * The on-ramp: options, quotes as the buyer types (limits checked first, SPEC §9), then the
 * provider's page in a popup and BuyInProgress, which reads the balance of the asset bought (the
 * native balance, or the token's `balanceOf`) until the purchase arrives. A self-pricing provider
 * (Meld) is quoted nothing here: its page prices the purchase, and delivers USDC.
 */
export function createOnrampActions({ store, api, projectId }: OnrampDeps) {
  const target = () => {
    const account = store.get(activeAccountAtom)
    const network = store.get(selectedNetworkAtom)
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    return { address: account.address, chainId: network.caipNetworkId }
  }
  /** The balance of the asset at `contract` ('' for the native currency). */
  const balance = async (address: string, chainId: string, contract: string) =>
    BigInt(
      String(
        contract === ''
          ? await api.rpc(projectId, chainId, 'eth_getBalance', [address, 'latest'])
          : await api.rpc(projectId, chainId, 'eth_call', [
              { to: contract, data: balanceOfData(address) },
              'latest',
            ]),
      ),
    )
  const selfPricing = () => SELF_PRICING_PROVIDERS.has(store.get(onrampAtom).provider ?? '')
  let quoteSeq = 0
  return {
    /** The buyer picks another provider from the options: any quote was the other provider's. */
    chooseProvider(name: string): void {
      const state = store.get(onrampAtom)
      if (!state.options?.providers.some((p) => p.name === name)) return
      quoteSeq++
      store.set(onrampAtom, {
        ...state,
        provider: name,
        status: 'idle',
        quote: undefined,
        quoteFor: undefined,
        error: undefined,
        estimate: false,
      })
    },
    async loadOptions(): Promise<void> {
      const loaded = store.get(onrampAtom)
      if (loaded.options && !loaded.sample) return
      store.set(onrampAtom, { status: 'loading' })
      try {
        const options = await api.getOnrampOptions(projectId)
        store.set(onrampAtom, {
          status: 'idle',
          options,
          ...(options.providers[0] ? { provider: options.providers[0].name } : {}),
        })
      } catch {
        // SPEC §7: a failed options call falls back to the built-in sample list (asked again next time).
        store.set(onrampAtom, { status: 'idle', options: ONRAMP_SAMPLE_OPTIONS, sample: true })
      }
    },
    reset: () =>
      store.set(onrampAtom, ({ options, provider, sample }) => ({
        status: 'idle',
        ...(options ? { options } : {}),
        ...(sample ? { sample } : {}),
        ...(provider ? { provider } : {}),
      })),
    async quote(input: OnrampInput): Promise<void> {
      const { options } = store.get(onrampAtom)
      const at = target()
      if (!options || !at) return
      const seq = ++quoteSeq
      const invalid = checkOnrampAmount(options, input)
      if (invalid)
        return store.set(onrampAtom, {
          ...store.get(onrampAtom),
          status: 'error',
          quote: undefined,
          error: invalid.shortMessage,
        })
      if (selfPricing())
        return store.set(onrampAtom, {
          ...store.get(onrampAtom),
          status: 'ready',
          quote: undefined,
          quoteFor: onrampInputKey(input, at.chainId),
          error: undefined,
          estimate: false,
        })
      store.set(onrampAtom, { ...store.get(onrampAtom), status: 'quoting', error: undefined })
      try {
        const quote = await api.getOnrampQuote(projectId, {
          purchaseCurrency: { id: input.asset },
          paymentCurrency: { id: input.fiat },
          amount: input.amount,
          network: at.chainId,
          paymentMethod: input.method,
        })
        if (seq === quoteSeq)
          store.set(onrampAtom, {
            ...store.get(onrampAtom),
            status: 'ready',
            quote,
            quoteFor: onrampInputKey(input, at.chainId),
            error: undefined,
            estimate: false,
          })
      } catch (error) {
        if (seq !== quoteSeq) return
        // SPEC §7: a failed quote call falls back to a quote computed here, marked as an estimate.
        const balances = (store.get(tokensAtom)?.data ?? []).filter((b) => b.chainId === at.chainId)
        const contract = onrampAssetContract(options, input.asset, at.chainId)
        const estimate = estimateOnrampQuote({ ...input, contract }, balances)
        store.set(onrampAtom, {
          ...store.get(onrampAtom),
          ...(estimate
            ? {
                status: 'ready',
                quote: estimate,
                quoteFor: onrampInputKey(input, at.chainId),
                error: undefined,
              }
            : { status: 'error', quote: undefined, error: message(error) }),
          estimate: estimate !== undefined,
        })
      }
    },
    /** Call from the Buy click: the popup opens in the click, the provider's URL is loaded into it. */
    async buy(input: OnrampInput): Promise<void> {
      const at = target()
      const { options } = store.get(onrampAtom)
      if (!at || !options) return
      const invalid = checkOnrampAmount(options, input)
      if (invalid)
        return store.set(onrampAtom, {
          ...store.get(onrampAtom),
          status: 'error',
          error: invalid.shortMessage,
        })
      // Only the provider's own quote is bought: never an estimate, never one for another input
      // (a self-pricing provider's "quote" is the input found within the limits).
      const quoted = store.get(onrampAtom)
      if (quoted.estimate || quoted.quoteFor !== onrampInputKey(input, at.chainId)) return
      const delivers = selfPricing()
      const asset = delivers ? selfPricingAsset(at.chainId) : input.asset
      const contract = onrampAssetContract(options, asset, at.chainId)
      const left = Math.max(0, Math.round((screen.width - POPUP.width) / 2))
      const popup = window.open(
        '',
        'appkit-onramp',
        `width=${POPUP.width},height=${POPUP.height},left=${left},top=80`,
      )
      try {
        if (!popup) throw new PopupClosedError()
        const start = contract === undefined ? 0n : await balance(at.address, at.chainId, contract)
        const { url } = await api.createOnrampUrl(projectId, {
          destinationWallets: [{ address: at.address, blockchains: [at.chainId], assets: [asset] }],
          defaultNetwork: at.chainId,
          partnerUserId: at.address,
          defaultExperience: 'buy',
          presetFiatAmount: input.amount,
          fiatCurrency: input.fiat,
          paymentMethod: input.method,
          ...(quoted.provider ? { provider: quoted.provider } : {}),
        })
        popup.location.href = url
        // The quote this order was made from (the field may have changed the quote since).
        const expected = delivers ? '' : (quoted.quote?.purchaseAmount.amount ?? '')
        const purchase = {
          address: at.address,
          chainId: at.chainId,
          asset,
          expected,
          status: 'waiting' as const,
        }
        store.set(onrampPurchaseAtom, purchase)
        store.set(historyAtom, (history) => pushView(history, 'BuyInProgress'))
        // An asset without a known contract on this network cannot be watched: the provider's own
        // window says when it is done.
        if (contract === undefined) return
        const until = Date.now() + ONRAMP_WAIT_MS
        while (store.get(onrampPurchaseAtom) === purchase && Date.now() < until) {
          await new Promise((r) => setTimeout(r, ONRAMP_POLL_MS))
          const now = await balance(at.address, at.chainId, contract).catch(() => start)
          if (now > start) {
            store.set(onrampPurchaseAtom, {
              ...purchase,
              status: 'arrived',
              arrived: formatUnits(now - start, DECIMALS[asset] ?? 18),
            })
            return
          }
        }
      } catch (error) {
        popup?.close()
        store.set(onrampAtom, { ...store.get(onrampAtom), status: 'error', error: message(error) })
      }
    },
  }
}
