import { useController } from '../../ui/ControllerContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function ProfileWallets() {
  const { multiWallet } = useController().features()
  return (
    <ViewRoot name="ProfileWallets">
      {multiWallet ? (
        <p className="mk-empty">Connected wallets appear here</p>
      ) : (
        <p className="mk-notice" role="note" data-testid="multiwallet-notice">
          Multi-wallet is not enabled for this project. Enable the multiWallet feature to keep several wallets
          connected.
        </p>
      )}
    </ViewRoot>
  )
}
