import type { PayOptions, ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { stubApiClient } from '../../../test/stubApiClient.ts'
import { accountsAtom, createStore, historyAtom, hostOriginAtom, openAtom } from '../atoms.ts'
import { createController } from '../createController.ts'

// The Pay rules in the modal: what is refused before anything opens, what closing means,
// and the return to Pay after a connection. Paying itself, through real wallets, is e2e/pay.spec.ts.
const ADDRESS = '0x1111111111111111111111111111111111111111'
const options: PayOptions = {
  recipient: '0x2222222222222222222222222222222222222222',
  amount: 1.5,
  paymentAsset: {
    network: 'eip155:31337',
    asset: 'native',
    metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
}

async function setup(features: ProjectConfig['features'] = {}) {
  const store = createStore()
  const config = Promise.resolve({
    projectId: 'p',
    name: 'Shop',
    allowedOrigins: ['https://shop.test'],
    features,
  })
  store.set(hostOriginAtom, 'https://shop.test')
  const controller = createController({
    store,
    api: stubApiClient({ getProjectConfig: () => config }),
    projectId: 'p',
    config,
    isMobile: false,
    emit: () => {},
  })
  await controller.handlers.init({ projectId: 'p', networks: ['eip155:1', 'eip155:31337'] })
  return { store, controller }
}

describe('pay()', () => {
  it('opens Pay, and closing the modal answers "Modal closed" without paying', async () => {
    const { store, controller } = await setup()
    const paying = controller.handlers.pay(options)
    await expect.poll(() => store.get(historyAtom)).toEqual(['Pay'])
    expect(store.get(openAtom)).toBe(true)
    // One payment at a time.
    await expect(controller.handlers.pay(options)).rejects.toMatchObject({ code: 'payment_in_progress' })
    controller.actions.close()
    expect(await paying).toEqual({ success: false, error: 'Modal closed' })
  })

  it('refuses a network the site did not configure, a bad amount and the feature turned off', async () => {
    const { store, controller } = await setup()
    const on = (network: string) =>
      ({ ...options, paymentAsset: { ...options.paymentAsset, network } }) as PayOptions
    await expect(controller.handlers.pay(on('eip155:137'))).rejects.toMatchObject({
      code: 'network_not_found',
    })
    await expect(
      controller.handlers.pay({ ...options, amount: '0.1234567890123456789' }),
    ).rejects.toMatchObject({
      code: 'invalid_amount',
    })
    expect(store.get(openAtom)).toBe(false)
    const off = await setup({ pay: false })
    await expect(off.controller.handlers.pay(options)).rejects.toMatchObject({ code: 'pay_disabled' })
    expect(off.store.get(openAtom)).toBe(false)
  })

  it('comes back to Pay when a connection made from it ends by closing the modal', async () => {
    const { store, controller } = await setup()
    const paying = controller.handlers.pay(options)
    await expect.poll(() => store.get(historyAtom)).toEqual(['Pay'])
    await controller.actions.pay.pay() // not connected: Connect first
    expect(store.get(historyAtom)).toEqual(['Pay', 'Connect'])
    store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` },
    ])
    controller.actions.close() // what a connector does once connected
    expect(store.get(historyAtom)).toEqual(['Pay'])
    expect(store.get(openAtom)).toBe(true)
    controller.actions.close() // the user's own close, on Pay
    expect(await paying).toMatchObject({ success: false })
  })
})
