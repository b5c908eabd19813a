import { createContext, useContext } from 'react'
import type { Controller } from '../state/createController.ts'

export const ControllerContext = createContext<Controller | undefined>(undefined)

/** The controller the views' buttons call. */
export function useController(): Controller {
  const controller = useContext(ControllerContext)
  if (!controller) throw new Error('useController outside <ControllerContext>')
  return controller
}
