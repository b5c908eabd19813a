import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * Farcaster sign-in needs Farcaster's relay and a Farcaster client; neither has a local stand-in yet
 * (issue 4), so the view says so instead of showing a QR code that leads nowhere.
 */
export function ConnectingFarcaster() {
  return (
    <ViewRoot name="ConnectingFarcaster">
      <p className="mk-notice">Farcaster sign-in is not available here yet.</p>
    </ViewRoot>
  )
}
