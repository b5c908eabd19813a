import { matchRoutes, Router } from 'react-router-dom'
import type { ViewRouter } from '../state/createViewRouter.ts'

/**
 * The current view: the router's location, rendered in the same React render as the header (which
 * reads the stack from the same history through `historyAtom`), so the two never disagree. The
 * route is matched with `matchRoutes` and its element rendered as it is: every route is one flat
 * path with no nested outlet or params, and each view has its own error boundary
 * (ViewLoadBoundary), so `useRoutes`' route contexts and error screens would be bytes before the
 * first click that nothing uses.
 */
export function ViewOutlet({ router }: { router: ViewRouter }) {
  const { location, historyAction } = router.state
  const [match] = matchRoutes(router.routes, location) ?? []
  return (
    <Router location={location} navigationType={historyAction} navigator={router.navigator}>
      {match?.route.element}
    </Router>
  )
}
