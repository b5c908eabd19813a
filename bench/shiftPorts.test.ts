import { describe, expect, it } from 'vitest'
import { STACK_ENV } from '../e2e/sites.ts'
import { shiftPorts } from './shiftPorts.ts'

describe('shiftPorts', () => {
  it('shifts URL ports, bare numbers named as ports and list items, and leaves the rest', () => {
    expect(
      shiftPorts(
        {
          A: 'http://host.test:15173',
          B_PORT: '18545',
          B_PORTS: '18792,18793',
          FACTOR: '20',
          C: 'http://a.test:1/x,http://b.test:2',
          D: 'memory://',
          E: 'demo',
          F: 'http://no-port.test/path',
        },
        10_000,
      ),
    ).toEqual({
      A: 'http://host.test:25173',
      B_PORT: '28545',
      B_PORTS: '28792,28793',
      FACTOR: '20',
      C: 'http://a.test:10001/x,http://b.test:10002',
      D: 'memory://',
      E: 'demo',
      F: 'http://no-port.test/path',
    })
  })

  it('moves every port of the e2e stack and keeps its names', () => {
    const shifted = shiftPorts(STACK_ENV, 10_000)
    expect(Object.keys(shifted)).toEqual(Object.keys(STACK_ENV))
    expect(shifted.API_INTERNAL_URL).toBe('http://127.0.0.1:28787')
    expect(JSON.stringify(shifted)).not.toMatch(/:1\d{4}\b/)
  })

  it('refuses a port past 65535', () => {
    expect(() => shiftPorts({ A: 'http://x.test:60000' }, 10_000)).toThrow(RangeError)
  })
})
