import type { BrowserContext } from '@playwright/test'
import { STACK_ENV } from '../sites.ts'

/** The faults start.ts --production offers the tests (scripts/createStackControl.ts). */
export type StackAction =
  | 'api-1/kill'
  | 'api-1/start'
  | 'api-2/kill'
  | 'api-2/start'
  | 'apis/restart'
  | 'postgres/stop'
  | 'postgres/start'
  | 'relay/restart'

/** Runs a fault on the production-shape stack and waits until it is done. */
export async function stackControl(action: StackAction): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${STACK_ENV.STACK_CONTROL_PORT}/${action}`, { method: 'POST' })
  if (!res.ok) throw new Error(`stack control ${action}: HTTP ${res.status} ${await res.text()}`)
}

const REPLICA_PORTS = STACK_ENV.API_REPLICA_PORTS.split(',')

/** The replica (`api-1`, `api-2`) that answered, from the `x-api-upstream` header nginx adds. */
export function replicaOf(upstream: string | undefined): 'api-1' | 'api-2' | undefined {
  const index = REPLICA_PORTS.indexOf(upstream?.split(':').at(-1) ?? '')
  return index === 0 ? 'api-1' : index === 1 ? 'api-2' : undefined
}

export type ApiCall = { method: string; path: string; status: number; replica: 'api-1' | 'api-2' | undefined }

/** Every API response the browser got in this context (all its pages and frames), with its replica. */
export function recordApiCalls(context: BrowserContext): ApiCall[] {
  const calls: ApiCall[] = []
  const api = new URL(STACK_ENV.API_ORIGIN).origin
  context.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== api) return
    calls.push({
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
      replica: replicaOf(response.headers()['x-api-upstream']),
    })
  })
  return calls
}

export const otherReplica = (replica: 'api-1' | 'api-2') => (replica === 'api-1' ? 'api-2' : 'api-1')
