import { describe, expect, it } from 'vitest'
import { parseTypedData } from '../keys/parseTypedData.ts'
import { DELEGATION_TYPES } from './delegations.ts'
import {
  refuseDelegationSigning,
  refuseOwnerRequest,
  refuseOwnerSigningForAccount,
} from './refuseAccountSignatures.ts'

const ACCOUNT = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
const MANAGER = '0x2222222222222222222222222222222222222222'
const refusal = (run: () => void) => {
  try {
    run()
    return 'signed'
  } catch (error) {
    return (error as Error).name
  }
}
const typed = (
  primaryType: string,
  types: Record<string, unknown>,
  message: unknown,
  verifyingContract: string,
) =>
  parseTypedData(
    {
      domain: { name: 'X', version: '1', chainId: 31337, verifyingContract },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType,
      message,
    },
    31337n,
  )
const delegation = {
  delegate: MANAGER,
  delegator: ACCOUNT,
  authority: `0x${'f'.repeat(64)}`,
  caveats: [],
  salt: '1',
}

describe('the smart account', () => {
  it('refuses to sign a Delegation Framework delegation as plain typed data, but signs a type of that name with other fields', () => {
    const types = { Delegation: DELEGATION_TYPES.Delegation, Caveat: DELEGATION_TYPES.Caveat }
    expect(
      refusal(() => refuseDelegationSigning(typed('Delegation', types, delegation, ACCOUNT), undefined)),
    ).toBe('SmartAccountSigningRefusedError')
    // Compound's delegateBySig type is also named Delegation: not the framework's.
    const compound = {
      Delegation: [
        { name: 'delegatee', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
      ],
    }
    const vote = typed('Delegation', compound, { delegatee: MANAGER, nonce: '0', expiry: '1' }, MANAGER)
    expect(refusal(() => refuseDelegationSigning(vote, undefined))).toBe('signed')
    // Anything for the DelegationManager itself.
    expect(refusal(() => refuseDelegationSigning(vote, MANAGER))).toBe('SmartAccountSigningRefusedError')
  })
})

describe('the owner key of a smart account', () => {
  const mail = { Mail: [{ name: 'text', type: 'string' }] }
  it("refuses ERC-7739's wrappers and anything under the account's own domain; signs other sites' messages", () => {
    const wrapper = {
      TypedDataSign: [
        { name: 'contents', type: 'Mail' },
        { name: 'name', type: 'string' },
      ],
      ...mail,
    }
    const cases: [string, ReturnType<typeof typed>][] = [
      ['TypedDataSign', typed('TypedDataSign', wrapper, { contents: { text: 'a' }, name: 'n' }, MANAGER)],
      [
        'PersonalSign',
        typed(
          'PersonalSign',
          { PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
          { prefixed: '0x01' },
          MANAGER,
        ),
      ],
      ['own domain', typed('Mail', mail, { text: 'a' }, `0x${ACCOUNT.slice(2).toUpperCase()}`)],
    ]
    for (const [name, data] of cases)
      expect(
        refusal(() => refuseOwnerSigningForAccount(data, ACCOUNT)),
        name,
      ).toBe('SmartAccountSigningRefusedError')
    expect(
      refusal(() => refuseOwnerSigningForAccount(typed('Mail', mail, { text: 'a' }, MANAGER), ACCOUNT)),
    ).toBe('signed')
  })
})

describe('typed data whose names carry punctuation', () => {
  it("is refused before anything: a field named 'authority,Caveat[] caveats' would splice a Delegation's type string", () => {
    const spliced = {
      Delegation: [
        { name: 'delegate', type: 'address' },
        { name: 'delegator', type: 'address' },
        { name: 'authority,Caveat[] caveats', type: 'bytes32' },
        { name: 'salt)Caveat(address enforcer', type: 'uint256' },
        { name: 'terms', type: 'bytes' },
      ],
    }
    const message = {
      delegate: MANAGER,
      delegator: ACCOUNT,
      'authority,Caveat[] caveats': `0x${'f'.repeat(64)}`,
      'salt)Caveat(address enforcer': '1',
      terms: '0x01',
    }
    expect(refusal(() => typed('Delegation', spliced, message, MANAGER))).toBe('ValidationError')
    const caveatName = { ...DELEGATION_TYPES, Caveat: [{ name: 'enforcer,bytes terms', type: 'address' }] }
    expect(refusal(() => typed('Delegation', caveatName, delegation, MANAGER))).toBe('ValidationError')
  })
})

describe('a request to the owner key while it owns a smart account', () => {
  const account = { address: ACCOUNT, permissions: { delegationManager: MANAGER } }
  const send = (to: string, data?: string) => ({
    method: 'eth_sendTransaction',
    params: [{ to, value: '0x1', ...(data ? { data } : {}) }],
  })
  it('refuses a call with data to the account (its owner functions), keeps a plain transfer to it', () => {
    const transferOwnership = '0xf2fde38b000000000000000000000000000000000000000000000000000000000000dead'
    expect(refusal(() => refuseOwnerRequest(send(ACCOUNT, transferOwnership), 31337n, account))).toBe(
      'SmartAccountSigningRefusedError',
    )
    const calls = {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [{ to: MANAGER }, { to: ACCOUNT, data: '0x12345678' }],
        },
      ],
    }
    expect(refusal(() => refuseOwnerRequest(calls, 31337n, account))).toBe('SmartAccountSigningRefusedError')
    expect(refusal(() => refuseOwnerRequest(send(ACCOUNT), 31337n, account))).toBe('signed')
    expect(refusal(() => refuseOwnerRequest(send(MANAGER, transferOwnership), 31337n, account))).toBe(
      'signed',
    )
  })
})
