import './styles.css'
import {
  APPROVAL_WINDOW_PREFIX,
  type ApprovalWindowRequest,
  approvalWindowRequestSchema,
} from '@modalkit/protocol'
import { armButton } from './approval/armButton.ts'
import { listenToOpener } from './approval/listenToOpener.ts'
import { button, renderApprovalPanel, setLanguage } from './approval/renderApprovalPanel.ts'
import { ENGLISH, loadMessages, type Messages, showPageTitle } from './i18n/messages.ts'
import { applyTheme } from './theme/applyTheme.ts'

/**
 * The approval popup (approve.html) on the secure origin, for browsers that cannot tell whether the
 * secure frame is seen (no IntersectionObserver v2). A top-level window cannot be faded or covered
 * by a page, so Approve here arms on the window being visible and focused, 500 ms, and the pointer
 * resting on it (or the keyboard's focus on it, then Enter or Space). It talks only to the frame that opened it, on this exact origin, and answers the
 * one request it was sent with that request's nonce. It holds no keys: the frame signs.
 */
let answered = false
function show(
  { nonce, title, fields, site, theme }: ApprovalWindowRequest,
  messages: Messages,
  opener: Window,
) {
  if (theme) applyTheme(theme)
  const { panel, actions, fields: list } = renderApprovalPanel({ title, fields, site }, messages)
  const reject = button('secondary', messages.text('approval.reject'), 'approval-reject')
  const approve = button('primary', messages.text('approval.approve'), 'approval-approve')
  actions.append(reject, approve)
  const decide = (approved: boolean) => {
    opener.postMessage({ type: `${APPROVAL_WINDOW_PREFIX}DECISION`, nonce, approved }, location.origin)
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

listenToOpener({
  ready: { type: `${APPROVAL_WINDOW_PREFIX}READY` },
  parse: (data) => approvalWindowRequestSchema.safeParse(data),
  onMessage: (request, opener) => {
    // One request per window: a second one is not shown.
    if (answered) return
    answered = true
    // The frame's screen's language, whatever this browser prefers: the two say the same thing.
    void loadMessages(request.locale)
      .catch(() => ENGLISH)
      .then((messages) => show(request, messages, opener))
  },
  title: 'page.windowTitle',
  loading: 'page.windowLoading',
  alone: 'page.windowAlone',
})
