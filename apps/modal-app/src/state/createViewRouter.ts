import { VIEWS, type View } from '@modalkit/protocol'
import { createMemoryRouter, type RouteObject } from 'react-router-dom'

/** The modal's memory router: its history is the SPEC §2 view stack. */
export type ViewRouter = ReturnType<typeof createMemoryRouter>

/** Each history entry carries the stack it shows: a data router does not expose its entries. */
export type ViewEntryState = { stack: View[] }

/** One route per SPEC §2 view, without elements: what plain TS (and the unit tests) navigate. */
export const bareViewRoutes: RouteObject[] = VIEWS.map((view) => ({ id: view, path: `/${view}` }))

/**
 * A data router used from plain TS (`router.navigate`), so connectors and the controller move
 * views without hooks. Routes have no loaders and no route-level `lazy` (lazy views are React
 * lazy components), so every navigation commits synchronously, as the stack's readers expect.
 */
export function createViewRouter(routes: RouteObject[] = bareViewRoutes): ViewRouter {
  const state: ViewEntryState = { stack: ['Connect'] }
  return createMemoryRouter(routes, { initialEntries: [{ pathname: '/Connect', state }] })
}
