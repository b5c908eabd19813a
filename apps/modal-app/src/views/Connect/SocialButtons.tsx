import type { LoginSocial } from '@modalkit/protocol'
import { useT } from '../../i18n/useT.ts'
import { SocialIcon } from '../../ui/SocialIcon.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

const NAMES: Record<LoginSocial, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

/** The social login buttons (SPEC §1 socials); the first gets a full row, the others share one. */
export default function SocialButtons({ providers }: { providers: LoginSocial[] }) {
  const actions = useViewActions()
  const t = useT()
  const [first, ...rest] = providers
  // Called in the click itself: the popup must open in the user's gesture.
  // Farcaster has no popup: its view shows the relay's QR code.
  const start = (provider: LoginSocial) =>
    provider === 'farcaster' ? actions.push('ConnectingFarcaster') : actions.connectSocial(provider)
  return (
    <div className="mk-socials">
      {first ? (
        <button
          type="button"
          className="mk-social mk-social-wide"
          onClick={() => start(first)}
          data-testid={`social-${first}`}
        >
          <SocialIcon provider={first} />
          <span>{t('social.continueWith', { provider: NAMES[first] })}</span>
        </button>
      ) : null}
      <div className="mk-social-grid">
        {rest.map((provider) => (
          <button
            key={provider}
            type="button"
            className="mk-social"
            aria-label={t('social.continueWith', { provider: NAMES[provider] })}
            onClick={() => start(provider)}
            data-testid={`social-${provider}`}
          >
            <SocialIcon provider={provider} />
          </button>
        ))}
      </div>
    </div>
  )
}
