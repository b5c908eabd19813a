import type { AccountState } from '@modalkit/protocol'
import { expect, it } from 'vitest'
import { setPendingStatus } from './setPendingStatus.ts'

const injected: AccountState = {
  namespace: 'eip155',
  status: 'connected',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  connectorId: 'ANNOUNCED:test.wallet',
}
const walletConnect: AccountState = { ...injected, connectorId: 'WALLET_CONNECT' }

it('marks namespaces connecting, leaving a connected wallet alone, even the one being tried again', () => {
  expect(setPendingStatus([injected], ['eip155', 'solana'], 'connecting')).toEqual([
    injected,
    { namespace: 'solana', status: 'connecting' },
  ])
  expect(setPendingStatus([walletConnect], ['eip155'], 'connecting')).toEqual([walletConnect])
})

it('after a failure or a cancel, resets only what is still connecting', () => {
  const bitcoin: AccountState = { namespace: 'bip122', status: 'disconnected' }
  const pending: AccountState = { namespace: 'solana', status: 'connecting' }
  expect(setPendingStatus([walletConnect, pending, bitcoin], ['eip155', 'solana'], 'disconnected')).toEqual([
    walletConnect,
    bitcoin,
    { namespace: 'solana', status: 'disconnected' },
  ])
})
