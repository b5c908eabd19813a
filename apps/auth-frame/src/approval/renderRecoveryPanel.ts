import type { Messages } from '../i18n/messages.ts'
import { type ArmingGate, armButton } from './armButton.ts'
import { button, el } from './renderApprovalPanel.ts'
import { createRecoveryInput, createScreen } from './secureScreen.ts'

export type RenderRecoveryPanelParameters = {
  text: string
  messages: Messages
  /** Where "seen" comes from (`armButton`): the frame's observer, or the recovery window's page. */
  gate: ArmingGate
  /** Checks the text typed back; rejects when it does not match (the panel says so, arms again). */
  confirm(typed: string): Promise<void>
  /** `confirm` accepted the text. */
  onConfirmed(): void
}

/**
 * The recovery text's screen, on the secure origin only: the text, Copy, the field to type it back
 * and "I saved it". Both buttons are armed (SECURITY.md, clickjacking): a page that fades or covers
 * the screen can neither lure the user past the only showing of the text, nor onto Copy to take the
 * text from the clipboard. Each arms again after its use (a copy, a wrong text typed back).
 */
export function renderRecoveryPanel({
  text,
  messages,
  gate,
  confirm,
  onConfirmed,
}: RenderRecoveryPanelParameters): { panel: HTMLElement; dispose(): void } {
  const words = messages.text
  const panel = createScreen('section', 'recovery', words('recovery.title'), words('recovery.hint'), messages)
  const code = el('code', 'recovery-text', text)
  code.setAttribute('data-testid', 'recovery-text')
  const typed = createRecoveryInput('recovery-confirm-input', words('recovery.typedBack'), 2)
  typed.placeholder = words('recovery.typeBackHint')
  const error = el('p', 'approval-site')
  error.setAttribute('role', 'alert')
  error.setAttribute('data-testid', 'recovery-error')
  const actions = el('div', 'approval-actions')
  const copy = button('secondary', words('recovery.copy'), 'recovery-copy')
  const done = button('primary', words('recovery.saved'), 'recovery-done')
  actions.append(copy, done)
  panel.append(code, typed, error, actions)

  let copying: { dispose(): void } | undefined
  let saving: { dispose(): void } | undefined
  const armCopy = () => {
    copying = armButton({
      button: copy,
      watch: [panel, copy],
      gate,
      keyboard: true,
      onConfirm: () => {
        navigator.clipboard.writeText(text).then(
          () => {
            copy.textContent = words('recovery.copied')
          },
          () => {
            copy.textContent = words('recovery.copyFailed')
          },
        )
        armCopy()
      },
    })
  }
  const armSave = () => {
    saving = armButton({
      button: done,
      watch: [panel, done],
      gate,
      keyboard: true,
      onConfirm: () => {
        confirm(typed.value).then(onConfirmed, () => {
          error.textContent = words('recovery.mismatch')
          armSave()
        })
      },
    })
  }
  armCopy()
  armSave()
  return {
    panel,
    dispose: () => {
      copying?.dispose()
      saving?.dispose()
    },
  }
}
