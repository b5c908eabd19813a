import './styles.css'
import {
  RECOVERY_WINDOW_PREFIX,
  type RecoveryWindowText,
  recoveryWindowMessageSchema,
} from '@modalkit/protocol'
import { listenToOpener } from './approval/listenToOpener.ts'
import { setLanguage } from './approval/renderApprovalPanel.ts'
import { renderRecoveryPanel } from './approval/renderRecoveryPanel.ts'
import { ENGLISH, loadMessages, type Messages, showPageTitle } from './i18n/messages.ts'
import { applyTheme } from './theme/applyTheme.ts'

/**
 * The recovery window (recovery.html) on the secure origin, for browsers that cannot tell whether
 * the secure frame is seen (no IntersectionObserver v2): the new recovery text is shown and typed
 * back here, never in a screen inside the site's page, which the site could redraw or cover. Copy and
 * "I saved it" arm on the window being visible and focused, 500 ms, and the pointer resting on them.
 * It talks only to the frame that opened it, on this exact origin; the frame checks the text typed
 * back (this window only passes it on with the nonce it was sent) and answers whether it matched.
 */
let shown: { nonce: string } | undefined
let answer: ((confirmed: boolean) => void) | undefined

function show({ nonce, text, theme }: RecoveryWindowText, messages: Messages, opener: Window) {
  if (theme) applyTheme(theme)
  const origin = location.origin
  const { panel } = renderRecoveryPanel({
    text,
    messages,
    gate: 'page',
    confirm: (typed) =>
      new Promise((resolve, reject) => {
        answer = (confirmed) => (confirmed ? resolve() : reject(new Error('not the recovery text')))
        opener.postMessage({ type: `${RECOVERY_WINDOW_PREFIX}TYPED`, nonce, typed }, origin)
      }),
    // The frame closes this window once it confirmed; closing it here too costs nothing.
    onConfirmed: () => window.close(),
  })
  setLanguage(document.documentElement, messages)
  showPageTitle(messages, 'recovery.title')
  document.body.replaceChildren(panel)
}

listenToOpener({
  ready: { type: `${RECOVERY_WINDOW_PREFIX}READY` },
  parse: (data) => recoveryWindowMessageSchema.safeParse(data),
  onMessage: (message, opener) => {
    if (message.type === `${RECOVERY_WINDOW_PREFIX}RESULT`) {
      // Only the answer to this window's own text, for a text it passed on.
      if (message.nonce !== shown?.nonce) return
      answer?.(message.confirmed)
      answer = undefined
      return
    }
    // One text per window: a second one is not shown.
    if (shown) return
    shown = { nonce: message.nonce }
    // The frame's screen's language, whatever this browser prefers: the two say the same thing.
    void loadMessages(message.locale)
      .catch(() => ENGLISH)
      .then((messages) => show(message, messages, opener))
  },
  title: 'recovery.title',
  loading: 'page.recoveryLoading',
  alone: 'page.recoveryAlone',
})
