import type { AccountState } from '@modalkit/protocol'
import { expect, it } from 'vitest'
import { setPendingStatus } from './setPendingStatus.ts'

const injected: AccountState = {
  namespace: 'eip155',
  status: 'connected',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  connectorId: 'ANNOUNCED:test.wallet',
}

it('marks the namespaces without touching a wallet another connector has connected', () => {
  expect(setPendingStatus([injected], ['eip155', 'solana'], 'connecting', 'WALLET_CONNECT')).toEqual([
    injected,
    { namespace: 'solana', status: 'connecting' },
  ])
})

it("replaces the connector's own accounts, and leaves other namespaces alone", () => {
  const own: AccountState = { ...injected, connectorId: 'WALLET_CONNECT' }
  const bitcoin: AccountState = { namespace: 'bip122', status: 'disconnected' }
  expect(setPendingStatus([own, bitcoin], ['eip155'], 'disconnected', 'WALLET_CONNECT')).toEqual([
    bitcoin,
    { namespace: 'eip155', status: 'disconnected' },
  ])
})
