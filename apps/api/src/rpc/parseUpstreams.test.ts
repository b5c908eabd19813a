import { expect, it } from 'vitest'
import { parseUpstreamLists, parseUpstreams } from './parseUpstreams.ts'

const TEXT =
  'eip155:31337=http://127.0.0.1:8545, eip155:1=https://a.example/rpc|https://b.example/rpc ,bad,=x'

it('reads one node per chain, or several separated by |, in the given order', () => {
  expect(parseUpstreamLists(TEXT)).toEqual(
    new Map([
      ['eip155:31337', ['http://127.0.0.1:8545']],
      ['eip155:1', ['https://a.example/rpc', 'https://b.example/rpc']],
    ]),
  )
  expect(parseUpstreams(TEXT)).toEqual(
    new Map([
      ['eip155:31337', 'http://127.0.0.1:8545'],
      ['eip155:1', 'https://a.example/rpc'],
    ]),
  )
  expect(parseUpstreamLists(undefined).size).toBe(0)
})
