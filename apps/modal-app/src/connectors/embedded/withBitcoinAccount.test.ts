import { type AccountState, EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { expect, it } from 'vitest'
import { accountsAtom, createStore } from '../../state/atoms.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { stopSharingBitcoinAccount } from './withBitcoinAccount.ts'

const account = (namespace: 'eip155' | 'bip122', address: string): AccountState => ({
  namespace,
  status: 'connected',
  address,
  caipAddress: `${namespace === 'eip155' ? 'eip155:1' : 'bip122:000000000019d6689c085ae165831e93'}:${address}`,
  type: 'eoa',
  connectorId: EMBEDDED_CONNECTOR_ID,
})

/** The modal's store with an EVM and a Bitcoin account, and a frame that answers as `answer` says. */
function setUp(answer: () => Promise<unknown>) {
  const store = createStore()
  store.set(accountsAtom, [account('eip155', `0x${'a'.repeat(40)}`), account('bip122', 'bc1qexample')])
  const sent: [string, unknown][] = []
  const frame = {
    request: (type: string, payload: unknown) => {
      sent.push([type, payload])
      return answer()
    },
  } as unknown as ReturnType<EmbeddedContext['frame']>
  return { store, sent, ctx: { store, frame: () => frame } }
}

it('asks the frame to drop the grant (naming no site), then lists no Bitcoin account', async () => {
  const { store, sent, ctx } = setUp(async () => ({}))
  await stopSharingBitcoinAccount(ctx)
  expect(sent).toEqual([['REVOKE_BITCOIN_GRANT', {}]])
  expect(store.get(accountsAtom).map((a) => a.namespace)).toEqual(['eip155'])
})

it('keeps the Bitcoin account listed when the frame did not drop the grant', async () => {
  const { store, ctx } = setUp(() => Promise.reject(new Error('frame gone')))
  await expect(stopSharingBitcoinAccount(ctx)).rejects.toThrow('frame gone')
  expect(store.get(accountsAtom).map((a) => a.namespace)).toEqual(['eip155', 'bip122'])
})
