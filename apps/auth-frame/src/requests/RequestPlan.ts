import type { RequestDescription } from '../keys/RequestDescription.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'

/**
 * An unsafe request ready for the approval gate: what the screen shows, and what runs once the user
 * approved it. `perform` does exactly what `description` describes, from the same parsed and
 * prepared values; nothing is parsed or filled again after the screen.
 */
export type RequestPlan = {
  description: RequestDescription
  perform(signal: AbortSignal): Promise<unknown>
}

/**
 * One signing method's module: parse the request once, prepare exactly what will be signed,
 * describe every effect (or refuse, before any screen), and return the plan. The only way to a
 * signature is a plan from a module listed in `requestRegistry.ts`.
 */
export type PlanRequest<Context> = (context: Context, request: WalletRequest) => Promise<RequestPlan>
