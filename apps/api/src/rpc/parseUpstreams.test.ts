import { expect, it } from 'vitest'
import { parseUpstreams } from './parseUpstreams.ts'

it('reads one node per chain, or several separated by |, in the given order', () => {
  expect(
    parseUpstreams(
      'eip155:31337=http://127.0.0.1:8545, eip155:1=https://a.example/rpc|https://b.example/rpc ,bad,=x',
    ),
  ).toEqual(
    new Map([
      ['eip155:31337', ['http://127.0.0.1:8545']],
      ['eip155:1', ['https://a.example/rpc', 'https://b.example/rpc']],
    ]),
  )
  expect(parseUpstreams(undefined).size).toBe(0)
})
