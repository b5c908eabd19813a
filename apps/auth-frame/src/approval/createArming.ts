/** SECURITY.md: a confirming button arms only after this long seen, and this long under the pointer. */
export const ARMING_DELAY_MS = 500

/** A click counts only where its press was: a few pixels of hand jitter, no more. */
export const PRESS_SLOP_PX = 2

export type Point = { x: number; y: number }

export type ArmingState = {
  /** Since when the screen has been seen whole with nothing changing; undefined while it is not. */
  seenSince: number | undefined
  /** Since when the pointer has rested on the button; undefined while it is elsewhere. */
  restSince: number | undefined
  /**
   * Where a trusted press on the armed button happened (`'key'`: Enter or Space on it, focused); a
   * click elsewhere, or without one, is ignored.
   */
  press: Point | 'key' | undefined
}

export type ArmingEvent =
  /** The browser's new word on visibility (every IntersectionObserver change, or the popup's focus). */
  | { type: 'seen'; visible: boolean; at: number }
  /** The frame moved or resized: what the user saw there a moment ago is not what is there now. */
  | { type: 'moved'; at: number }
  /** A trusted pointer event on the button itself (enter or move). */
  | { type: 'rest'; at: number }
  /** The pointer left the button, or moved anywhere else. */
  | { type: 'leave' }
  /** A trusted pointer press, on the button or not; or Enter/Space (`'key'`) on the focused button. */
  | { type: 'press'; point: Point | 'key'; onButton: boolean; at: number }

/** A new screen: nothing seen yet, no pointer on the button. */
export function createArming(): ArmingState {
  return { seenSince: undefined, restSince: undefined, press: undefined }
}

/**
 * Whether the button may be pressed now (SECURITY.md, clickjacking row): seen whole and unchanged
 * for 500 ms (a fade, a cover, a clip or a move restarts the wait), and the pointer resting on the
 * button itself for 500 ms (a frame slid under a waiting pointer, as between the two clicks of a
 * double-click, has not been there that long).
 */
export function isArmed(state: ArmingState, now: number): boolean {
  return (
    state.seenSince !== undefined &&
    state.restSince !== undefined &&
    now - state.seenSince >= ARMING_DELAY_MS &&
    now - state.restSince >= ARMING_DELAY_MS
  )
}

/** The state after one event; pure, so every rule is tested without a browser. */
export function reduceArming(state: ArmingState, event: ArmingEvent): ArmingState {
  switch (event.type) {
    case 'seen':
      // Every change restarts the wait, even visible → visible: the entry changed for a reason.
      return { ...state, seenSince: event.visible ? event.at : undefined, press: undefined }
    case 'moved':
      return {
        ...state,
        seenSince: state.seenSince === undefined ? undefined : event.at,
        press: undefined,
      }
    case 'rest':
      return { ...state, restSince: state.restSince ?? event.at }
    case 'leave':
      return { ...state, restSince: undefined, press: undefined }
    case 'press':
      // A press made before arming, or off the button, cannot become a click on it later.
      return {
        ...state,
        press: event.onButton && isArmed(state, event.at) ? event.point : undefined,
      }
  }
}

/**
 * Whether a trusted click confirms: still armed, and at the point of an armed press on the button
 * (a click made by the keyboard, `'key'`, only after an armed key press).
 */
export function acceptsClick(state: ArmingState, point: Point | 'key', now: number): boolean {
  const { press } = state
  if (!press || !isArmed(state, now)) return false
  if (press === 'key' || point === 'key') return press === point
  return Math.abs(press.x - point.x) <= PRESS_SLOP_PX && Math.abs(press.y - point.y) <= PRESS_SLOP_PX
}
