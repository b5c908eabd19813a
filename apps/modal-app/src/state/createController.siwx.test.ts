import type { ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { accountsAtom, createStore, hostOriginAtom } from './atoms.ts'
import { createController } from './createController.ts'

// Sign-in with X's chunk stands in for a network that fails once: the first start throws (as a chunk
// that did not arrive rejects), the next succeeds. What the controller does about it is under test.
const startSiwx = vi.hoisted(() => vi.fn())
vi.mock('../siwx/startSiwx.ts', () => ({ startSiwx }))

const config: ProjectConfig = {
  projectId: 'p',
  name: 'Shop',
  allowedOrigins: ['https://shop.test'],
  features: {},
}

describe("sign-in with X's code (a chunk started by the site's options)", () => {
  it('is not loaded for a site without it, and is tried again on the next account change after a failed load', async () => {
    startSiwx.mockReset()
    startSiwx
      .mockImplementationOnce(() => {
        throw new Error('chunk unreachable')
      })
      .mockImplementation(() => ({ sign: async () => {}, cancel: async () => {} }))
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const make = () => {
      const store = createStore()
      store.set(hostOriginAtom, 'https://shop.test')
      const controller = createController({
        store,
        api: stubApiClient({ getProjectConfig: async () => config }),
        projectId: 'p',
        config: Promise.resolve(config),
        isMobile: false,
        emit: () => {},
      })
      return { store, controller }
    }

    const plain = make()
    await plain.controller.handlers.init({ projectId: 'p', networks: ['eip155:1'] })
    plain.store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: '0x1', connectorId: 'x' },
    ])
    await vi.waitFor(() => expect(startSiwx).not.toHaveBeenCalled())

    const signing = make()
    await signing.controller.handlers.init({
      projectId: 'p',
      networks: ['eip155:1'],
      siwx: { required: true },
    })
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.stringContaining('[appkit] SIWX could not be loaded: ')),
    )
    expect(startSiwx).toHaveBeenCalledTimes(1)
    // An account connects: the check it needs must not be skipped for want of the code.
    signing.store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: '0x1', connectorId: 'x' },
    ])
    await vi.waitFor(() => expect(startSiwx).toHaveBeenCalledTimes(2))
    // Loaded now: further changes start nothing more.
    signing.store.set(accountsAtom, [])
    await Promise.resolve()
    expect(startSiwx).toHaveBeenCalledTimes(2)
    error.mockRestore()
  })
})
