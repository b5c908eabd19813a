import { AppKitError } from '@modalkit/protocol'

export type ShowRestoreParameters = {
  /** Restores the wallet from the typed text; rejects (the screen stays, with the error's words). */
  restore(text: string): Promise<void>
  onVisibility(open: boolean, height?: number): void
  root?: HTMLElement
}

export type ShowRestoreReturnType = {
  /** Resolves once `restore` succeeded; rejects if the screen was cancelled. */
  done: Promise<void>
  cancel(): void
}

/**
 * The screen where the recovery text is typed, in the secure frame (issue 14: the text is a share of
 * the key, so it is typed here, never into the modal, whose origin must never see key material).
 * The modal lays this frame over its room while the screen reports itself open, as for approvals.
 */
export function showRestore({
  restore,
  onVisibility,
  root = document.body,
}: ShowRestoreParameters): ShowRestoreReturnType {
  const panel = document.createElement('form')
  panel.className = 'approval'
  panel.setAttribute('data-testid', 'restore')
  panel.setAttribute('role', 'dialog')
  const title = document.createElement('h1')
  title.className = 'approval-title'
  title.textContent = 'Restore your wallet'
  const hint = document.createElement('p')
  hint.className = 'approval-site'
  hint.textContent =
    'This browser holds no key for your wallet on this site yet. Paste the recovery text you saved when you created the wallet.'
  const input = document.createElement('textarea')
  input.className = 'recovery-input'
  input.rows = 3
  input.setAttribute('aria-label', 'Recovery text')
  input.setAttribute('autocomplete', 'off')
  input.spellcheck = false
  input.setAttribute('data-testid', 'recovery-input')
  const error = document.createElement('p')
  error.className = 'approval-site'
  error.setAttribute('role', 'alert')
  error.setAttribute('data-testid', 'restore-error')
  const actions = document.createElement('div')
  actions.className = 'approval-actions'
  const submit = document.createElement('button')
  submit.type = 'submit'
  submit.className = 'button primary'
  submit.textContent = 'Restore wallet'
  submit.setAttribute('data-testid', 'recovery-submit')
  actions.append(submit)
  panel.append(title, hint, input, error, actions)
  root.append(panel)
  const report = () => onVisibility(true, Math.ceil(panel.getBoundingClientRect().height) + 32)
  const sizes = new ResizeObserver(report)
  sizes.observe(panel)
  report()
  const close = () => {
    sizes.disconnect()
    panel.remove()
    onVisibility(false)
  }

  let cancel = () => {}
  const done = new Promise<void>((resolve, reject) => {
    cancel = () => {
      close()
      reject(new AppKitError({ code: 4001, shortMessage: 'Modal closed' }))
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
          error.textContent =
            failure instanceof AppKitError ? failure.shortMessage : 'Could not restore the wallet'
        },
      )
    })
  })
  return { done, cancel }
}
