import { useAtomValue } from 'jotai/react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { connectingWalletAtom } from '../../state/atoms.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'

/** Waiting for a browser wallet; on rejection or failure, the SPEC §8 message and a retry. */
export function ConnectingExternal() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const attempt = useAtomValue(connectingWalletAtom)
  if (!attempt) {
    return (
      <ViewRoot name="ConnectingExternal">
        <div className="mk-spinner" aria-hidden="true" />
      </ViewRoot>
    )
  }
  const { wallet, error, bitcoin } = attempt
  return (
    <ViewRoot name="ConnectingExternal">
      <div className="mk-connecting" data-failed={error ? '' : undefined}>
        <WalletIcon wallet={wallet} size={64} />
        {error ? null : <div className="mk-spinner mk-spinner-ring" aria-hidden="true" />}
      </div>
      {error ? (
        <>
          <p className="mk-error-title" role="alert" data-testid="connect-error">
            {describe(error)}
          </p>
          <button
            type="button"
            className="mk-button mk-button-secondary"
            onClick={() =>
              void (bitcoin
                ? actions.connectBitcoinWallet(wallet.uuid)
                : actions.connectInjected(wallet.uuid))
            }
            data-testid="connect-retry"
          >
            {t('connecting.tryAgain')}
          </button>
        </>
      ) : (
        <p className="mk-hint">{t('connecting.continueIn', { wallet: wallet.name })}</p>
      )}
    </ViewRoot>
  )
}
