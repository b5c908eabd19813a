import { createContext, useContext } from 'react'
import type { FeatureDeps, ViewActions } from '../state/createViewActions.ts'

export const ViewActionsContext = createContext<ViewActions | undefined>(undefined)

/** What the views' buttons call: the narrow actions, never the controller. */
export function useViewActions(): ViewActions {
  const actions = useContext(ViewActionsContext)
  if (!actions) throw new Error('useViewActions outside <ViewActionsContext>')
  return actions
}

/**
 * A feature's actions (state/features.ts), made once per modal: the view that calls it brings the
 * factory in its own chunk.
 * @example const swap = useFeature(swapFeature)
 */
export function useFeature<T>(factory: (deps: FeatureDeps) => T): T {
  return useViewActions().feature(factory)
}
