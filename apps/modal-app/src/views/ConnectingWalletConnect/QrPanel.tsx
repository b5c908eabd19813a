import { useAtomValue } from 'jotai/react'
import { useEffect, useState } from 'react'
import { walletDeepLink } from '../../connectors/walletConnect/walletDeepLink.ts'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { selectedDirectoryWalletAtom, sitePairingUriAtom, walletConnectAtom } from '../../state/atoms.ts'
import { whereToGet } from '../../state/walletList.ts'
import { WalletConnectIcon } from '../../ui/icons.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { QrCode } from './QrCode.tsx'

/**
 * The WalletConnect pairing: starts an attempt when shown and cancels it when left; the URI as a QR
 * code and a copy-link button; a failure's SPEC §8 message with a retry. A pairing URI the site gave
 * (`open({ uri })`) is shown instead, and the modal starts none of its own: the site's client owns
 * that session.
 */
export function QrPanel() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const sitePairing = useAtomValue(sitePairingUriAtom)
  const ownPairing = useAtomValue(walletConnectAtom)
  const pairing: typeof ownPairing = sitePairing ? { uri: sitePairing } : ownPairing
  const wallet = useAtomValue(selectedDirectoryWalletAtom)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (sitePairing) return
    void actions.connectWalletConnect()
    return () => actions.cancelWalletConnect()
  }, [actions, sitePairing])

  const uri = pairing?.uri
  const link = wallet && uri ? walletDeepLink(wallet, uri, actions.isMobile) : undefined
  const get = wallet ? whereToGet(wallet, actions.isMobile, navigator.userAgent) : undefined
  const copy = () => {
    if (!uri) return
    navigator.clipboard.writeText(uri).then(
      () => {
        setCopied(true)
        actions.showToast('success', t('walletConnect.copied'))
      },
      () => actions.showToast('error', t('walletConnect.copyFailed')),
    )
  }

  if (pairing?.error) {
    return (
      <div className="mk-qr-panel">
        <p className="mk-error-title" role="alert" data-testid="connect-error">
          {describe(pairing.error)}
        </p>
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.connectWalletConnect()}
          data-testid="connect-retry"
        >
          {t('connecting.tryAgain')}
        </button>
      </div>
    )
  }

  return (
    <div className="mk-qr-panel">
      <figure
        className="mk-qr"
        data-testid="wc-qr"
        data-uri-ready={uri ? '' : undefined}
        aria-label={uri ? t('walletConnect.qr') : t('walletConnect.preparing')}
      >
        {uri ? <QrCode value={uri} /> : <WalletConnectIcon size={48} />}
      </figure>
      <p className="mk-hint">
        {wallet ? t('walletConnect.scanWith', { wallet: wallet.name }) : t('walletConnect.scan')}
      </p>
      {link ? (
        <a className="mk-button" href={link} rel="noreferrer" data-testid="wc-open-wallet">
          {t('walletConnect.openWallet', { wallet: wallet?.name ?? '' })}
        </a>
      ) : null}
      <button
        type="button"
        className="mk-button mk-button-secondary"
        disabled={!uri}
        onClick={copy}
        data-testid="wc-copy-link"
      >
        {copied ? t('walletConnect.copied') : t('walletConnect.copy')}
      </button>
      {get ? (
        <a
          className="mk-button mk-button-secondary"
          href={get}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="wc-get-wallet"
        >
          {t('walletConnect.getWallet', { wallet: wallet?.name ?? '' })}
        </a>
      ) : null}
    </div>
  )
}
