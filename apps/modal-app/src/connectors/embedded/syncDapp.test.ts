import { FrameLoadFailedError, FrameRequestTimeoutError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { stubApiClient } from '../../../test/stubApiClient.ts'
import { STUB_CONFIG } from '../../../test/stubController.ts'
import { createStore, hostOriginAtom, toastAtom } from '../../state/atoms.ts'
import { createController } from '../../state/createController.ts'
import { createEmbeddedSession } from './createEmbeddedSession.ts'
import type { FrameClient } from './createFrameClient.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { embeddedStorage } from './embeddedStorage.ts'

// The secure frame is a stand-in that fails its first request as the real client does when the
// frame never loaded or never answered (the real frame's load failure runs in e2e/embeddedWallet).
function sessionWhoseFrameFails(error: Error) {
  const ctx = {
    store: createStore(),
    analytics: { track: () => {} },
    events: { emit: () => {} },
    close: () => true,
    storage: undefined,
    clock: { now: () => 0 },
    frame: () => ({ request: () => Promise.reject(error) }),
    authOrigin: 'https://auth.test',
    projectId: 'p',
    version: '1',
    rpcUrl: () => '',
  } as unknown as EmbeddedContext
  return createEmbeddedSession(ctx, embeddedStorage(undefined))
}

describe('starting a login: telling the secure frame which site asks', () => {
  it("a frame that loaded but does not answer could not start the login (SPEC §8's toast)", async () => {
    await expect(sessionWhoseFrameFails(new FrameRequestTimeoutError()).syncDapp()).rejects.toMatchObject({
      code: 'auth_init_failed',
      shortMessage: 'A problem occurred while trying initialize authentication',
    })
    // The e-mail login the user started says so in the toast.
    const store = createStore()
    store.set(hostOriginAtom, 'https://shop.test')
    const frame = {
      ready: Promise.resolve(),
      request: () => Promise.reject(new FrameRequestTimeoutError()),
    } as unknown as FrameClient
    const controller = createController({
      store,
      api: stubApiClient({ getProjectConfig: async () => STUB_CONFIG }),
      projectId: 'p',
      config: Promise.resolve(STUB_CONFIG),
      isMobile: false,
      emit: () => {},
      loadFrame: async () => () => frame,
    })
    await controller.handlers.init({ projectId: 'p', enableEmbedded: true })
    await controller.actions.connectEmail('ana@example.test')
    expect(store.get(toastAtom)).toMatchObject({
      variant: 'error',
      message: 'A problem occurred while trying initialize authentication',
    })
  })

  it('a frame that never loaded keeps its own alert', async () => {
    await expect(sessionWhoseFrameFails(new FrameLoadFailedError()).syncDapp()).rejects.toMatchObject({
      code: 'iframe_load_failed',
    })
  })
})
