import { VIEWS } from '@modalkit/protocol'
import type { RouteObject } from 'react-router-dom'
import { CurrentView } from './CurrentView.tsx'

/**
 * One route per SPEC §2 view. The key remounts a view when the route changes (the router renders
 * every route in the same place). Lazy views stay React lazy chunks, not route `lazy`, which
 * would make navigations asynchronous.
 */
export const viewRoutes: RouteObject[] = VIEWS.map((view) => ({
  id: view,
  path: `/${view}`,
  element: <CurrentView key={view} view={view} />,
}))
