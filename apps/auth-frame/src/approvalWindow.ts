import './styles.css'
import {
  APPROVAL_WINDOW_PREFIX,
  type ApprovalWindowRequest,
  approvalWindowRequestSchema,
} from '@modalkit/protocol'
import { armButton } from './approval/armButton.ts'
import { button, renderApprovalPanel, setLanguage } from './approval/renderApprovalPanel.ts'
import {
  browserMessages,
  ENGLISH,
  loadMessages,
  type Messages,
  showPageText,
  showPageTitle,
} from './i18n/messages.ts'
import { applyTheme } from './theme/applyTheme.ts'

/**
 * The approval popup (approve.html) on the secure origin, for browsers that cannot tell whether the
 * secure frame is seen (no IntersectionObserver v2). A top-level window cannot be faded or covered
 * by a page, so Approve here arms on the window being visible and focused, 500 ms, and the pointer
 * resting on it (or the keyboard's focus on it, then Enter or Space). It talks only to the frame that opened it, on this exact origin, and answers the
 * one request it was sent with that request's nonce. It holds no keys: the frame signs.
 */
const origin = location.origin
const opener = window.opener as Window | null
let answered = false

const onMessage = (event: MessageEvent) => {
  if (!opener || event.source !== opener || event.origin !== origin) return
  const request = approvalWindowRequestSchema.safeParse(event.data)
  // One request per window: a second one, or anything malformed, is not shown.
  if (!request.success || answered) return
  answered = true
  window.removeEventListener('message', onMessage)
  // The frame's screen's language, whatever this browser prefers: the two say the same thing.
  void loadMessages(request.data.locale)
    .catch(() => ENGLISH)
    .then((messages) => show(request.data, messages))
}

function show({ nonce, title, fields, site, theme }: ApprovalWindowRequest, messages: Messages) {
  if (!opener) return
  if (theme) applyTheme(theme)
  const { panel, actions, fields: list } = renderApprovalPanel({ title, fields, site }, messages)
  const reject = button('secondary', messages.text('approval.reject'), 'approval-reject')
  const approve = button('primary', messages.text('approval.approve'), 'approval-approve')
  actions.append(reject, approve)
  const decide = (approved: boolean) => {
    opener.postMessage({ type: `${APPROVAL_WINDOW_PREFIX}DECISION`, nonce, approved }, origin)
    window.close()
  }
  const arming = armButton({
    button: approve,
    watch: [panel],
    readToEnd: [list],
    gate: 'page',
    keyboard: true,
    onConfirm: () => decide(true),
  })
  reject.addEventListener('click', () => {
    arming.dispose()
    decide(false)
  })
  setLanguage(document.documentElement, messages)
  showPageTitle(messages, 'page.windowTitle')
  document.body.replaceChildren(panel)
}

if (opener) {
  window.addEventListener('message', onMessage)
  opener.postMessage({ type: `${APPROVAL_WINDOW_PREFIX}READY` }, origin)
  // Until the request (and its language) arrives, the page waits in the browser's language.
  void browserMessages().then((messages) => {
    if (answered) return
    showPageTitle(messages, 'page.windowTitle')
    showPageText(messages, 'page.windowLoading')
  })
} else {
  void browserMessages().then((messages) => {
    showPageTitle(messages, 'page.windowTitle')
    showPageText(messages, 'page.windowAlone')
  })
}
