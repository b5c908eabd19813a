import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubController as setup } from '../../test/stubController.ts'
import { openAtom, toastAtom } from './atoms.ts'

describe("the modal controller's answers to the host page's EIP-1193 requests", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("rejects an unlisted method at once and shows 'Action not allowed' after 300 ms", async () => {
    const { init, controller, store } = setup()
    await init()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_sign' }),
    ).rejects.toMatchObject({
      code: 4200,
      shortMessage: 'Requested RPC call is not allowed',
    })
    expect(store.get(openAtom)).toBe(true)
    await vi.advanceTimersByTimeAsync(299)
    expect(store.get(toastAtom)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(store.get(toastAtom)).toMatchObject({ variant: 'error', message: 'Action not allowed' })
  })

  it('answers eth_chainId from the selected network and rejects what it cannot serve with 4200', async () => {
    const { init, controller } = setup()
    await init()
    expect(await controller.handlers.request({ namespace: 'eip155', method: 'eth_chainId' })).toBe('0x1')
    expect(
      await controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber', params: [] }),
    ).toEqual({
      chain: 'eip155:1',
      method: 'eth_blockNumber',
    })
    expect(await controller.handlers.request({ namespace: 'eip155', method: 'eth_accounts' })).toEqual([])
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'personal_sign' }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })

  it('switches to a configured chain on wallet_switchEthereumChain when no browser wallet does, else 4902', async () => {
    const { init, controller } = setup()
    await init()
    const request = (method: string, chainId: string) =>
      controller.handlers.request({ namespace: 'eip155', method, params: [{ chainId }] })
    expect(await request('wallet_switchEthereumChain', '0x7a69')).toBeNull()
    expect(controller.snapshot().selectedNetworkId).toBe('eip155:31337')
    expect(await controller.handlers.request({ namespace: 'eip155', method: 'eth_chainId' })).toBe('0x7a69')
    await expect(request('wallet_switchEthereumChain', '0x89')).rejects.toMatchObject({ code: 4902 })
    await expect(request('wallet_switchEthereumChain', 'polygon')).rejects.toMatchObject({ code: 4902 })
  })

  it('serves each request on the chain it was sent on, though a switch sent after it gets in before its code loads', async () => {
    const { init, controller } = setup()
    await init()
    const chainId = controller.handlers.request({ namespace: 'eip155', method: 'eth_chainId' })
    const read = controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber', params: [] })
    const switched = controller.handlers.request({
      namespace: 'eip155',
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
    await controller.handlers.switchNetwork('eip155:1')
    await expect(switched).resolves.toBeNull()
    expect(await chainId).toBe('0x1')
    expect(await read).toEqual({ chain: 'eip155:1', method: 'eth_blockNumber' })
    // The page's switch, sent last, is the one that holds.
    expect(controller.snapshot().selectedNetworkId).toBe('eip155:1')
    const later = controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber', params: [] })
    await controller.handlers.switchNetwork('eip155:31337')
    expect(await later).toEqual({ chain: 'eip155:1', method: 'eth_blockNumber' })
  })
})
