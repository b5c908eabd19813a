import {
  ARMING_DELAY_MS,
  type ArmingEvent,
  acceptsClick,
  createArming,
  isArmed,
  reduceArming,
} from './createArming.ts'
import { isFullyVisible, supportsVisibilityTracking } from './isFullyVisible.ts'

/**
 * Where the "seen" signal comes from:
 * - `observer`: IntersectionObserver v2 on the screen and its buttons (the secure frame in Chromium);
 *   where the browser lacks it the button never arms (the approval then goes to a popup).
 * - `page`: the document is visible and focused (the popup: a top-level window nobody can cover).
 * - `pointer`: no visibility signal at all, only the delay and the resting pointer; for a button that
 *   signs nothing (the recovery text's "I saved it") in a browser without IntersectionObserver v2.
 */
export type ArmingGate = 'observer' | 'page' | 'pointer'

/** A box of fields that may scroll, and the line that ends it: seen once before the button arms. */
export type ReadToEnd = { box: HTMLElement; last: Element }

export type ArmButtonParameters = {
  button: HTMLButtonElement
  /** Everything that must be seen whole for the button to arm: the screen and its buttons. */
  watch: Element[]
  /**
   * Screens whose whole content must be in view at once, none of it scrolled away: an approval in a
   * frame too short for it (the host shrank the modal) never arms, so the request itself cannot be
   * out of sight when Approve is pressed. The recovery screens, which sign nothing, may scroll.
   */
  unscrolled?: Element[]
  /**
   * Lists whose last row must have been seen, once, before the button arms (the list fitting its box
   * counts): a request's later calls, instructions or outputs may sit below the box's fold. With the
   * observer, "seen" is the same visibility signal as the screen's (the last row whole and unhidden,
   * inside its box and the viewport); in the popup, which nobody can cover, the box scrolled to its end.
   */
  readToEnd?: ReadToEnd[]
  gate: ArmingGate
  onConfirm(): void
  /**
   * Keyboard use: focusing the button starts its rest like a pointer on it, and Enter or Space on it,
   * once armed, presses it. The visibility gate still applies (in the frame: seen whole for 500 ms),
   * a held key's repeats count for nothing, and the frame's screens take the focus themselves, never
   * onto this button (holdFocus), so the user's own Tab brings it here.
   */
  keyboard?: boolean
  now?: () => number
  scope?: Window
}

/**
 * The thin DOM layer over `createArming`'s rules: feeds it trusted pointer events, the observer's
 * entries, resizes, focus; shows the state as `aria-disabled` (a disabled button would swallow the
 * pointer events that arm it); calls `onConfirm` once, for a click the rules accept.
 */
export function armButton({
  button,
  watch,
  unscrolled = [],
  readToEnd = [],
  gate,
  onConfirm,
  keyboard = false,
  now = () => performance.now(),
  scope = window,
}: ArmButtonParameters): { dispose(): void } {
  const doc = scope.document
  let state = createArming()
  const refresh = () => button.setAttribute('aria-disabled', String(!isArmed(state, now())))
  const dispatch = (event: ArmingEvent) => {
    state = reduceArming(state, event)
    refresh()
  }
  const onButton = (target: EventTarget | null) => target instanceof Node && button.contains(target)
  const onPointer = (event: PointerEvent) => {
    if (!event.isTrusted) return
    dispatch(onButton(event.target) ? { type: 'rest', at: now() } : { type: 'leave' })
  }
  const onPointerOut = (event: PointerEvent) => {
    // Out of the document (relatedTarget null) or onto something that is not the button.
    if (!onButton(event.relatedTarget)) dispatch({ type: 'leave' })
  }
  const onPress = (event: PointerEvent) => {
    if (!event.isTrusted) return
    const point = { x: event.clientX, y: event.clientY }
    dispatch({ type: 'press', point, onButton: onButton(event.target), at: now() })
  }
  const onFocus = (event: FocusEvent) => {
    if (event.isTrusted) dispatch({ type: 'rest', at: now() })
  }
  const onBlur = () => dispatch({ type: 'leave' })
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted || (event.key !== 'Enter' && event.key !== ' ')) return
    // A held key (the page asked the user to keep Enter down) is not a press made once armed.
    if (event.repeat) {
      event.preventDefault()
      dispatch({ type: 'press', point: 'key', onButton: false, at: now() })
      return
    }
    dispatch({ type: 'press', point: 'key', onButton: doc.activeElement === button, at: now() })
  }
  const onClick = (event: MouseEvent) => {
    // A click the keyboard made has no pointer (`detail` 0); it needs an armed key press instead.
    const point = event.detail === 0 ? 'key' : { x: event.clientX, y: event.clientY }
    if (!event.isTrusted || !acceptsClick(state, point, now())) return
    dispose()
    onConfirm()
  }
  const latest = new Map<Element, boolean>()
  const lastRows = new Set(readToEnd.map(({ last }) => last))
  const read = new Set<ReadToEnd>()
  /** Each list's end seen once; a box scrolled to its end counts only where no observer judges. */
  const readAll = (byScroll: boolean) => {
    for (const list of readToEnd) {
      const { box } = list
      const atEnd =
        box.isConnected && box.clientHeight > 0 && box.scrollTop + box.clientHeight >= box.scrollHeight - 1
      if (latest.get(list.last) === true || (byScroll && atEnd)) read.add(list)
    }
    return read.size === readToEnd.length
  }
  /** Seen: every watched element whole (the observer's last word), and no screen scrolled. */
  const judge = () => {
    const fits = unscrolled.every((element) => element.scrollHeight <= element.clientHeight + 1)
    const visible = readAll(false) && fits && watch.every((element) => latest.get(element) === true)
    // Every change restarts the wait: a move, a clip or a cover shows up as a new entry.
    dispatch({ type: 'seen', visible, at: now() })
  }
  const onMoved = () => {
    dispatch({ type: 'moved', at: now() })
    // A resize can make a scrolled screen fit again (or not) with no new observer entry.
    if (observer) judge()
  }
  const onPageState = () =>
    dispatch({
      type: 'seen',
      visible: readAll(true) && doc.visibilityState === 'visible' && doc.hasFocus(),
      at: now(),
    })

  let observer: IntersectionObserver | undefined
  let sizes: ResizeObserver | undefined
  if (gate === 'observer' && supportsVisibilityTracking(scope)) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) latest.set(entry.target, isFullyVisible(entry))
        judge()
      },
      // `trackVisibility` needs a `delay` of at least 100 ms (IntersectionObserver v2).
      { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
    for (const element of [...watch, ...lastRows]) observer.observe(element)
  } else if (gate === 'page') {
    onPageState()
    scope.addEventListener('focus', onPageState)
    scope.addEventListener('blur', onPageState)
    doc.addEventListener('visibilitychange', onPageState)
    for (const { box } of readToEnd) box.addEventListener('scroll', onPageState)
    // Once laid out, a list that fits its box (or a window resized to fit it) has been read.
    if (typeof ResizeObserver !== 'undefined') {
      sizes = new ResizeObserver(onPageState)
      for (const { box } of readToEnd) sizes.observe(box)
    }
  } else if (gate === 'pointer') {
    dispatch({ type: 'seen', visible: true, at: now() })
  }
  // The frame cannot see where its parent puts it; a resize of its window at least is a change.
  scope.addEventListener('resize', onMoved)
  doc.addEventListener('pointerover', onPointer, true)
  doc.addEventListener('pointermove', onPointer, true)
  doc.addEventListener('pointerout', onPointerOut, true)
  doc.addEventListener('pointerdown', onPress, true)
  button.addEventListener('click', onClick)
  if (keyboard) {
    button.addEventListener('focus', onFocus)
    button.addEventListener('blur', onBlur)
    button.addEventListener('keydown', onKey)
  }
  // The state changes with time alone (the delays pass), so the attribute is refreshed on a timer.
  const timer = scope.setInterval(refresh, ARMING_DELAY_MS / 5)
  refresh()

  function dispose() {
    scope.clearInterval(timer)
    observer?.disconnect()
    sizes?.disconnect()
    for (const { box } of readToEnd) box.removeEventListener('scroll', onPageState)
    scope.removeEventListener('focus', onPageState)
    scope.removeEventListener('blur', onPageState)
    doc.removeEventListener('visibilitychange', onPageState)
    scope.removeEventListener('resize', onMoved)
    doc.removeEventListener('pointerover', onPointer, true)
    doc.removeEventListener('pointermove', onPointer, true)
    doc.removeEventListener('pointerout', onPointerOut, true)
    doc.removeEventListener('pointerdown', onPress, true)
    button.removeEventListener('click', onClick)
    button.removeEventListener('focus', onFocus)
    button.removeEventListener('blur', onBlur)
    button.removeEventListener('keydown', onKey)
  }
  return { dispose }
}
