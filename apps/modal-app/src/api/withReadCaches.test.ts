import { ServerError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { withReadCaches } from './withReadCaches.ts'

// The SPEC §9 lifetimes on the API client's reads, on a recording stand-in client and the test's clock.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup({ failBalances = false } = {}) {
  let clock = 0
  const asked: string[] = []
  const api = withReadCaches(
    stubApiClient({
      getProjectConfig: async () => {
        throw new Error('unused')
      },
      getBalances: async (_p, query) => {
        asked.push(`balances ${query.chainId}${query.forceUpdate ? ' forced' : ''}`)
        if (failBalances) throw new ServerError('balance: HTTP 500')
        return []
      },
      resolveProfileName: async (_p, name) => {
        asked.push(`name ${name}`)
        return undefined
      },
      getIdentity: async () => {
        asked.push('identity')
        return { name: null, avatar: null }
      },
    }),
    () => clock,
  )
  const tick = (ms: number) => {
    clock += ms
  }
  return { api, asked, tick }
}

describe('withReadCaches', () => {
  it('reads token balances once per account and chain in 30 s, unless forced', async () => {
    const { api, asked, tick } = setup()
    const read = (chainId: string, forceUpdate = false) =>
      api.getBalances('p', { address: ADDRESS, chainId, forceUpdate })
    await Promise.all([read('eip155:1'), read('eip155:1')])
    await read('eip155:31337')
    tick(29_999)
    await read('eip155:1')
    await read('eip155:1', true)
    tick(30_000)
    await read('eip155:1')
    expect(asked).toEqual([
      'balances eip155:1',
      'balances eip155:31337',
      'balances eip155:1 forced',
      'balances eip155:1',
    ])
  })

  it('after a failed token-balance read, asks again only 30 s later (the retry guard)', async () => {
    const { api, asked, tick } = setup({ failBalances: true })
    const read = () => api.getBalances('p', { address: ADDRESS, chainId: 'eip155:1' })
    await expect(read()).rejects.toThrow('balance: HTTP 500')
    tick(29_999)
    await expect(read()).rejects.toThrow('balance: HTTP 500')
    expect(asked).toEqual(['balances eip155:1'])
    tick(1)
    await expect(read()).rejects.toThrow('balance: HTTP 500')
    expect(asked).toEqual(['balances eip155:1', 'balances eip155:1'])
  })

  it('resolves a name and reads an identity once in 5 minutes, and both anew after a registration', async () => {
    const { api, asked, tick } = setup()
    await api.resolveProfileName('p', 'alice.reown.id')
    await api.getIdentity('p', ADDRESS)
    tick(299_999)
    await api.resolveProfileName('p', 'Alice.reown.id')
    await api.getIdentity('p', ADDRESS.toLowerCase())
    expect(asked).toEqual(['name alice.reown.id', 'identity'])
    await api.registerName('p', { coin_type: 60, address: ADDRESS, message: '{}', signature: '0x01' })
    await api.resolveProfileName('p', 'alice.reown.id')
    await api.getIdentity('p', ADDRESS)
    tick(1)
    await api.resolveProfileName('p', 'bob.reown.id')
    expect(asked).toEqual([
      'name alice.reown.id',
      'identity',
      'name alice.reown.id',
      'identity',
      'name bob.reown.id',
    ])
  })
})
