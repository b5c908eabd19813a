import { formatTokenAmount } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { tokensAtom } from '../../state/accountData/accountDataAtoms.ts'
import { TokenIcon } from '../../ui/TokenIcon.tsx'

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Account, Tokens: each holding with its value and a 2-decimal amount (SPEC §9). */
export function TokensTab() {
  const t = useT()
  const tokens = useAtomValue(tokensAtom)
  if (!tokens || (tokens.status === 'loading' && tokens.data.length === 0)) {
    return (
      <p className="mk-empty" data-testid="tokens-loading">
        {t('account.tokens.loading')}
      </p>
    )
  }
  if (tokens.status === 'error') {
    return (
      <p className="mk-empty" data-testid="tokens-error">
        {t('account.tokens.unavailable')}
      </p>
    )
  }
  if (tokens.data.length === 0) return <p className="mk-empty">{t('account.tokens.empty')}</p>
  return (
    <ul className="mk-list" data-testid="tokens-list">
      {tokens.data.map((token) => (
        <li key={token.address ?? 'native'} className="mk-row" data-testid={`token-${token.symbol}`}>
          <span className="mk-row-icon" aria-hidden="true">
            <TokenIcon token={token} />
          </span>
          <span className="mk-row-main">
            <span className="mk-row-title">{token.name}</span>
            <span className="mk-row-sub" data-testid="token-amount">
              {formatTokenAmount(token.quantity.numeric)} {token.symbol}
            </span>
          </span>
          <span className="mk-row-end" data-testid="token-value">
            {money.format(token.value)}
          </span>
        </li>
      ))}
    </ul>
  )
}
