import { VIEWS, type View } from '@modalkit/protocol'
import {
  type Location,
  type NavigationType,
  type RouteObject,
  UNSAFE_createMemoryHistory,
} from 'react-router-dom'

/** Each history entry carries the stack it shows. */
export type ViewEntryState = { stack: View[] }

type MemoryHistory = ReturnType<typeof UNSAFE_createMemoryHistory>

/**
 * The modal's memory router: a memory history (react-router's own) whose entries are the SPEC §2
 * view stack, and the routes that render them. Not a data router: routes have no loaders, so the
 * data router's machinery (fetchers, revalidation, lazy routes) would be bytes the modal never runs.
 * `<Router>` renders `state.location`; plain TS moves it with `navigate`, so every navigation is
 * synchronous, as the stack's readers expect.
 */
export type ViewRouter = {
  readonly routes: RouteObject[]
  readonly state: { readonly location: Location; readonly historyAction: NavigationType }
  /** For `<Router navigator>`: links and `useNavigate` inside views move the same history. */
  readonly navigator: MemoryHistory
  navigate(to: string | number, options?: { state?: ViewEntryState; replace?: boolean }): void
  subscribe(listener: () => void): () => void
}

/** One route per SPEC §2 view, without elements: what plain TS (and the unit tests) navigate. */
export const bareViewRoutes: RouteObject[] = VIEWS.map((view) => ({ id: view, path: `/${view}` }))

export function createViewRouter(routes: RouteObject[] = bareViewRoutes): ViewRouter {
  const initial: ViewEntryState = { stack: ['Connect'] }
  // v5Compat: the history tells its listener of pushes and replaces too, not only of `go`.
  const history = UNSAFE_createMemoryHistory({
    initialEntries: [{ pathname: '/Connect', state: initial }],
    v5Compat: true,
  })
  const listeners = new Set<() => void>()
  history.listen(() => {
    for (const listener of listeners) listener()
  })
  return {
    routes,
    navigator: history,
    state: {
      get location() {
        return history.location
      },
      get historyAction() {
        return history.action
      },
    },
    navigate(to, options) {
      if (typeof to === 'number') history.go(to)
      else if (options?.replace) history.replace(to, options.state)
      else history.push(to, options?.state)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
