import type { RequestDescription } from '../keys/RequestDescription.ts'
import { ARMING_DELAY_MS, type ArmingState, isArmed } from './createArming.ts'
import { toVisibleText } from './toVisibleText.ts'

export type ShowApprovalParameters = {
  description: RequestDescription
  /** The site the modal reported (shown so the user knows who asks). */
  site: string
  /** Tells the modal to make room for this frame (its height), or that it may hide it. */
  onVisibility(open: boolean, height?: number): void
  root?: HTMLElement
  now?: () => number
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag)
  node.className = className
  // Text only, never markup: a request's contents cannot become HTML here, and no invisible or
  // direction-changing character reaches the screen (each becomes a visible marker).
  if (text !== undefined) node.textContent = toVisibleText(text)
  return node
}

/**
 * The approval of one unsafe request, shown and clicked inside the secure frame (SECURITY.md): the
 * request's description as text, Approve armed only after 500 ms on screen, a real pointer
 * movement or key press, and while the browser reports the frame fully visible (IntersectionObserver
 * v2 where available). Resolves `true` on Approve, `false` on Reject or `cancel()`.
 */
export function showApproval({
  description,
  site,
  onVisibility,
  root = document.body,
  now = () => performance.now(),
}: ShowApprovalParameters): { decision: Promise<boolean>; cancel(): void } {
  const panel = el('section', 'approval')
  panel.setAttribute('data-testid', 'approval')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', description.title)
  panel.append(
    el('h1', 'approval-title', description.title),
    el('p', 'approval-site', `Requested by ${site}`),
  )
  const list = el('dl', 'approval-fields')
  for (const { label, value, depth = 0, warning } of description.fields) {
    // Nested fields (typed data's `details.amount`) are indented by their depth; warnings stand out.
    const className = warning ? 'approval-warning' : ''
    const term = el('dt', className, label)
    const detail = el('dd', className, value)
    if (depth > 0) term.style.paddingInlineStart = `${depth}em`
    list.append(term, detail)
  }
  panel.append(list)
  const actions = el('div', 'approval-actions')
  const reject = el('button', 'button secondary', 'Reject')
  const approve = el('button', 'button primary', 'Approve')
  reject.type = 'button'
  approve.type = 'button'
  reject.setAttribute('data-testid', 'approval-reject')
  approve.setAttribute('data-testid', 'approval-approve')
  approve.disabled = true
  actions.append(reject, approve)
  panel.append(actions)

  const state: ArmingState = { shownAt: now(), intent: false, visible: true }
  const refresh = () => {
    approve.disabled = !isArmed(state, now())
  }
  const onIntent = (event: Event) => {
    if (!event.isTrusted) return
    state.intent = true
    refresh()
  }
  const timer = setInterval(refresh, 100)
  const armTimer = setTimeout(refresh, ARMING_DELAY_MS)
  let observer: IntersectionObserver | undefined
  // IntersectionObserver v2: `isVisible` is false when anything covers, fades or transforms the frame.
  if (
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  ) {
    state.visible = false
    observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
        const visible = entry?.isVisible === true
        // Hidden then shown again: the user must see it for the full delay again.
        if (visible && !state.visible) state.shownAt = now()
        state.visible = visible
        refresh()
      },
      { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
    observer.observe(panel)
  }

  let settle: (approved: boolean) => void = () => {}
  const decision = new Promise<boolean>((resolve) => {
    settle = (approved) => {
      clearInterval(timer)
      clearTimeout(armTimer)
      observer?.disconnect()
      sizes.disconnect()
      root.removeEventListener('pointermove', onIntent)
      root.removeEventListener('keydown', onIntent)
      panel.remove()
      onVisibility(false)
      resolve(approved)
    }
  })
  approve.addEventListener('click', (event) => {
    if (!event.isTrusted || !isArmed(state, now())) return
    settle(true)
  })
  reject.addEventListener('click', () => settle(false))
  root.addEventListener('pointermove', onIntent)
  root.addEventListener('keydown', onIntent)
  root.append(panel)
  // The modal sizes its room for this screen from the height reported here, again on every change
  // (the frame is narrow until the modal lays it over that room).
  const report = () => onVisibility(true, Math.ceil(panel.getBoundingClientRect().height) + 32)
  const sizes = new ResizeObserver(report)
  sizes.observe(panel)
  report()
  return { decision, cancel: () => settle(false) }
}
