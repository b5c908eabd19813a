import { REDEEM_DELEGATIONS_ABI, SINGLE_DEFAULT_MODE } from '@modalkit/auth-frame/delegations'
import { expect, type Page, test } from '@playwright/test'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { approveInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { PROJECT_ID } from './sites.ts'
import {
  balanceOf,
  chain,
  code,
  fresh,
  request,
  smartAccountSettings,
  smartAccountSite,
} from './smartAccountSite.ts'

// ERC-7715 over ERC-7710: the embedded wallet's smart account grants the site's own account
// a permission as a delegation of MetaMask's Delegation Framework (its DelegationManager and caveat
// enforcers deployed on the local node from their published build). The site redeems it on the node
// itself, as a site would, with no approval; the enforcers refuse anything outside it. Nothing is mocked.

type Granted = {
  address: Hex
  context: Hex
  accountMeta?: { factory: Hex; factoryData: Hex }
  signerMeta: { delegationManager: Hex }
}

/** The site's own account (its key, gas on the node): the permission's delegate. */
async function siteAccount(delegationManager: Hex) {
  const account = privateKeyToAccount(generatePrivateKey())
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, toHex(parseEther('1'))] as never,
  })
  const wallet = createWalletClient({ account, chain: foundry, transport: http(chain.transport.url) })
  const mined = async (hash: Hex) => (await chain.waitForTransactionReceipt({ hash })).status
  return {
    address: account.address,
    deploy: async (meta: { factory: Hex; factoryData: Hex }) =>
      mined(await wallet.sendTransaction({ to: meta.factory, data: meta.factoryData })),
    /** One call from the user's account through the permission: 'success', or 'refused' by the chain. */
    redeem: async (context: Hex, call: { to: Address; value: bigint; data?: Hex }) =>
      wallet
        .writeContract({
          address: delegationManager,
          abi: REDEEM_DELEGATIONS_ABI,
          functionName: 'redeemDelegations',
          args: [
            [context],
            [SINGLE_DEFAULT_MODE],
            [encodePacked(['address', 'uint256', 'bytes'], [call.to, call.value, call.data ?? '0x'])],
          ],
        })
        .then(mined, () => 'refused' as const),
  }
}

const grantRequest = (delegate: Address, allowance: bigint) => ({
  chainId: '0x7a69',
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { address: delegate } },
  permission: { type: 'native-token-transfer', data: { allowance: toHex(allowance) } },
  policies: [{ type: 'call-limit', data: { count: 5 } }],
})

async function grantedSite(page: Page) {
  const address = await smartAccountSite(page, PROJECT_ID)
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [address, toHex(parseEther('1'))] as never,
  })
  const { factory, permissions } = await smartAccountSettings()
  const site = await siteAccount(permissions.delegationManager)
  const granting = request(page, 'wallet_grantPermissions', [grantRequest(site.address, parseEther('0.05'))])
  const approval = secureFrame(page).getByTestId('approval')
  await expect(approval).toBeVisible({ timeout: 20_000 })
  for (const text of [
    'Grant a permission',
    address,
    site.address,
    'Send up to 0.05 ETH in total from this account, to any address (plain transfers only)',
    'At most 5 times',
    'without asking you again',
  ]) {
    await expect(approval).toContainText(text)
  }
  await approveInSecureFrame(page)
  const { result } = (await granting) as { result: Granted[] }
  const [granted] = result
  expect(result).toHaveLength(1)
  expect(granted).toMatchObject({ address, signerMeta: { delegationManager: permissions.delegationManager } })
  // Counterfactual: the answer carries the factory call, and the site deploys the account.
  expect(await code(address)).toBe('0x')
  expect(granted!.accountMeta?.factory).toBe(factory)
  expect(await site.deploy(granted!.accountMeta!)).toBe('success')
  return { address, site, context: granted!.context }
}

test.describe('ERC-7715 permissions of the smart account', () => {
  test('the site is granted a permission, uses it without another approval until its allowance is spent, and loses it when the user revokes it', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const { site, context } = await grantedSite(page)
    const to = fresh()
    expect(await site.redeem(context, { to, value: parseEther('0.03') })).toBe('success')
    expect(await site.redeem(context, { to, value: parseEther('0.01') })).toBe('success')
    expect(await balanceOf(to)).toBe(parseEther('0.04'))
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)

    const revoking = request(page, 'wallet_revokePermissions', [{ permissionContext: context }])
    await approveInSecureFrame(page, 'Revoke a permission')
    expect(await revoking).toEqual({ result: {} })
    expect(await site.redeem(context, { to, value: parseEther('0.01') })).toBe('refused')
    expect(await balanceOf(to)).toBe(parseEther('0.04'))
  })

  test('attack: the site steps outside its permission (over the allowance, a contract call, another signer, the wallet sending for it): refused', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const { address, site, context } = await grantedSite(page)
    const to = fresh()
    // Over the allowance in one go, and in total.
    expect(await site.redeem(context, { to, value: parseEther('0.06') })).toBe('refused')
    expect(await site.redeem(context, { to, value: parseEther('0.05') })).toBe('success')
    expect(await site.redeem(context, { to, value: 1n })).toBe('refused')
    // A call with data (an ERC-20 transfer of whatever the account holds), even with no value.
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [site.address, 1n] })
    expect(await site.redeem(context, { to: fresh(), value: 0n, data: transfer })).toBe('refused')
    // Another account holding the context.
    const other = await siteAccount((await smartAccountSettings()).permissions.delegationManager)
    expect(await other.redeem(context, { to, value: 0n })).toBe('refused')
    expect(await balanceOf(to)).toBe(parseEther('0.05'))

    // The wallet never takes a permission as the user's consent to send for the site.
    const silent = await request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: true,
        calls: [{ to, value: '0x1' }],
        capabilities: { permissions: { context } },
      },
    ])
    expect(silent).toMatchObject({ error: { code: 5700 } })
    // A wallet-managed session (the wallet signing for the site later) is not granted either.
    const walletSigner = await request(page, 'wallet_grantPermissions', [
      { ...grantRequest(site.address, 1n), signer: { type: 'wallet', data: {} } },
    ])
    expect(walletSigner).toMatchObject({ error: { code: -32602 } })
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
    expect(await balanceOf(to)).toBe(parseEther('0.05'))
  })
})
