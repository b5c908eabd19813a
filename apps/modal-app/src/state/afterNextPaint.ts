/**
 * Runs `callback` in the task after the next frame is painted (a frame callback, then a task), so
 * work it starts does not delay that frame. Without frames (tests in Node) it runs in a task.
 */
export function afterNextPaint(callback: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(callback, 0)
    return
  }
  requestAnimationFrame(() => setTimeout(callback, 0))
}
