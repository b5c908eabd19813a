/** SECURITY.md: an approve button arms only after this long on screen. */
export const ARMING_DELAY_MS = 500

export type ArmingState = { shownAt: number; intent: boolean; visible: boolean }

/**
 * Whether the approve button may be used (SECURITY.md, clickjacking row): shown for at least 500 ms,
 * after a real pointer movement or key press in this frame, and seen as fully visible by the
 * browser where it can tell (IntersectionObserver v2; `visible` stays true where it cannot).
 */
export function isArmed(state: ArmingState, now: number): boolean {
  return state.visible && state.intent && now - state.shownAt >= ARMING_DELAY_MS
}
