import { describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../api/stubApiClient.ts'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { EMBEDDED_KEYS } from '../connectors/embedded/embeddedStorage.ts'
import { alertAtom, createStore, hostOriginAtom } from './atoms.ts'
import { createController } from './createController.ts'
import { STUB_CONFIG as config } from './stubController.ts'

describe('a kept embedded login found on reload', () => {
  it("says SPEC §8's 'Session Expired' when the secure frame no longer has its session, and forgets it", async () => {
    const kept = new Map<string, string>([[EMBEDDED_KEYS.loginUsed, 'true']])
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    })
    try {
      const asked: string[] = []
      // The frame as after an expired session: it answers, and has no session.
      const frame = {
        ready: Promise.resolve(),
        request: async (type: string) => {
          asked.push(type)
          return type === 'IS_CONNECTED' ? { isConnected: false } : {}
        },
      } as unknown as FrameClient
      const store = createStore()
      store.set(hostOriginAtom, 'https://shop.test')
      const controller = createController({
        store,
        api: stubApiClient({ getProjectConfig: async () => config }),
        projectId: 'p',
        config: Promise.resolve(config),
        refetchConfig: async () => config,
        isMobile: false,
        emit: () => {},
        loadFrame: async () => () => frame,
      })
      await controller.handlers.init({ projectId: 'p', enableEmbedded: true })
      await vi.waitFor(() => expect(store.get(alertAtom)).toMatchObject({ short: 'Session Expired' }))
      expect(asked).toContain('IS_CONNECTED')
      expect(kept.has(EMBEDDED_KEYS.loginUsed)).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
