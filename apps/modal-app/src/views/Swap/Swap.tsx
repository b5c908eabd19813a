import { NATIVE_TOKEN_ADDRESS } from '@modalkit/protocol'
import { formatUnits } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useEffect } from 'react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { swapArgsAtom } from '../../state/atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../../state/derivedAtoms.ts'
import { swapFeature } from '../../state/features.ts'
import { swapFlowAtom, swapFormAtom, swapQuoteAtom, swapTokensAtom } from '../../state/swap/swapAtoms.ts'
import { toBaseUnits } from '../../state/swap/toBaseUnits.ts'
import { useFeature } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { SwapDetails } from './SwapDetails.tsx'
import { SwapTokenField } from './SwapTokenField.tsx'

/**
 * Swap (lazy feature `swaps`), opened from Account or with swap arguments (SPEC §2): the router's
 * tokens on the selected network, a quote as the user types, slippage and price impact, then
 * approve (if the router's allowance is short) and swap, each approved in the user's wallet.
 */
export default function Swap() {
  const swap = useFeature(swapFeature)
  const t = useT()
  const describe = useDescribeError()
  const args = useAtomValue(swapArgsAtom)
  const account = useAtomValue(activeAccountAtom)
  const network = useAtomValue(selectedNetworkAtom)
  const tokens = useAtomValue(swapTokensAtom)
  const form = useAtomValue(swapFormAtom)
  const quote = useAtomValue(swapQuoteAtom)
  const flow = useAtomValue(swapFlowAtom)
  const key = account?.status === 'connected' ? `${network?.caipNetworkId}|${account.address}` : undefined
  useEffect(() => {
    if (key) void swap.loadTokens(args)
  }, [swap, key, args])

  if (!key)
    return (
      <ViewRoot name="Swap">
        <p className="mk-empty">{t('swap.connectFirst')}</p>
      </ViewRoot>
    )
  if (tokens?.status === 'error')
    return (
      <ViewRoot name="Swap">
        <p className="mk-empty" role="alert" data-testid="swap-error">
          {tokens.error === undefined ? null : describe(tokens.error)}
        </p>
      </ViewRoot>
    )
  const list = tokens?.key === key ? tokens.data : []
  if (list.length === 0)
    return (
      <ViewRoot name="Swap">
        <p className="mk-empty" data-testid="swap-loading">
          {t('swap.loadingTokens')}
        </p>
      </ViewRoot>
    )
  const from = list.find((token) => token.address === form.from)
  const to = list.find((token) => token.address === form.to)
  const native = list.find((token) => token.address.endsWith(NATIVE_TOKEN_ADDRESS))
  const amount = from ? toBaseUnits(form.amount, from.decimals) : undefined
  const current = `${form.from}|${form.to}|${form.amount}`
  const ready = quote.status === 'ready' && quote.for === current ? quote.quote : undefined
  const held = from?.quantity ? (toBaseUnits(from.quantity.numeric, from.decimals) ?? 0n) : undefined
  const short = amount !== undefined && held !== undefined && amount > held
  const busy = flow.status === 'approving' || flow.status === 'swapping'
  const label = busy
    ? flow.status === 'approving'
      ? t('swap.approving')
      : t('swap.swapping')
    : !to
      ? t('swap.selectToken')
      : amount === undefined
        ? t('swap.enterAmount')
        : short
          ? t('swap.insufficientBalance', { symbol: from?.symbol ?? '' })
          : quote.status === 'error'
            ? describe(quote.message)
            : ready
              ? t('swap.submit', { from: from?.symbol ?? '', to: to.symbol })
              : t('swap.quoting')
  return (
    <ViewRoot name="Swap">
      <SwapTokenField
        side="from"
        tokens={list}
        token={from}
        onPick={swap.setFrom}
        amount={form.amount}
        onAmount={swap.setAmount}
      />
      <button
        type="button"
        className="mk-button mk-button-secondary mk-swap-flip"
        aria-label={t('swap.flip')}
        onClick={swap.flip}
        disabled={busy}
        data-testid="swap-flip"
      >
        ↓↑
      </button>
      <SwapTokenField
        side="to"
        tokens={list}
        token={to}
        onPick={swap.setTo}
        amount={ready && to ? formatUnits(BigInt(ready.toAmount), to.decimals) : ''}
      />
      {ready && from && to ? (
        <SwapDetails
          quote={ready}
          from={from}
          to={to}
          native={native}
          gasPrice={tokens?.gasPrice}
          gasPriceError={tokens?.gasPriceError}
          gas={quote.status === 'ready' ? quote.gas : undefined}
          slippage={form.slippage}
          onSlippage={swap.setSlippage}
        />
      ) : null}
      <button
        type="button"
        className="mk-button"
        disabled={busy || !ready || short}
        aria-busy={busy}
        onClick={() => void swap.swap()}
        data-testid="swap-submit"
      >
        {label}
      </button>
      {flow.status === 'failed' ? (
        <p className="mk-empty" role="alert" data-testid="swap-failed">
          {describe(flow.message)}
        </p>
      ) : null}
    </ViewRoot>
  )
}
