import { type View, viewSchema } from '@modalkit/protocol'
import type { ViewRouter } from './createViewRouter.ts'

/** The view stack of the router's current entry (the last view is shown). Never empty. */
export function readViewStack(router: ViewRouter): View[] {
  const { state, pathname } = router.state.location
  const stack: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'stack') : undefined
  if (Array.isArray(stack) && stack.length > 0) return stack.map((view) => viewSchema.parse(view))
  // Every entry is written with its stack (createViewRouter, writeViewStack); a bare path shows its view.
  const view = viewSchema.safeParse(pathname.slice(1))
  return [view.success ? view.data : 'Connect']
}
