import type { SwapToken } from '@modalkit/protocol'
import { formatTokenAmount } from '@modalkit/shared'
import { useId } from 'react'
import { useT } from '../../i18n/useT.ts'

export type SwapTokenFieldProps = {
  side: 'from' | 'to'
  tokens: readonly SwapToken[]
  token: SwapToken | undefined
  onPick(address: string): void
  /** The amount shown: typed on the from side, quoted (read-only) on the to side. */
  amount: string
  onAmount?: ((amount: string) => void) | undefined
}

/** One side of the Swap form: the token picker, its amount and the account's balance of it. */
export function SwapTokenField({ side, tokens, token, onPick, amount, onAmount }: SwapTokenFieldProps) {
  const id = useId()
  const t = useT()
  // Each side's words whole, so a language can place "amount" and "token" as it needs.
  const [label, amountLabel, tokenLabel] =
    side === 'from'
      ? [t('swap.youPay'), t('swap.youPayAmount'), t('swap.youPayToken')]
      : [t('swap.youReceive'), t('swap.youReceiveAmount'), t('swap.youReceiveToken')]
  const balance = token?.quantity?.numeric
  return (
    <fieldset className="mk-field mk-swap-field" data-testid={`swap-${side}-field`}>
      <legend>{label}</legend>
      <div className="mk-swap-row">
        <input
          id={`${id}-amount`}
          className="mk-input"
          aria-label={amountLabel}
          inputMode="decimal"
          placeholder="0"
          value={amount}
          readOnly={!onAmount}
          onChange={onAmount ? (e) => onAmount(e.target.value) : undefined}
          data-testid={side === 'from' ? 'swap-amount' : 'swap-to-amount'}
        />
        <select
          className="mk-input mk-swap-token"
          aria-label={tokenLabel}
          value={token?.address ?? ''}
          onChange={(e) => onPick(e.target.value)}
          data-testid={`swap-${side}`}
        >
          {token ? null : <option value="">{t('swap.selectToken')}</option>}
          {tokens.map((option) => (
            <option key={option.address} value={option.address}>
              {option.symbol}
            </option>
          ))}
        </select>
      </div>
      {balance !== undefined ? (
        <p className="mk-row-sub" data-testid={`swap-${side}-balance`}>
          {t('swap.balance', { amount: formatTokenAmount(balance), symbol: token?.symbol ?? '' })}
          {onAmount && token && balance !== '0' ? (
            <button
              type="button"
              className="mk-link"
              onClick={() => onAmount(balance)}
              data-testid="swap-max"
            >
              {t('swap.max')}
            </button>
          ) : null}
        </p>
      ) : null}
    </fieldset>
  )
}
