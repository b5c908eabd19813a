import type { RequestField } from '../keys/RequestDescription.ts'
import { toVisibleText } from './toVisibleText.ts'

export type ApprovalContent = {
  title: string
  fields: readonly RequestField[]
  /** The site the modal reported (shown so the user knows who asks). */
  site: string
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag)
  node.className = className
  // Text only, never markup: a request's contents cannot become HTML here, and no invisible or
  // direction-changing character reaches the screen (each becomes a visible marker).
  if (text !== undefined) node.textContent = toVisibleText(text)
  return node
}

export function button(className: string, text: string, testId: string): HTMLButtonElement {
  const node = el('button', `button ${className}`, text)
  node.type = 'button'
  node.setAttribute('data-testid', testId)
  return node
}

/**
 * The approval screen's content, the same in the secure frame and in the approval popup: the
 * request's title, who asks, its fields as text; `actions` is the row the caller fills with buttons.
 */
export function renderApprovalPanel({ title, fields, site }: ApprovalContent): {
  panel: HTMLElement
  actions: HTMLElement
} {
  const panel = el('section', 'approval')
  panel.setAttribute('data-testid', 'approval')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', title)
  panel.append(el('h1', 'approval-title', title), el('p', 'approval-site', `Requested by ${site}`))
  const list = el('dl', 'approval-fields')
  for (const { label, value, depth = 0, warning } of fields) {
    // Nested fields (typed data's `details.amount`) are indented by their depth; warnings stand out.
    const className = warning ? 'approval-warning' : ''
    const term = el('dt', className, label)
    if (depth > 0) term.style.paddingInlineStart = `${depth}em`
    list.append(term, el('dd', className, value))
  }
  const actions = el('div', 'approval-actions')
  panel.append(list, actions)
  return { panel, actions }
}
