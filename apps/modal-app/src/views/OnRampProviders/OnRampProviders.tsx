import { ONRAMP_PAYMENT_METHODS, type OnrampPaymentMethod } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { useEffect, useId, useState } from 'react'
import type { MessageKey } from '../../i18n/en.ts'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { selectedNetworkAtom } from '../../state/derivedAtoms.ts'
import { onrampFeature } from '../../state/features.ts'
import { onrampAssetsOn } from '../../state/onramp/onrampAssets.ts'
import {
  onrampAtom,
  onrampInputKey,
  SELF_PRICING_PROVIDERS,
  selfPricingAsset,
} from '../../state/onramp/onrampAtoms.ts'
import { useFeature } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

const METHOD_LABELS: Record<OnrampPaymentMethod, MessageKey> = {
  card: 'onramp.methodCard',
  ach_bank_account: 'onramp.methodAch',
}
/** Quotes follow the typing, one per pause. */
const QUOTE_DELAY_MS = 300

/**
 * On-ramp (lazy feature `onramp`): provider, asset bought, payment currency and method, amount, the
 * quote (or the provider's own page's price), then Buy.
 */
export default function OnRampProviders() {
  const onramp = useFeature(onrampFeature)
  const t = useT()
  const describe = useDescribeError()
  const state = useAtomValue(onrampAtom)
  const [amount, setAmount] = useState('100')
  const [fiat, setFiat] = useState('USD')
  const [method, setMethod] = useState<OnrampPaymentMethod>('card')
  const [chosenAsset, setAsset] = useState<string>()
  const network = useAtomValue(selectedNetworkAtom)
  const id = useId()
  useEffect(() => void onramp.loadOptions(), [onramp])
  const ready = state.options !== undefined
  const provider = state.options?.providers.find((p) => p.name === state.provider)
  const selfPricing = SELF_PRICING_PROVIDERS.has(state.provider ?? '')
  // SPEC §9: USDC is the default purchase where it is sold (the options list it first); a provider
  // that prices on its own page delivers USDC only.
  const chainId = network?.caipNetworkId ?? ''
  const assets = selfPricing
    ? [selfPricingAsset(chainId)]
    : state.options
      ? onrampAssetsOn(state.options, chainId)
      : []
  const asset = chosenAsset && assets.includes(chosenAsset) ? chosenAsset : (assets[0] ?? '')
  const input = { amount, fiat, method, asset }
  // biome-ignore lint/correctness/useExhaustiveDependencies: another provider or network prices anew (chooseProvider drops the last quote)
  useEffect(() => {
    if (!ready || !asset) return
    const timer = setTimeout(() => void onramp.quote({ amount, fiat, method, asset }), QUOTE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [onramp, ready, amount, fiat, method, asset, chainId, state.provider])
  const limits = state.options?.paymentCurrencies
    .find((c) => c.id === fiat)
    ?.payment_method_limits.find((l) => l.id === method)
  const current = state.status === 'ready' && state.quoteFor === onrampInputKey(input, chainId)
  const providers = state.options?.providers ?? []
  return (
    <ViewRoot name="OnRampProviders">
      {provider && providers.length > 1 ? (
        <label className="mk-field" htmlFor={`${id}-provider`}>
          <span>{t('onramp.providerChoice')}</span>
          <select
            id={`${id}-provider`}
            className="mk-input"
            value={provider.name}
            onChange={(e) => onramp.chooseProvider(e.target.value)}
            data-testid="onramp-provider-select"
          >
            {providers.map((p) => (
              <option key={p.name} value={p.name}>
                {t('onramp.provider', { provider: p.label, fees: p.feeRange })}
              </option>
            ))}
          </select>
        </label>
      ) : provider ? (
        <p className="mk-hint" data-testid="onramp-provider">
          {t('onramp.provider', { provider: provider.label, fees: provider.feeRange })}
        </p>
      ) : state.status === 'loading' ? (
        <p className="mk-empty">{t('onramp.loading')}</p>
      ) : (
        <p className="mk-empty" data-testid="onramp-no-provider">
          {t('onramp.noProvider')}
        </p>
      )}
      {ready && provider && assets.length === 0 ? (
        <p className="mk-empty" role="status" data-testid="onramp-nothing-sold">
          {t('onramp.nothingSold', { provider: provider.label, network: network?.name ?? chainId })}
        </p>
      ) : null}
      <label className="mk-field" htmlFor={`${id}-asset`}>
        <span>{t('onramp.asset')}</span>
        <select
          id={`${id}-asset`}
          className="mk-input"
          value={asset}
          disabled={assets.length < 2}
          onChange={(e) => setAsset(e.target.value)}
          data-testid="onramp-asset"
        >
          {assets.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className="mk-field" htmlFor={`${id}-fiat`}>
        <span>{t('onramp.payWith')}</span>
        <select
          id={`${id}-fiat`}
          className="mk-input"
          value={fiat}
          onChange={(e) => setFiat(e.target.value)}
          data-testid="onramp-fiat"
        >
          {(state.options?.paymentCurrencies ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.id}
            </option>
          ))}
        </select>
      </label>
      <label className="mk-field" htmlFor={`${id}-method`}>
        <span>{t('onramp.method')}</span>
        <select
          id={`${id}-method`}
          className="mk-input"
          value={method}
          onChange={(e) => setMethod(e.target.value as OnrampPaymentMethod)}
          data-testid="onramp-method"
        >
          {ONRAMP_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(METHOD_LABELS[m])}
            </option>
          ))}
        </select>
      </label>
      <label className="mk-field" htmlFor={`${id}-amount`}>
        <span>
          {limits
            ? t('onramp.amountLimits', { min: limits.min, max: limits.max, currency: fiat })
            : t('onramp.amount')}
        </span>
        <input
          id={`${id}-amount`}
          className="mk-input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^0-9.]/g, ''))}
          data-testid="onramp-amount"
        />
      </label>
      {state.status === 'error' && state.error ? (
        <p className="mk-error" role="alert" data-testid="onramp-error">
          {describe(state.error)}
        </p>
      ) : null}
      {state.quote && current && state.estimate ? (
        <p className="mk-hint" data-testid="onramp-estimate" data-amount={state.quote.purchaseAmount.amount}>
          {t('onramp.estimate', {
            amount: state.quote.purchaseAmount.amount,
            asset: state.quote.purchaseAmount.currency,
          })}
        </p>
      ) : state.quote && current ? (
        <p className="mk-hint" data-testid="onramp-quote" data-amount={state.quote.purchaseAmount.amount}>
          {t('onramp.quote', {
            amount: state.quote.purchaseAmount.amount,
            asset: state.quote.purchaseAmount.currency,
            providerFee: state.quote.coinbaseFee.amount,
            networkFee: state.quote.networkFee.amount,
            currency: fiat,
          })}
        </p>
      ) : current && selfPricing && provider ? (
        <p className="mk-hint" data-testid="onramp-priced-by-provider">
          {t('onramp.pricedByProvider', { provider: provider.label })}
        </p>
      ) : null}
      <button
        type="button"
        className="mk-button"
        disabled={!current || !provider || state.estimate === true}
        onClick={() => void onramp.buy(input)}
        data-testid="onramp-buy"
      >
        {provider ? t('onramp.buyWith', { provider: provider.label }) : t('onramp.buyWithProvider')}
      </button>
    </ViewRoot>
  )
}
