import { createContext, useContext } from 'react'
import type { ViewActions } from '../state/createViewActions.ts'

export const ViewActionsContext = createContext<ViewActions | undefined>(undefined)

/** What the views' buttons call: the narrow actions, never the controller. */
export function useViewActions(): ViewActions {
  const actions = useContext(ViewActionsContext)
  if (!actions) throw new Error('useViewActions outside <ViewActionsContext>')
  return actions
}
