import {
  SMART_ACCOUNT_CHAIN,
  SMART_ACCOUNT_SITE,
  type SmartAccountTestStack,
  startSmartAccountTestStack,
} from '@modalkit/api/smartAccountTestStack'
import type { PermissionResponse } from '@modalkit/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodePacked,
  type Hex,
  http,
  parseEther,
  toFunctionSelector,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  decodePermissionContext,
  encodePermissionContext,
  REDEEM_DELEGATIONS_ABI,
  SINGLE_DEFAULT_MODE,
} from '../../smartAccount/delegations.ts'
import type { SmartAccountSession } from '../../smartAccount/SmartAccountSession.ts'
import { openTestSmartAccount, sendCalls, settled } from '../../smartAccount/testSmartAccount.ts'
import { planPermissionRequest } from './planPermissionRequest.ts'

// ERC-7715 grants of the frame's smart account against the real stand-ins: anvil with ERC-4337 v0.7
// and MetaMask's Delegation Framework deployed from its published build, the Alto bundler and the
// API. The site's account redeems on the node itself, as a site would; nothing is mocked.
let stack: SmartAccountTestStack
const CHAIN = { caipNetworkId: SMART_ACCOUNT_CHAIN, chainId: 31337n }
const TERMS_ABI = [
  {
    type: 'function',
    name: 'getTermsInfo',
    stateMutability: 'pure',
    inputs: [{ name: '_terms', type: 'bytes' }],
    outputs: [
      { name: 'a', type: 'uint128' },
      { name: 'b', type: 'uint128' },
    ],
  },
] as const

const node = () => createPublicClient({ chain: foundry, transport: http(stack.rpcUrl), pollingInterval: 50 })
const setBalance = (address: Address, wei: bigint) =>
  node().request({ method: 'anvil_setBalance' as never, params: [address, toHex(wei)] as never })

beforeAll(async () => {
  stack = await startSmartAccountTestStack()
}, 120_000)
afterAll(() => stack?.stop())

const session = () => openTestSmartAccount(stack)

/** The site's own account: an EOA with gas, the delegate of the permission. */
async function siteAccount() {
  const account = privateKeyToAccount(generatePrivateKey())
  await setBalance(account.address, parseEther('1'))
  const wallet = createWalletClient({ account, chain: foundry, transport: http(stack.rpcUrl) })
  return {
    address: account.address,
    /** Redeems `context` for one call from the user's account; the receipt's status, or the revert. */
    async redeem(context: Hex, call: { to: Address; value: bigint; data?: Hex }, whole = false) {
      const execution = encodePacked(
        ['address', 'uint256', 'bytes'],
        [call.to, call.value, call.data ?? '0x'],
      )
      const { delegationManager } = stack.addresses
      try {
        const hash = await wallet.writeContract({
          address: delegationManager as Address,
          abi: REDEEM_DELEGATIONS_ABI,
          functionName: 'redeemDelegations',
          args: [[context], [SINGLE_DEFAULT_MODE], [execution]],
        })
        return (await node().waitForTransactionReceipt({ hash })).status
      } catch (error) {
        const { message } = error as Error
        return `refused: ${whole ? message : message.split('\n')[0]}`
      }
    },
    async deploy(meta: { factory: string; factoryData: string }) {
      const hash = await wallet.sendTransaction({
        to: meta.factory as Address,
        data: meta.factoryData as Hex,
      })
      return (await node().waitForTransactionReceipt({ hash })).status
    },
  }
}

const grantRequest = (delegate: Address, extra: Record<string, unknown> = {}) => ({
  chainId: '0x7a69',
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { address: delegate } },
  permission: { type: 'native-token-transfer', data: { allowance: toHex(parseEther('0.1')) } },
  ...extra,
})

const walletRequest = (method: string, params: unknown) => ({
  method,
  params,
  chainId: SMART_ACCOUNT_CHAIN,
  chainNamespace: 'eip155' as const,
})

async function grant(account: SmartAccountSession, params: unknown[]) {
  const plan = await planPermissionRequest(
    { session: account, site: SMART_ACCOUNT_SITE },
    walletRequest('wallet_grantPermissions', params),
    CHAIN,
  )
  return { plan, responses: (await plan.perform(new AbortController().signal)) as PermissionResponse[] }
}

async function deployed(account: SmartAccountSession) {
  // Any call deploys it (never one to itself: refuseAccountCalls).
  return (await settled(account, await sendCalls(account, [{ to: `0x${'0'.repeat(39)}1`, value: 0n }])))
    .status
}

describe('wallet_grantPermissions', () => {
  it('lets the site send up to its allowance, plain transfers only, a limited number of times', async () => {
    const account = await session()
    expect(await deployed(account)).toBe('success')
    await setBalance(account.address, parseEther('1'))
    const dapp = await siteAccount()
    const { plan, responses } = await grant(account, [
      grantRequest(dapp.address, { policies: [{ type: 'call-limit', data: { count: 3 } }] }),
    ])
    // The approval says who, what and until when; the warning says nothing more will be asked.
    expect(plan.description.title).toEqual({ key: 'title.grantPermissions', params: { count: '1' } })
    const keys = plan.description.fields.map((f) => (typeof f.label === 'string' ? f.label : f.label.key))
    expect(keys).toEqual([
      'field.network',
      'field.smartAccount',
      'field.grantedTo',
      'field.permission',
      'field.callLimit',
      'field.expires',
      'field.warning',
    ])
    const [response] = responses
    expect(response).toMatchObject({
      address: account.address,
      signerMeta: { delegationManager: stack.addresses.delegationManager },
    })
    expect(response?.accountMeta).toBeUndefined()
    const context = response!.context as Hex
    const to = privateKeyToAccount(generatePrivateKey()).address

    expect(await dapp.redeem(context, { to, value: parseEther('0.06') })).toBe('success')
    expect(await node().getBalance({ address: to })).toBe(parseEther('0.06'))
    // Past the allowance in total, with call data (a contract call carrying the value), by anyone else.
    expect(await dapp.redeem(context, { to, value: parseEther('0.05') })).toMatch(/^refused: /)
    expect(await dapp.redeem(context, { to, value: 1n, data: '0xa9059cbb' })).toMatch(/^refused: /)
    const other = await siteAccount()
    expect(await other.redeem(context, { to, value: 1n })).toMatch(/^refused: /)
    // Never the account's own functions (its owner, its upgrades), even by a plain transfer to it.
    expect(await dapp.redeem(context, { to: account.address, value: 0n }, true)).toContain(
      toFunctionSelector('SelfCallNotAllowed()'),
    )
    expect(await dapp.redeem(context, { to, value: parseEther('0.04') })).toBe('success')
    // The third redemption is the policy's last: a fourth is refused, even for nothing.
    expect(await dapp.redeem(context, { to, value: 0n })).toBe('success')
    expect(await dapp.redeem(context, { to, value: 0n })).toMatch(/^refused: /)
    expect(await node().getBalance({ address: to })).toBe(parseEther('0.1'))
  }, 60_000)

  it('answers the factory call for a counterfactual account; its grant works once the site deploys it', async () => {
    const account = await session()
    expect(await account.isDeployed()).toBe(false)
    const dapp = await siteAccount()
    const [response] = (await grant(account, [grantRequest(dapp.address)])).responses
    expect(response?.accountMeta?.factory.toLowerCase()).toBe(stack.addresses.accountFactory.toLowerCase())
    const to = privateKeyToAccount(generatePrivateKey()).address
    expect(await dapp.redeem(response!.context as Hex, { to, value: 1n })).toMatch(/^refused: /)
    expect(await dapp.deploy(response!.accountMeta!)).toBe('success')
    await setBalance(account.address, parseEther('1'))
    expect(await dapp.redeem(response!.context as Hex, { to, value: 1n })).toBe('success')
  }, 60_000)

  it('encodes the token and time terms as the enforcers read them', async () => {
    const account = await session()
    const token = privateKeyToAccount(generatePrivateKey()).address
    const expiry = Math.floor(Date.now() / 1000) + 600
    const [response] = (
      await grant(account, [
        grantRequest(account.address, {
          expiry,
          permission: { type: 'erc20-token-transfer', data: { address: token, allowance: '0x2a' } },
        }),
      ])
    ).responses
    const [delegation] = decodePermissionContext(response!.context as Hex, 'test')
    const byEnforcer = new Map(delegation!.caveats.map((c) => [c.enforcer.toLowerCase(), c.terms]))
    const { enforcers } = stack.addresses
    const erc20Terms = byEnforcer.get(enforcers.erc20TransferAmount.toLowerCase())!
    expect(erc20Terms).toBe(encodePacked(['address', 'uint256'], [token, 42n]).toLowerCase())
    const [after, before] = await node().readContract({
      address: enforcers.timestamp as Address,
      abi: TERMS_ABI,
      functionName: 'getTermsInfo',
      args: [byEnforcer.get(enforcers.timestamp.toLowerCase())!],
    })
    expect([after, before]).toEqual([0n, BigInt(expiry)])
    // No ETH may ride along a token transfer.
    expect(byEnforcer.get(enforcers.valueLte.toLowerCase())).toBe(toHex(0n, { size: 32 }))
  }, 60_000)

  it('refuses what it cannot enforce, with a typed error', async () => {
    const account = await session()
    const delegate = privateKeyToAccount(generatePrivateKey()).address
    const refused = async (request: Record<string, unknown>) =>
      planPermissionRequest(
        { session: account, site: SMART_ACCOUNT_SITE },
        walletRequest('wallet_grantPermissions', [request]),
        CHAIN,
      ).then(
        () => 'granted',
        (error: Error & { issues?: { message: string }[] }) =>
          `${error.name}: ${error.issues?.[0]?.message ?? error.message.split('\n')[0]}`,
      )
    expect(
      await refused(grantRequest(delegate, { signer: { type: 'key', data: { id: 'did:key:z' } } })),
    ).toMatch(/signer type key is not supported/)
    expect(
      await refused(grantRequest(delegate, { permission: { type: 'contract-call', data: {} } })),
    ).toMatch(/permission contract-call is not supported as given/)
    expect(
      await refused(grantRequest(delegate, { policies: [{ type: 'gas-limit', data: { limit: '0x1' } }] })),
    ).toMatch(/policy gas-limit is not supported/)
    expect(await refused(grantRequest(delegate, { expiry: 1 }))).toMatch(/expiry is in the past/)
    expect(
      await refused(grantRequest(delegate, { expiry: Math.floor(Date.now() / 1000) + 400 * 86400 })),
    ).toMatch(/more than a year away/)
    // A field it would not enforce is refused, not granted without it.
    expect(
      await refused(
        grantRequest(delegate, {
          policies: [{ type: 'call-limit', data: { count: 2, period: 86400 } }],
        }),
      ),
    ).toMatch(/policy call-limit is not supported/)
    // A field it does not know may be a limit the site counts on.
    expect(await refused(grantRequest(delegate, { rules: [{ type: 'expiry', data: {} }] }))).toMatch(
      /^ValidationError/,
    )
    // The DelegationManager's "any delegate" (0xa11) and the zero address are anyone.
    for (const anyone of ['0x0000000000000000000000000000000000000a11', `0x${'0'.repeat(40)}`])
      expect(await refused(grantRequest(anyone as Address))).toMatch(/signer must be one account/)
    expect(await refused(grantRequest(delegate, { chainId: '0x1' }))).toMatch(/ChainNotSupportedError/)
    expect(await refused(grantRequest(delegate, { address: delegate }))).toMatch(/AccountMismatchError/)
  }, 60_000)
})

describe('wallet_revokePermissions', () => {
  it('disables the delegation on chain: the site can no longer redeem it', async () => {
    const account = await session()
    expect(await deployed(account)).toBe('success')
    await setBalance(account.address, parseEther('1'))
    const dapp = await siteAccount()
    const [response] = (await grant(account, [grantRequest(dapp.address)])).responses
    const context = response!.context as Hex
    const to = privateKeyToAccount(generatePrivateKey()).address
    expect(await dapp.redeem(context, { to, value: 1n })).toBe('success')
    const plan = await planPermissionRequest(
      { session: account, site: SMART_ACCOUNT_SITE },
      walletRequest('wallet_revokePermissions', [{ permissionContext: context }]),
      CHAIN,
    )
    expect(plan.description.title).toEqual({ key: 'title.revokePermission' })
    expect(plan.description.fields[0]).toEqual({ label: { key: 'field.revokes' }, value: dapp.address })
    expect(await plan.perform(new AbortController().signal)).toEqual({})
    expect(await dapp.redeem(context, { to, value: 1n })).toMatch(/^refused: /)
  }, 60_000)

  it('refuses a context that is not one or whose delegator is another account', async () => {
    const account = await session()
    const other = await session()
    const [response] = (await grant(other, [grantRequest(other.address)])).responses
    const revoke = (permissionContext: string) =>
      planPermissionRequest(
        { session: account, site: SMART_ACCOUNT_SITE },
        walletRequest('wallet_revokePermissions', [{ permissionContext }]),
        CHAIN,
      ).then(
        () => 'planned',
        (error: Error) => error.name,
      )
    expect(await revoke('0x1234')).toBe('ValidationError')
    expect(await revoke(response!.context)).toBe('AccountMismatchError')
    // Its own delegation, changed after signing (as one signed for another network would be): not
    // one it granted here, so no operation is made to disable it.
    const [own] = (await grant(account, [grantRequest(other.address)])).responses
    const [delegation] = decodePermissionContext(own!.context as Hex, 'test')
    const forged = encodePermissionContext([{ ...delegation!, salt: delegation!.salt + 1n }])
    expect(await revoke(forged)).toBe('ValidationError')
  }, 60_000)
})

describe('on chain, past the expiry', () => {
  it('refuses a redemption once the block time passes the expiry', async () => {
    const account = await session()
    expect(await deployed(account)).toBe('success')
    await setBalance(account.address, parseEther('1'))
    const dapp = await siteAccount()
    const expiry = Math.floor(Date.now() / 1000) + 60
    const [response] = (await grant(account, [grantRequest(dapp.address, { expiry })])).responses
    const to = privateKeyToAccount(generatePrivateKey()).address
    expect(await dapp.redeem(response!.context as Hex, { to, value: 1n })).toBe('success')
    await node().request({
      method: 'evm_setNextBlockTimestamp' as never,
      params: [toHex(expiry + 1)] as never,
    })
    const refusal = await dapp.redeem(response!.context as Hex, { to, value: 1n }, true)
    expect(refusal).toMatch(/TimestampEnforcer:expired-delegation/)
  }, 60_000)
})
