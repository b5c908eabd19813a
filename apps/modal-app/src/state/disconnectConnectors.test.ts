import type { Namespace } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { disconnectConnectors } from './disconnectConnectors.ts'

// Connectors are stand-ins here: a wallet whose disconnect fails has no local form (the local
// wallets always let go), and the rule under test is what the modal does when one does not.
function wallet(namespaces: Namespace[], fails = false) {
  let connected = true
  return {
    isConnected: (ns?: Namespace) => connected && (ns === undefined || namespaces.includes(ns)),
    disconnect: async () => {
      if (fails) throw new Error('the wallet did not answer')
      connected = false
    },
    connected: () => connected,
  }
}

describe('disconnectConnectors', () => {
  it('disconnects every wallet and reports no error', async () => {
    const a = wallet(['eip155'])
    const b = wallet(['solana'])
    const result = await disconnectConnectors([a, b], undefined)
    expect(result.error).toBeUndefined()
    expect(result.disconnected).toContain('eip155')
    expect(result.disconnected).toContain('solana')
    expect([a.connected(), b.connected()]).toEqual([false, false])
  })

  it("names the namespaces that failed ('Failed to disconnect chains: …') and still disconnects the others", async () => {
    const evm = wallet(['eip155'])
    const stuck = wallet(['solana', 'bip122'], true)
    const { disconnected, error } = await disconnectConnectors([stuck, evm], undefined)
    expect(evm.connected()).toBe(false)
    expect(disconnected).toContain('eip155')
    expect(disconnected).not.toContain('solana')
    expect(error).toMatchObject({
      code: 'disconnect_failed',
      shortMessage: 'Failed to disconnect chains: solana, bip122',
    })
  })

  it("says 'Failed to disconnect' for one namespace asked", async () => {
    const stuck = wallet(['solana'], true)
    const { disconnected, error } = await disconnectConnectors([stuck], 'solana')
    expect(disconnected).toEqual([])
    expect(error).toMatchObject({ code: 'disconnect_failed', shortMessage: 'Failed to disconnect' })
  })
})
