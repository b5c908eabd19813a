import { ENGLISH, type Messages } from '../i18n/messages.ts'
import { currentTheme } from '../theme/applyTheme.ts'
import { supportsVisibilityTracking } from './isFullyVisible.ts'
import { openRecoveryWindow } from './openRecoveryWindow.ts'
import { button, el } from './renderApprovalPanel.ts'
import { renderRecoveryPanel } from './renderRecoveryPanel.ts'
import { createScreen, mountScreen, type OnVisibility } from './secureScreen.ts'

export type ShowRecoveryParameters = {
  /** The recovery text of a wallet just made or re-split: it exists only in this frame. */
  text: string
  /**
   * Checks the text the user typed back (a new recovery text is confirmed before it
   * counts); rejects when it does not match, and the screen stays with an error.
   */
  confirm(typed: string): Promise<void>
  onVisibility: OnVisibility
  /** Removes the screen and rejects with the signal's reason: a rotation given up, never confirmed. */
  signal?: AbortSignal
  /** The frame's words when the screen opens: kept until it closes. */
  messages?: Messages
  root?: HTMLElement
}

/**
 * Shows a new recovery text on the secure origin (it never crosses to the modal) and resolves once
 * the user typed it back there and `confirm` accepted it. Without it, a new device or a browser that
 * keeps no storage could not open the wallet again. Where the browser can tell whether this frame is
 * seen (IntersectionObserver v2), the text is shown here with its armed buttons. Where it cannot
 * (Firefox, Safari), the site could redraw or cover this screen unnoticed, so the text never enters
 * this frame's page: a button opens the recovery window on this origin, which shows it.
 */
export function showRecovery({
  text,
  confirm,
  onVisibility,
  signal,
  messages = ENGLISH,
  root = document.body,
}: ShowRecoveryParameters): Promise<void> {
  return new Promise((resolve, reject) => {
    let dispose = () => {}
    const finish = () => {
      signal?.removeEventListener('abort', abandon)
      dispose()
      close()
      resolve()
    }
    const abandon = () => {
      dispose()
      close()
      reject(signal?.reason)
    }
    let panel: HTMLElement
    if (supportsVisibilityTracking()) {
      const screen = renderRecoveryPanel({ text, messages, gate: 'observer', confirm, onConfirmed: finish })
      panel = screen.panel
      dispose = screen.dispose
    } else {
      const opened = openerScreen({ text, confirm, messages, onConfirmed: finish })
      panel = opened.panel
      dispose = opened.dispose
    }
    const close = mountScreen(panel, onVisibility, root)
    if (signal?.aborted) return abandon()
    signal?.addEventListener('abort', abandon, { once: true })
  })
}

/** The frame's screen where the text is shown in the recovery window: a note and the button to open it. */
function openerScreen({
  text,
  confirm,
  messages,
  onConfirmed,
}: Pick<ShowRecoveryParameters, 'text' | 'confirm'> & { messages: Messages; onConfirmed(): void }) {
  const words = messages.text
  const panel = createScreen(
    'section',
    'recovery',
    words('recovery.title'),
    words('recovery.windowHint'),
    messages,
  )
  const note = el('p', 'approval-site', words('recovery.windowNote'))
  note.setAttribute('data-testid', 'recovery-window-note')
  note.setAttribute('role', 'status')
  const actions = el('div', 'approval-actions')
  const open = button('primary', words('recovery.openWindow'), 'recovery-open-window')
  actions.append(open)
  panel.append(note, actions)
  let popup: { close(): void } | undefined
  open.addEventListener('click', (event) => {
    if (!event.isTrusted) return
    // One window, one nonce: opening again retires the previous window and whatever it would say.
    popup?.close()
    popup = openRecoveryWindow({
      text,
      locale: messages.locale,
      theme: currentTheme(),
      confirm,
      onConfirmed,
      onClosed: () => {
        note.textContent = words('recovery.windowClosed')
      },
    })
    if (!popup) note.textContent = words('approval.windowBlocked')
  })
  return { panel, dispose: () => popup?.close() }
}
