import type { SwapQuote, SwapToken } from '@modalkit/protocol'
import { formatUnits, roundDecimal } from '@modalkit/shared'
import { useT } from '../../i18n/useT.ts'

export const SLIPPAGE_CHOICES = ['0.5', '1', '3'] as const

export type SwapDetailsProps = {
  quote: SwapQuote
  from: SwapToken
  to: SwapToken
  native: SwapToken | undefined
  gasPrice: bigint | undefined
  /** SPEC §8 'Network not supported for Gas Price', in the user's language, when it could not be read. */
  gasPriceError: string | undefined
  /** The swap's call as the node estimates it (undefined until known). */
  gas: bigint | undefined
  slippage: string
  onSlippage(slippage: string): void
}

/** Under the form: rate, price impact, the least received within slippage, fee and network cost. */
export function SwapDetails(props: SwapDetailsProps) {
  const { quote, from, to, native, gasPrice, gasPriceError, gas, slippage, onSlippage } = props
  const t = useT()
  const bps = BigInt(Math.round(Number(slippage) * 100))
  const minimum = (BigInt(quote.toAmount) * (10_000n - bps)) / 10_000n
  const out = Number(formatUnits(BigInt(quote.toAmount), to.decimals))
  const input = Number(formatUnits(BigInt(quote.fromAmount), from.decimals))
  // The network cost: the swap's own call as estimated, times the gas price; or why it is unknown.
  const cost =
    gasPrice !== undefined && gas !== undefined && native
      ? `≈ ${roundDecimal(formatUnits(gasPrice * gas, native.decimals), 6)} ${native.symbol}`
      : gasPriceError
  return (
    <dl className="mk-swap-details" data-testid="swap-details">
      <dt>{t('swap.rate')}</dt>
      <dd data-testid="swap-rate">
        1 {from.symbol} = {input > 0 ? (out / input).toFixed(4) : '0'} {to.symbol}
      </dd>
      <dt>{t('swap.priceImpact')}</dt>
      <dd data-testid="swap-price-impact" className={quote.priceImpact >= 5 ? 'mk-danger' : undefined}>
        {quote.priceImpact.toFixed(2)}%
      </dd>
      <dt>{t('swap.minimumReceived')}</dt>
      <dd data-testid="swap-min-received" data-value={minimum.toString()}>
        {roundDecimal(formatUnits(minimum, to.decimals), 4)} {to.symbol}
      </dd>
      <dt>{t('swap.poolFee')}</dt>
      <dd data-testid="swap-fee">
        {roundDecimal(formatUnits(BigInt(quote.fee), from.decimals), 6)} {from.symbol}
      </dd>
      {cost !== undefined ? (
        <>
          <dt>{t('swap.networkCost')}</dt>
          <dd data-testid="swap-network-cost" className={cost === gasPriceError ? 'mk-danger' : undefined}>
            {cost}
          </dd>
        </>
      ) : null}
      <dt>{t('swap.slippage')}</dt>
      <dd>
        <fieldset aria-label={t('swap.slippage')} className="mk-swap-slippage">
          {SLIPPAGE_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={slippage === choice}
              className="mk-chip"
              onClick={() => onSlippage(choice)}
              data-testid={`swap-slippage-${choice}`}
            >
              {choice}%
            </button>
          ))}
        </fieldset>
      </dd>
    </dl>
  )
}
