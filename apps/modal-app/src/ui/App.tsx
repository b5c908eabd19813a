import { ANIMATION_MS } from '@modalkit/shared'
import { useAtomValue, useSetAtom, useStore } from 'jotai/react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { isRtl } from '../i18n/locales.ts'
import { useT } from '../i18n/useT.ts'
import {
  approvalAtom,
  frameHeightAtom,
  historyAtom,
  localeAtom,
  openAtom,
  optionsAtom,
  shakeAtom,
  themeModeAtom,
  themeVariablesAtom,
  viewRouterAtom,
} from '../state/atoms.ts'
import { closeDisabledAtom } from '../state/derivedAtoms.ts'
import { AlertBanner } from './AlertBanner.tsx'
import { Header } from './Header.tsx'
import { SecureFrameSlot } from './SecureFrameSlot.tsx'
import { Toast } from './Toast.tsx'
import { themeStyle } from './themeStyle.ts'
import { useFocusTrap } from './useFocusTrap.ts'
import { usePrefetchViews } from './usePrefetchViews.ts'
import { useViewActions } from './ViewActionsContext.ts'
import { ViewOutlet } from './ViewOutlet.tsx'

export function App() {
  const actions = useViewActions()
  const t = useT()
  const locale = useAtomValue(localeAtom)
  const open = useAtomValue(openAtom)
  const history = useAtomValue(historyAtom)
  const router = useAtomValue(viewRouterAtom)
  const themeMode = useAtomValue(themeModeAtom)
  const variables = useAtomValue(themeVariablesAtom)
  const embedded = useAtomValue(optionsAtom)?.enableEmbedded === true
  const shake = useAtomValue(shakeAtom)
  const secureScreen = useAtomValue(approvalAtom)
  const closeDisabled = useAtomValue(closeDisabledAtom)
  const setFrameHeight = useSetAtom(frameHeightAtom)
  const view = history.at(-1) ?? 'Connect'
  const visible = open || embedded
  // Closed, the modal keeps its Connect view mounted (hidden and inert), so a click only flips
  // `data-open` instead of rendering the view tree before the first frame can paint.
  const mountView = visible || view === 'Connect'
  const titleId = useId()
  const cardRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number | undefined>()
  const [shaking, setShaking] = useState(false)

  useFocusTrap(cardRef, visible && !embedded)
  usePrefetchViews(visible)

  // SPEC §2: the modal height follows its content over 150 ms.
  useLayoutEffect(() => {
    const body = bodyRef.current
    if (!body) return
    const observer = new ResizeObserver(() => setHeight(body.offsetHeight))
    observer.observe(body)
    // Embedded, the host's iframe is as tall as the card: the card itself is watched, since it takes
    // its new height only after the body's (and over the 150 ms transition), not when `body` changed.
    const card = cardRef.current
    const frame = new ResizeObserver(() => {
      if (card) setFrameHeight(card.offsetHeight)
    })
    if (embedded && card) frame.observe(card)
    return () => {
      observer.disconnect()
      frame.disconnect()
    }
  }, [embedded, setFrameHeight])

  useEffect(() => {
    if (shake === 0) return
    setShaking(true)
    const timer = setTimeout(() => setShaking(false), ANIMATION_MS.shake)
    return () => clearTimeout(timer)
  }, [shake])

  // Listening only once the open view has rendered would lose an Escape pressed right after the
  // click (the loader focuses the frame at once): read the open state when the key arrives instead.
  const store = useStore()
  useEffect(() => {
    if (embedded) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && store.get(openAtom)) actions.close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [embedded, actions, store])

  return (
    <div
      className="mk-root"
      lang={locale}
      dir={isRtl(locale) ? 'rtl' : 'ltr'}
      data-theme={themeMode}
      data-embedded={embedded ? '' : undefined}
      style={themeStyle(variables, themeMode)}
    >
      {embedded ? null : (
        <div
          className="mk-backdrop"
          data-open={visible ? '' : undefined}
          onClick={() => actions.close()}
          aria-hidden="true"
        />
      )}
      <div
        ref={cardRef}
        className={`mk-card${shaking ? ' mk-shake' : ''}`}
        data-open={visible ? '' : undefined}
        role="dialog"
        aria-modal={embedded ? undefined : true}
        aria-labelledby={titleId}
        aria-hidden={visible ? undefined : true}
        inert={!visible}
        tabIndex={-1}
        data-testid="w3m-modal"
      >
        <Header view={view} canGoBack={history.length > 1} titleId={titleId} closeDisabled={closeDisabled} />
        <AlertBanner />
        <div className="mk-body" style={height === undefined ? undefined : { height }}>
          <div ref={bodyRef}>
            {visible && secureScreen.open ? (
              <SecureFrameSlot height={secureScreen.height} />
            ) : mountView && router ? (
              <ViewOutlet router={router} />
            ) : null}
          </div>
        </div>
        <Toast />
        {/* A screen reader hears the new view's name when the view changes. */}
        <p className="mk-visually-hidden" aria-live="polite" data-testid="view-announcer">
          {visible ? t(`title.${view}`) : ''}
        </p>
      </div>
    </div>
  )
}
