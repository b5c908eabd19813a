import type { InitOptions, ProjectConfig } from '@modalkit/protocol'
import type { ApiClient } from '../src/api/createApiClient.ts'
import { createStore, hostOriginAtom } from '../src/state/atoms.ts'
import { createController, type ModalEventName } from '../src/state/createController.ts'
import { stubApiClient } from './stubApiClient.ts'

/**
 * For unit tests of the controller's rules: a controller for a project that allows
 * https://shop.test, on a stand-in API client that records the analytics events it is sent (the real
 * HTTP path, the API on PGlite and the chain RPC proxy to anvil, runs in apps/api's tests and in e2e).
 */
export const STUB_CONFIG: ProjectConfig = {
  projectId: 'p',
  name: 'Shop',
  allowedOrigins: ['https://shop.test'],
  features: {},
}

export function stubController({
  origin = 'https://shop.test',
  remote = Promise.resolve(STUB_CONFIG),
  api: answers = {},
  now,
}: {
  origin?: string
  remote?: Promise<ProjectConfig>
  api?: Partial<ApiClient>
  now?: () => number
} = {}) {
  const store = createStore()
  const sent: string[] = []
  const events: ModalEventName[] = []
  const api = stubApiClient({
    getProjectConfig: () => remote,
    sendEvent: async (_id, event) => {
      sent.push(event.props.event)
    },
    ...answers,
  })
  store.set(hostOriginAtom, origin)
  const controller = createController({
    store,
    api,
    projectId: 'p',
    config: remote,
    isMobile: false,
    emit: (event) => events.push(event),
    ...(now ? { now } : {}),
  })
  const init = (options: Partial<InitOptions> = {}) =>
    controller.handlers.init({ projectId: 'p', networks: ['eip155:1', 'eip155:31337'], ...options })
  return { store, controller, init, sent, events }
}
