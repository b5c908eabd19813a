import { expect, it } from 'vitest'
import { readSmartAccountDeps } from './readSmartAccountDeps.ts'

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const base = { BUNDLER_UPSTREAMS: 'eip155:31337=http://127.0.0.1:1', SMART_ACCOUNT_FACTORY: A(1) }
const framework = {
  delegationManager: A(2),
  enforcers: {
    nativeTokenTransferAmount: A(3),
    erc20TransferAmount: A(4),
    exactCalldata: A(5),
    valueLte: A(6),
    timestamp: A(7),
    limitedCalls: A(8),
  },
}

it('reads the Delegation Framework the accounts grant ERC-7715 permissions through, when set', () => {
  expect(readSmartAccountDeps(base)?.permissions).toBeUndefined()
  expect(
    readSmartAccountDeps({ ...base, DELEGATION_FRAMEWORK: JSON.stringify(framework) })?.permissions,
  ).toEqual(framework)
})

it('refuses a Delegation Framework that is not JSON, or misses an enforcer, naming what is wrong', () => {
  expect(() => readSmartAccountDeps({ ...base, DELEGATION_FRAMEWORK: '{' })).toThrow(
    'DELEGATION_FRAMEWORK is not JSON',
  )
  const { timestamp: _, ...enforcers } = framework.enforcers
  expect(() =>
    readSmartAccountDeps({ ...base, DELEGATION_FRAMEWORK: JSON.stringify({ ...framework, enforcers }) }),
  ).toThrow('DELEGATION_FRAMEWORK: enforcers.timestamp')
})
