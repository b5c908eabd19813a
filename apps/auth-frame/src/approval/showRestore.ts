import { ModalClosedError } from '@modalkit/protocol'
import { ENGLISH, type Messages } from '../i18n/messages.ts'
import { button, el } from './renderApprovalPanel.ts'
import { restoreErrorText } from './restoreErrorText.ts'
import { createRecoveryInput, createScreen, mountScreen, type OnVisibility } from './secureScreen.ts'

export type ShowRestoreParameters = {
  /** Restores the wallet from the typed text; rejects (the screen stays, with the error's words). */
  restore(text: string): Promise<void>
  onVisibility: OnVisibility
  /** The frame's words when the screen opens: kept until it closes. */
  messages?: Messages
  root?: HTMLElement
}

export type ShowRestoreReturnType = {
  /** Resolves once `restore` succeeded; rejects if the screen was cancelled. */
  done: Promise<void>
  cancel(): void
}

/**
 * The screen where the recovery text is typed, in the secure frame (the text is a share of
 * the key, so it is typed here, never into the modal, whose origin must never see key material).
 * The modal lays this frame over its room while the screen reports itself open, as for approvals.
 */
export function showRestore({
  restore,
  onVisibility,
  messages = ENGLISH,
  root = document.body,
}: ShowRestoreParameters): ShowRestoreReturnType {
  const words = messages.text
  const panel = createScreen('form', 'restore', words('restore.title'), words('restore.hint'), messages)
  const input = createRecoveryInput('recovery-input', words('restore.input'), 3)
  const error = el('p', 'approval-site')
  error.setAttribute('role', 'alert')
  error.setAttribute('data-testid', 'restore-error')
  const actions = el('div', 'approval-actions')
  const submit = button('primary', words('restore.submit'), 'recovery-submit')
  submit.type = 'submit'
  actions.append(submit)
  panel.append(input, error, actions)
  const close = mountScreen(panel, onVisibility, root)

  let cancel = () => {}
  const done = new Promise<void>((resolve, reject) => {
    cancel = () => {
      close()
      reject(new ModalClosedError())
    }
    panel.addEventListener('submit', (event) => {
      event.preventDefault()
      if (!input.value.trim()) return
      submit.disabled = true
      error.textContent = ''
      restore(input.value).then(
        () => {
          input.value = ''
          close()
          resolve()
        },
        (failure: unknown) => {
          submit.disabled = false
          // The error's own fixed words (AppKitError shortMessage), never the text typed.
          error.textContent = restoreErrorText(failure, messages)
        },
      )
    })
  })
  return { done, cancel }
}
