import { Router, useRoutes } from 'react-router-dom'
import type { ViewRouter } from '../state/createViewRouter.ts'

function Routes({ router }: { router: ViewRouter }) {
  return useRoutes(router.routes)
}

/**
 * The current view: the router's location, rendered in the same React render as the header (which
 * reads the stack from the same history through `historyAtom`), so the two never disagree.
 */
export function ViewOutlet({ router }: { router: ViewRouter }) {
  const { location, historyAction } = router.state
  return (
    <Router location={location} navigationType={historyAction} navigator={router.navigator}>
      <Routes router={router} />
    </Router>
  )
}
