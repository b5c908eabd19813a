import { randomUUID } from 'node:crypto'
import { DELEGATION_TYPES } from '@modalkit/auth-frame/delegations'
import { expect, type Page, test } from '@playwright/test'
import {
  concat,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  pad,
  parseEther,
  parseGwei,
} from 'viem'
import { getUserOperationHash, toSoladySmartAccount } from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { approveInSecureFrame, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { logInOnce } from './sharedLogin.ts'
import { PROJECT_ID, STACK_ENV } from './sites.ts'
import { EXECUTE_BATCH_ABI, request, smartAccountSettings, smartAccountSite } from './smartAccountSite.ts'

const NODE = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const chain = createPublicClient({ chain: foundry, transport: http(NODE) })
const ATTACKER = '0x00000000000000000000000000000000000a77ac' as Hex

const refuse = () => Promise.reject(new Error('the attacker holds no key'))

/** The user's smart account as the attacker computes it from public data (no key: it signs nothing). */
async function accountOf(eoa: Hex) {
  const settings = await smartAccountSettings()
  const account = await toSoladySmartAccount({
    client: chain,
    owner: toAccount({ address: eoa, signMessage: refuse, signTransaction: refuse, signTypedData: refuse }),
    factoryAddress: settings.factory,
    salt: concat([eoa, pad('0x', { size: 12 })]),
  })
  return { settings, account }
}

/** The site's request, or what stood in its way: a refusal, or an approval on screen. */
async function requestOrApproval(page: Page, method: string, params: unknown[]) {
  const reply = page.evaluate(
    ([method, params]) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method, params })
        .then(
          (result) => ({ result }),
          (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
        ),
    [method, params] as const,
  )
  const approval = secureFrame(page)
    .getByTestId('approval')
    .waitFor({ timeout: 15_000 })
    .then(() => 'an approval was shown' as const)
  return Promise.race([reply, approval])
}

const signTypedDataOrApproval = (page: Page, from: Hex, typedData: unknown) =>
  requestOrApproval(page, 'eth_signTypedData_v4', [from, JSON.stringify(typedData)])

const REFUSED = { code: 4001, message: 'This signature could act as your smart account, so it is refused' }
const DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]

const OWNABLE_ABI = [
  {
    type: 'function',
    name: 'owner',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'transferOwnership',
    inputs: [{ name: 'newOwner', type: 'address' }],
    outputs: [],
    stateMutability: 'payable',
  },
] as const
const WITHDRAW_TO_ABI = [
  {
    type: 'function',
    name: 'withdrawTo',
    inputs: [
      { name: 'withdrawAddress', type: 'address' },
      { name: 'withdrawAmount', type: 'uint256' },
    ],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const

test.describe('the EOA of an e-mail login (one login for these attacks)', () => {
  const eoaLogin = logInOnce('sa-eoa')

  // Attack: the embedded wallet's EOA owns a smart account (counterfactual on every network
  // with a bundler) that accepts the EOA's EIP-191 signature of an operation's 32-byte hash. A site the
  // user signs messages for builds an operation that sends the account's ETH to the attacker and asks
  // the EOA to personal_sign its hash, passed off as a message. Refused before any approval is shown.
  test('a site cannot get an operation hash of the user\'s smart account signed by the EOA as a "message"', async () => {
    const { page, address } = eoaLogin()
    const eoa = address as Hex
    expect(
      await page.evaluate(() => window.appkit.getAccount('eip155').embeddedWalletInfo?.accountType),
    ).toBe('eoa')

    // What the attacker can compute from public data: the user's smart account and an operation of it.
    const { settings, account } = await accountOf(eoa)
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
    })
    const { factory, factoryData } = await account.getFactoryArgs()
    const hash = getUserOperationHash({
      chainId: foundry.id,
      entryPointAddress: settings.entryPoint,
      entryPointVersion: '0.7',
      userOperation: {
        sender: account.address,
        nonce: 0n,
        factory,
        factoryData,
        callData: await account.encodeCalls([{ to: ATTACKER, value: parseEther('0.9') }]),
        callGasLimit: 200_000n,
        verificationGasLimit: 600_000n,
        preVerificationGas: 80_000n,
        maxFeePerGas: parseGwei('3'),
        maxPriorityFeePerGas: parseGwei('1'),
        signature: '0x',
      },
    })

    const reply = await page.evaluate(
      ([message, from]) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'personal_sign', params: [message, from] })
          .then(
            (result) => ({ result }),
            (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
          ),
      [hash, eoa] as const,
    )
    expect(reply).toEqual({
      code: 4001,
      message: 'A 32-byte hash cannot be signed as a message: it could approve a smart-account operation',
    })
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
    expect(await chain.getBalance({ address: ATTACKER })).toBe(0n)

    // Messages stay signable: text, and bytes of any other length.
    const signing = page.evaluate(
      (from) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'personal_sign', params: ['0x68656c6c6f', from] }),
      eoa,
    )
    await approveInSecureFrame(page, 'hello')
    expect(
      await chain.verifyMessage({ address: eoa, message: 'hello', signature: (await signing) as Hex }),
    ).toBe(true)
  })

  // Attack: in EOA mode the wallet's key still owns its smart account; ERC-7739's wrapper
  // typed under the account's own domain, signed by that key, is the account's signature (for a
  // delegation, a permit, anything). The key refuses to sign it.
  test("a site cannot get the smart account's signature out of its owner key (ERC-7739 wrappers, the account's domain)", async () => {
    const { page, address } = eoaLogin()
    const eoa = address as Hex
    const { account } = await accountOf(eoa)
    const domain = {
      name: 'Modalkit Smart Account',
      version: '1',
      chainId: 31337,
      verifyingContract: account.address,
    }
    const personalSign = {
      domain,
      types: { EIP712Domain: DOMAIN_TYPES, PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
      primaryType: 'PersonalSign',
      message: { prefixed: `0x${'ab'.repeat(32)}` },
    }
    expect(await signTypedDataOrApproval(page, eoa, personalSign)).toEqual(REFUSED)
    const mail = {
      domain,
      types: { EIP712Domain: DOMAIN_TYPES, Mail: [{ name: 'text', type: 'string' }] },
      primaryType: 'Mail',
      message: { text: 'hello' },
    }
    expect(await signTypedDataOrApproval(page, eoa, mail)).toEqual(REFUSED)
    // Solady's account obeys its owner directly: a transaction of the key to it, with data, is refused.
    const transferOwnership = encodeFunctionData({
      abi: [{ type: 'function', name: 'transferOwnership', inputs: [{ name: 'newOwner', type: 'address' }] }],
      functionName: 'transferOwnership',
      args: [ATTACKER],
    })
    expect(
      await requestOrApproval(page, 'eth_sendTransaction', [
        { from: eoa, to: account.address, data: transferOwnership },
      ]),
    ).toEqual(REFUSED)
  })
})

test.describe('the smart account of a site that prefers them (one login for these attacks)', () => {
  const smartLogin = logInOnce('sa-account', { logIn: (page) => smartAccountSite(page, PROJECT_ID) })

  // Attack: a delegation of the Delegation Framework with no caveats, signed by the smart
  // account as "typed data", would let the site run any call as the account (its owner change
  // included). Only wallet_grantPermissions signs delegations, after showing their scope.
  test('a site cannot get a scope-less delegation of the smart account signed as plain typed data', async () => {
    const { page } = smartLogin()
    const address = smartLogin().address as Hex
    const { permissions } = await smartAccountSettings()
    const delegation = {
      domain: {
        name: 'DelegationManager',
        version: '1',
        chainId: 31337,
        verifyingContract: permissions.delegationManager,
      },
      types: {
        EIP712Domain: DOMAIN_TYPES,
        ...DELEGATION_TYPES,
      },
      primaryType: 'Delegation',
      message: {
        delegate: ATTACKER,
        delegator: address,
        authority: `0x${'f'.repeat(64)}`,
        caveats: [],
        salt: '7',
      },
    }
    expect(await signTypedDataOrApproval(page, address, delegation)).toEqual(REFUSED)
  })

  // Attack: in smart-account mode the site asks the account to call itself. Solady's account obeys
  // calls from itself as from its owner, so transferOwnership(attacker) run by the account's own
  // operation would hand it over for good; the EntryPoint's withdrawTo would take its deposit. Each
  // method that can produce such a call (a transaction, a batch, the site's own user operation) is
  // refused before any approval is shown, and the account's owner on the node is unchanged.
  test("a site cannot have the smart account call itself (transferOwnership) or the EntryPoint's withdrawTo, by any method", async () => {
    test.setTimeout(90_000)
    const { page } = smartLogin()
    const address = smartLogin().address as Hex
    const { entryPoint } = await smartAccountSettings()
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    // The honest path: an ordinary transaction of the account is shown, signed, and deploys it.
    const to = `0x${randomUUID().replaceAll('-', '').padEnd(40, '5')}` as Hex
    const paying = request(page, 'eth_sendTransaction', [{ from: address, to, value: '0x3e8' }])
    await approveInSecureFrame(page, to)
    expect(await paying).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(await chain.getBalance({ address: to })).toBe(1000n)
    const owner = await chain.readContract({ address, abi: OWNABLE_ABI, functionName: 'owner' })

    const handOver = encodeFunctionData({
      abi: OWNABLE_ABI,
      functionName: 'transferOwnership',
      args: [ATTACKER],
    })
    const selfCall = { to: address, data: handOver }
    const executeBatch = encodeFunctionData({
      abi: EXECUTE_BATCH_ABI,
      functionName: 'executeBatch',
      args: [
        [
          { target: to, value: 1n, data: '0x' },
          { target: address, value: 0n, data: handOver },
        ],
      ],
    })
    const attempts: [string, unknown[]][] = [
      ['eth_sendTransaction', [{ from: address, ...selfCall }]],
      [
        'wallet_sendCalls',
        [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: address,
            atomicRequired: true,
            calls: [{ to, value: '0x1' }, selfCall],
          },
        ],
      ],
      ['eth_sendUserOperation', [{ sender: address, callData: executeBatch }, entryPoint]],
      [
        'eth_sendTransaction',
        [
          {
            from: address,
            to: entryPoint,
            data: encodeFunctionData({
              abi: WITHDRAW_TO_ABI,
              functionName: 'withdrawTo',
              args: [ATTACKER, parseEther('0.1')],
            }),
          },
        ],
      ],
    ]
    // Each outcome is kept (an approval, if one is shown, is rejected), so one run says what each did.
    const outcomes: unknown[] = []
    for (const [method, params] of attempts) {
      const outcome = await requestOrApproval(page, method, params)
      outcomes.push(outcome)
      if (outcome === 'an approval was shown') await rejectInSecureFrame(page)
      await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
    }
    expect(outcomes).toEqual(attempts.map(() => REFUSED))
    expect(await chain.readContract({ address, abi: OWNABLE_ABI, functionName: 'owner' })).toBe(owner)
    expect(owner).not.toBe(getAddress(ATTACKER))
  })
})
