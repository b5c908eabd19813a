import { WalletConnectIcon } from '../../ui/icons.tsx'

/** The pairing QR area with copy-link; the URI comes with the WalletConnect connector. */
export function QrPanel({ uri }: { uri: string | undefined }) {
  return (
    <div className="mk-qr-panel">
      <figure
        className="mk-qr"
        data-testid="wc-qr"
        aria-label={uri ? 'Pairing QR code' : 'Preparing the QR code'}
      >
        <WalletConnectIcon size={48} />
      </figure>
      <p className="mk-hint">Scan this QR code with your phone</p>
      <button
        type="button"
        className="mk-button mk-button-secondary"
        disabled={!uri}
        onClick={() => uri && navigator.clipboard.writeText(uri)}
        data-testid="wc-copy-link"
      >
        Copy link
      </button>
    </div>
  )
}
