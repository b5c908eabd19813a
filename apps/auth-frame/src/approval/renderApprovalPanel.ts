import { joinRuns, type Messages, type TextRun } from '../i18n/messages.ts'
import { phrase } from '../i18n/phrase.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import type { ReadToEnd } from './armButton.ts'
import { dataDisclosure } from './dataDisclosure.ts'
import { toVisibleText } from './toVisibleText.ts'

/** One line of the approval screen in the screen's language: its label and value as text runs. */
export type ShownField = {
  label: TextRun[]
  value: TextRun[]
  /** Nesting level of a field inside a structure (typed data's `details.amount` is 1). */
  depth?: number | undefined
  warning?: true | undefined
  /** Bytes the wallet could not read, shown whole behind the line's disclosure (dataDisclosure). */
  data?: string | undefined
}

export type ApprovalContent = {
  title: string
  fields: readonly ShownField[]
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

/**
 * Appends text runs as text: the catalogue's words as text nodes, each value in its own `<bdi>` (a
 * text node isolated from the words around it), so an address, an amount or a site's text cannot
 * reorder or run into the sentence, in a right-to-left language or with a right-to-left value.
 */
export function appendRuns(node: HTMLElement, runs: readonly TextRun[]): HTMLElement {
  for (const run of runs) {
    const text = toVisibleText(run.text)
    if (!run.value) {
      node.append(document.createTextNode(text))
      continue
    }
    const value = document.createElement('bdi')
    value.textContent = text
    node.append(value)
  }
  return node
}

/** The screen speaks its language: `lang` for screen readers and fonts, `dir` for Arabic. */
export function setLanguage(node: HTMLElement, messages: Messages): void {
  node.lang = messages.locale
  node.dir = messages.dir
}

export function button(className: string, text: string, testId: string): HTMLButtonElement {
  const node = el('button', `button ${className}`, text)
  node.type = 'button'
  node.setAttribute('data-testid', testId)
  return node
}

/** A description's title and fields in one language, once: what the screen (and the popup) shows. */
export function resolveApproval(
  description: Pick<RequestDescription, 'title' | 'fields'>,
  messages: Messages,
): { title: string; fields: ShownField[] } {
  return {
    title: joinRuns(messages.runs(description.title)),
    fields: description.fields.map(({ label, value, depth, warning, data }) => ({
      label: messages.runs(label),
      value: messages.runs(value),
      ...(depth === undefined ? {} : { depth }),
      ...(warning ? { warning } : {}),
      ...(data === undefined ? {} : { data }),
    })),
  }
}

/** The fields' box's least height when the frame is short (`min-height` in styles.css). */
const BOX_FLOOR_PX = 88

/**
 * A box that scrolls when its content is long: while it does, it takes the keyboard's focus (so a
 * keyboard can scroll it and read all that is signed) and is a named region for the screen reader
 * that lands there; while it does not, it is no extra Tab stop. Checked whenever either size changes
 * (where ResizeObserver is missing, it is always focusable: never unreachable).
 */
function keyboardScrollable(box: HTMLElement, name: string): void {
  const update = (scrolls: boolean) => {
    if (scrolls) {
      box.tabIndex = 0
      box.setAttribute('role', 'region')
      box.setAttribute('aria-label', name)
    } else {
      box.removeAttribute('tabindex')
      box.removeAttribute('role')
      box.removeAttribute('aria-label')
    }
  }
  update(true)
  if (typeof ResizeObserver === 'undefined') return
  const content = box.firstElementChild
  const observer = new ResizeObserver(() => {
    // When the frame is short the box gives way down to its floor (styles.css), but never stands
    // taller than its own content: a one-line message gets no empty rows.
    if (content instanceof HTMLElement) {
      box.style.minHeight = `${Math.min(BOX_FLOOR_PX, Math.ceil(content.offsetHeight) + 1)}px`
    }
    update(box.scrollHeight > box.clientHeight + 1)
  })
  observer.observe(box)
  if (content) observer.observe(content)
}

/**
 * The approval screen's content, the same in the secure frame and in the approval popup: the
 * request's title, who asks, its fields as text; `actions` is the row the caller fills with buttons.
 */
export function renderApprovalPanel(
  { title, fields, site }: ApprovalContent,
  messages: Messages,
): { panel: HTMLElement; actions: HTMLElement; fields: ReadToEnd } {
  const panel = el('section', 'approval')
  setLanguage(panel, messages)
  panel.setAttribute('data-testid', 'approval')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', title)
  const requestedBy = appendRuns(
    el('p', 'approval-site'),
    messages.runs(phrase('approval.requestedBy', { site })),
  )
  panel.append(el('h1', 'approval-title', title), requestedBy)
  const warnings = fields.filter((field) => field.warning)
  // Warnings stand above the fields, where the screen being seen whole means they are seen: the
  // fields' box scrolls, and a warning only inside it could be out of sight when Approve arms.
  if (warnings.length > 0) {
    const top = el('ul', 'approval-warnings')
    top.setAttribute('data-testid', 'approval-warnings')
    for (const { label, value } of warnings) {
      const item = appendRuns(el('li', ''), label)
      item.append(document.createTextNode(': '))
      top.append(appendRuns(item, value))
    }
    panel.append(top)
  }
  const list = el('dl', 'approval-fields')
  const scroll = el('div', 'approval-fields-scroll')
  scroll.append(list)
  keyboardScrollable(scroll, messages.text('approval.details'))
  for (const { label, value, depth = 0, warning, data } of fields) {
    // Nested fields (typed data's `details.amount`) are indented by their depth; warnings stand out.
    const className = warning ? 'approval-warning' : ''
    const term = appendRuns(el('dt', className), label)
    if (depth > 0) term.style.paddingInlineStart = `${depth}em`
    const description = appendRuns(el('dd', className), value)
    // Undecoded bytes follow their line, closed: the line is the row that must be seen.
    if (data !== undefined) description.append(dataDisclosure(data, messages))
    list.append(term, description)
  }
  const actions = el('div', 'approval-actions')
  panel.append(scroll, actions)
  // The list's end: a row of one pixel after the last field, in view only once the box's end is. A
  // field taller than the box (a long message) could never be seen whole; this line can.
  const end = el('div', 'approval-fields-end')
  end.setAttribute('aria-hidden', 'true')
  scroll.append(end)
  return { panel, actions, fields: { box: scroll, last: end } }
}
