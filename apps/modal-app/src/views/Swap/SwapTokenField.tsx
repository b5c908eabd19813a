import type { SwapToken } from '@modalkit/protocol'
import { formatTokenAmount } from '@modalkit/shared'
import { useId } from 'react'

export type SwapTokenFieldProps = {
  side: 'from' | 'to'
  label: string
  tokens: readonly SwapToken[]
  token: SwapToken | undefined
  onPick(address: string): void
  /** The amount shown: typed on the from side, quoted (read-only) on the to side. */
  amount: string
  onAmount?: ((amount: string) => void) | undefined
}

/** One side of the Swap form: the token picker, its amount and the account's balance of it. */
export function SwapTokenField({
  side,
  label,
  tokens,
  token,
  onPick,
  amount,
  onAmount,
}: SwapTokenFieldProps) {
  const id = useId()
  const balance = token?.quantity?.numeric
  return (
    <fieldset className="mk-field mk-swap-field" data-testid={`swap-${side}-field`}>
      <legend>{label}</legend>
      <div className="mk-swap-row">
        <input
          id={`${id}-amount`}
          className="mk-input"
          aria-label={`${label} amount`}
          inputMode="decimal"
          placeholder="0"
          value={amount}
          readOnly={!onAmount}
          onChange={onAmount ? (e) => onAmount(e.target.value) : undefined}
          data-testid={side === 'from' ? 'swap-amount' : 'swap-to-amount'}
        />
        <select
          className="mk-input mk-swap-token"
          aria-label={`${label} token`}
          value={token?.address ?? ''}
          onChange={(e) => onPick(e.target.value)}
          data-testid={`swap-${side}`}
        >
          {token ? null : <option value="">Select token</option>}
          {tokens.map((t) => (
            <option key={t.address} value={t.address}>
              {t.symbol}
            </option>
          ))}
        </select>
      </div>
      {balance !== undefined ? (
        <p className="mk-row-sub" data-testid={`swap-${side}-balance`}>
          Balance: {formatTokenAmount(balance)} {token?.symbol}
          {onAmount && token && balance !== '0' ? (
            <button
              type="button"
              className="mk-link"
              onClick={() => onAmount(balance)}
              data-testid="swap-max"
            >
              Max
            </button>
          ) : null}
        </p>
      ) : null}
    </fieldset>
  )
}
