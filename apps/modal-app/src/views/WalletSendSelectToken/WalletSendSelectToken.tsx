import { formatTokenAmount } from '@modalkit/shared'
import { useAtomValue, useSetAtom } from 'jotai/react'
import { useEffect } from 'react'
import { useT } from '../../i18n/useT.ts'
import { tokensAtom } from '../../state/accountData/accountDataAtoms.ts'
import { sendDraftAtom } from '../../state/send/sendDraft.ts'
import { TokenIcon } from '../../ui/TokenIcon.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Send's token picker (AppKit's WalletSendSelectToken): the holdings the balance endpoint lists. */
export default function WalletSendSelectToken() {
  const actions = useViewActions()
  const t = useT()
  const tokens = useAtomValue(tokensAtom)
  const setDraft = useSetAtom(sendDraftAtom)
  // Fresh balances, past the API's 30 s cache: what is offered must be what the account holds now.
  useEffect(() => {
    void actions.accountData.loadTokens(true)
  }, [actions])
  const held = (tokens?.data ?? []).filter((token) => Number(token.quantity.numeric) > 0)
  return (
    <ViewRoot name="WalletSendSelectToken">
      {tokens?.status === 'loading' && held.length === 0 ? (
        <p className="mk-empty">{t('send.loadingTokens')}</p>
      ) : null}
      {tokens?.status === 'ready' && held.length === 0 ? (
        <p className="mk-empty">{t('send.noTokens')}</p>
      ) : null}
      <ul className="mk-list" data-testid="send-token-list">
        {held.map((token) => (
          <li key={token.address ?? 'native'}>
            <button
              type="button"
              className="mk-row"
              data-testid={`send-token-${token.symbol}`}
              onClick={() => {
                setDraft((d) => ({ ...d, token, amount: '' }))
                actions.back()
              }}
            >
              <span className="mk-row-icon" aria-hidden="true">
                <TokenIcon token={token} />
              </span>
              <span className="mk-row-main">
                <span className="mk-row-title">{token.name}</span>
                <span className="mk-row-sub">
                  {formatTokenAmount(token.quantity.numeric)} {token.symbol}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </ViewRoot>
  )
}
