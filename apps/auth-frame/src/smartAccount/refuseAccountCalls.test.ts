import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { disableDelegationCall } from './delegations.ts'
import { refuseAccountCalls } from './refuseAccountCalls.ts'

const ACCOUNT = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const MANAGER = '0x2222222222222222222222222222222222222222'
const ATTACKER = '0x000000000000000000000000000000000000dead'
const scope = { address: ACCOUNT, entryPoint: ENTRY_POINT, delegationManager: MANAGER }
const abi = parseAbi([
  'function transferOwnership(address)',
  'function upgradeToAndCall(address,bytes)',
  'function execute(address,uint256,bytes)',
  'function depositTo(address)',
  'function withdrawTo(address,uint256)',
  'function withdrawStake(address)',
  'function unlockStake()',
  'function addStake(uint32)',
  'function transfer(address,uint256)',
])
const refusal = (run: () => void) => {
  try {
    run()
    return 'allowed'
  } catch (error) {
    return (error as Error).name
  }
}
const check = (to: string, data?: string, options?: Parameters<typeof refuseAccountCalls>[2]) =>
  refusal(() => refuseAccountCalls([{ to, ...(data ? { data } : {}) }], scope, options))
const REFUSED = 'SmartAccountSigningRefusedError'

describe('the calls of a smart account operation', () => {
  it('refuse any call to the account itself, whatever its selector or value, in any letter case', () => {
    const selfCalls = [
      encodeFunctionData({ abi, functionName: 'transferOwnership', args: [ATTACKER] }),
      encodeFunctionData({ abi, functionName: 'upgradeToAndCall', args: [ATTACKER, '0x'] }),
      encodeFunctionData({ abi, functionName: 'execute', args: [ATTACKER, 1n, '0x'] }),
      '0x12345678',
      undefined,
    ]
    for (const data of selfCalls) expect(check(ACCOUNT, data), String(data)).toBe(REFUSED)
    expect(check(`0x${ACCOUNT.slice(2).toUpperCase()}`)).toBe(REFUSED)
  })

  it("refuse every EntryPoint call but depositTo (withdrawTo, the stake's, plain ETH)", () => {
    const calls = [
      encodeFunctionData({ abi, functionName: 'withdrawTo', args: [ATTACKER, 1n] }),
      encodeFunctionData({ abi, functionName: 'withdrawStake', args: [ATTACKER] }),
      encodeFunctionData({ abi, functionName: 'unlockStake' }),
      encodeFunctionData({ abi, functionName: 'addStake', args: [1] }),
      '0x765e827f', // handleOps
      undefined,
    ]
    for (const data of calls) expect(check(ENTRY_POINT.toLowerCase(), data), String(data)).toBe(REFUSED)
    const deposit = encodeFunctionData({ abi, functionName: 'depositTo', args: [ACCOUNT] })
    expect(check(ENTRY_POINT, deposit)).toBe('allowed')
    expect(check(ENTRY_POINT, deposit.toUpperCase().replace('0X', '0x'))).toBe('allowed')
  })

  it("refuse the DelegationManager except for the permission flows' own calls", () => {
    const revoke = disableDelegationCall(MANAGER, {
      delegate: ATTACKER,
      delegator: ACCOUNT,
      authority: `0x${'f'.repeat(64)}`,
      caveats: [],
      salt: 1n,
      signature: '0x',
    })
    expect(check(revoke.to, revoke.data)).toBe(REFUSED)
    expect(check(revoke.to, revoke.data, { delegationManager: 'allowed' })).toBe('allowed')
    // Without a DelegationManager, nothing is one.
    expect(refusal(() => refuseAccountCalls([revoke], { address: ACCOUNT, entryPoint: ENTRY_POINT }))).toBe(
      'allowed',
    )
    // The permission flows' allowance is for the DelegationManager only.
    expect(check(ACCOUNT, undefined, { delegationManager: 'allowed' })).toBe(REFUSED)
  })

  it('allow ordinary calls, and check every call of a batch', () => {
    const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [ATTACKER, 5n] })
    expect(check(ATTACKER)).toBe('allowed')
    expect(check('0x1111111111111111111111111111111111111111', transfer)).toBe('allowed')
    expect(
      refusal(() =>
        refuseAccountCalls(
          [
            { to: ATTACKER },
            {
              to: ACCOUNT,
              data: encodeFunctionData({ abi, functionName: 'transferOwnership', args: [ATTACKER] }),
            },
          ],
          scope,
        ),
      ),
    ).toBe(REFUSED)
  })
})
