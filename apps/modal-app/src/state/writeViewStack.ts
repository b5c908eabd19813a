import type { View } from '@modalkit/protocol'
import type { ViewEntryState, ViewRouter } from './createViewRouter.ts'
import { readViewStack } from './readViewStack.ts'

function same(a: readonly View[], b: readonly View[]): boolean {
  return a.length === b.length && a.every((view, i) => view === b[i])
}

function go(router: ViewRouter, stack: View[], replace: boolean): void {
  const state: ViewEntryState = { stack }
  router.navigate(`/${stack.at(-1) ?? 'Connect'}`, { state, replace })
}

/**
 * Moves the router to a new stack, as SPEC §2's push, replace, pop and reset: a push is a new
 * history entry, a pop is the router's back, a replace replaces the entry. Every entry below the
 * top holds the stack one shorter, so back always lands on the stack `goBack` gives. Any other
 * stack (a reset) replaces the entry with its first view and pushes the rest, keeping that true.
 */
export function writeViewStack(router: ViewRouter, next: readonly View[]): void {
  const current = readViewStack(router)
  if (next.length === 0 || same(next, current)) return
  if (next.length === current.length - 1 && same(next, current.slice(0, -1))) {
    router.navigate(-1)
    return
  }
  if (next.length === current.length + 1 && same(next.slice(0, -1), current)) {
    go(router, [...next], false)
    return
  }
  if (next.length === current.length && same(next.slice(0, -1), current.slice(0, -1))) {
    go(router, [...next], true)
    return
  }
  next.forEach((_, i) => {
    go(router, next.slice(0, i + 1), i === 0)
  })
}
