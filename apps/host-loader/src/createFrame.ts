const CLOSE_ANIMATION_MS = 150

export type Frame = {
  iframe: HTMLIFrameElement
  /** Makes the overlay visible; `focus` moves the keyboard into it (once the modal is open). */
  show(focus?: boolean): void
  hide(): void
  setHeight(px: number): void
  destroy(): void
}

export type CreateFrameParameters = {
  src: string
  zIndex: number
  /** Embedded mode: mounted in flow inside this element instead of as a body overlay. */
  embedTarget?: HTMLElement | undefined
  /**
   * An overlay iframe already loading this `src` (the first stage's, startFrame.ts): adopted, so its
   * document keeps loading. Anything else is removed and a new frame made.
   */
  started?: HTMLIFrameElement | undefined
}

/**
 * The modal iframe. As an overlay it covers the viewport, transparent, and is laid out while closed,
 * so the modal app inside is already rendered when the user clicks.
 *
 * Closed, it is see-through (opacity 0), lets every click through and is `inert` (out of the tab
 * order, the accessibility tree and find-in-page), but never `visibility: hidden`: Chromium stops
 * rendering a hidden cross-origin frame, and showing it again then waits for the page's next frame
 * to tell the frame's process, which cost about two frames on every open (the bench's click
 * to first view 52 → 14 ms median).
 */
export function createFrame({ src, zIndex, embedTarget, started }: CreateFrameParameters): Frame {
  const adopted = !embedTarget && started?.isConnected && started.src === src ? started : undefined
  if (!adopted) started?.remove()
  const iframe = adopted ?? document.createElement('iframe')
  // Setting `src` again would start the adopted frame's navigation over (its `allow`, which applies
  // from the next navigation on, was set before its `src`: startFrame.ts).
  if (!adopted) iframe.src = src
  iframe.title = 'Wallet connection'
  iframe.allow = 'clipboard-write'
  iframe.setAttribute('data-appkit-frame', '')
  const style = iframe.style
  style.border = '0'
  // Without this an iframe whose page is dark gets an opaque canvas in a light host page.
  style.colorScheme = 'normal'
  style.background = 'transparent'
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  if (embedTarget) {
    style.display = 'block'
    style.width = '100%'
    style.height = '0px'
    embedTarget.appendChild(iframe)
  } else {
    style.position = 'fixed'
    style.inset = '0'
    style.width = '100%'
    style.height = '100%'
    style.zIndex = String(zIndex)
    style.opacity = '0'
    style.pointerEvents = 'none'
    iframe.inert = true
    if (!adopted) document.body.appendChild(iframe)
  }

  return {
    iframe,
    show(focus = true) {
      if (embedTarget) return
      clearTimeout(hideTimer)
      iframe.inert = false
      style.opacity = '1'
      style.pointerEvents = 'auto'
      if (focus) iframe.focus()
    },
    hide() {
      if (embedTarget) return
      style.pointerEvents = 'none'
      iframe.inert = true
      clearTimeout(hideTimer)
      // Let the modal's closing animation finish before the frame turns see-through.
      hideTimer = setTimeout(() => {
        style.opacity = '0'
      }, CLOSE_ANIMATION_MS)
    },
    setHeight(px) {
      if (embedTarget) style.height = `${Math.ceil(px)}px`
    },
    destroy() {
      clearTimeout(hideTimer)
      iframe.remove()
    },
  }
}
