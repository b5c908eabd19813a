import { frameSrc } from './frameSrc.ts'

/**
 * The first stage starts the modal's overlay iframe as it starts loading the core (at idle, or on a
 * cold open: a call that needs the modal before the core came), so the frame's document loads while
 * the core does instead of after it; the core adopts it (createFrame.ts). It is made as the core
 * makes a closed overlay: see-through, letting every click through, out of the tab order, until the
 * core shows it.
 */
export function startFrame(modalOrigin: string, projectId: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  // Before `src`: the permissions policy is the one set when the navigation starts.
  iframe.allow = 'clipboard-write'
  iframe.inert = true
  // Out of the page's layout and unseen; the core gives it the rest of the overlay's style.
  iframe.style.cssText = 'position:fixed;opacity:0;pointer-events:none'
  iframe.src = frameSrc(modalOrigin, projectId)
  document.body.appendChild(iframe)
  return iframe
}
