import { expect, type Page, test } from '@playwright/test'
import { encodeFunctionData, getAddress, type Hex, parseEther } from 'viem'
import { approveInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { collectConsole, modal } from './helpers.ts'
import { PROJECT_ID, SITES, SPONSORED_PROJECT_ID } from './sites.ts'
import { balanceOf, chain, code, fresh, request, smartAccountSite } from './smartAccountSite.ts'

// The embedded wallet's smart account against the real ERC-4337 stand-ins: anvil with the
// EntryPoint v0.7 and Solady's account factory, the Alto bundler, and the API's bundler and
// verifying-paymaster routes. Nothing is mocked.

/** ERC-7715, as wallet_getCapabilities reports it for a smart account. */
const PERMISSIONS_CAPABILITY = {
  supported: true,
  signerTypes: ['account'],
  permissionTypes: ['native-token-transfer', 'erc20-token-transfer'],
  policyTypes: ['call-limit'],
}

const embeddedInfo = (page: Page) =>
  page.evaluate(() => window.appkit.getAccount('eip155').embeddedWalletInfo)

/** AppKit's `embeddedWalletInfo` of smartAccountSite's e-mail login, with `type` and `deployed`. */
const info = (accountType: 'eoa' | 'smartAccount', isSmartAccountDeployed: boolean) => ({
  user: { email: expect.stringMatching(/^e2e-[0-9a-f]{8}@example\.test$/) },
  authProvider: 'email',
  accountType,
  isSmartAccountDeployed,
})

test.describe('smart accounts for the embedded wallet', () => {
  test('a site preferring smart accounts gets one: counterfactual, signs before and after deployment, its first transaction deploys it, a batch is one atomic operation, and the user can switch to the EOA', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const address = await smartAccountSite(page, PROJECT_ID)
    expect(await embeddedInfo(page)).toEqual(info('smartAccount', false))
    expect(await code(address)).toBe('0x')
    // The demo project does not sponsor gas: the account pays its own.
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    expect(await request(page, 'wallet_getCapabilities', [address, ['0x7a69']])).toEqual({
      result: {
        '0x7a69': {
          atomic: { status: 'supported' },
          paymasterService: { supported: false },
          permissions: PERMISSIONS_CAPABILITY,
        },
      },
    })

    // A signature before deployment verifies through ERC-6492 (the account's factory call wrapped in).
    const before = request(page, 'personal_sign', ['0x68656c6c6f', address])
    await approveInSecureFrame(page, 'hello')
    const early = (await before) as { result: Hex }
    expect(await chain.verifyMessage({ address, message: 'hello', signature: early.result })).toBe(true)
    expect(await chain.verifyMessage({ address, message: 'hullo', signature: early.result })).toBe(false)

    // The first transaction is one user operation; its approval says the account is created by it.
    const to = fresh()
    const sending = request(page, 'eth_sendTransaction', [{ from: address, to, value: '0x2386f26fc10000' }])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toBeVisible({ timeout: 20_000 })
    for (const text of [
      'Smart account',
      address,
      'Created on chain by this operation',
      to,
      '0.01 ETH',
      'from the smart account',
    ]) {
      await expect(approval).toContainText(text)
    }
    await approveInSecureFrame(page)
    const sent = (await sending) as { result: Hex }
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await chain.getTransactionReceipt({ hash: sent.result })).status).toBe('success')
    expect(await code(address)).not.toBe('0x')
    expect(await balanceOf(to)).toBe(parseEther('0.01'))
    await expect.poll(() => embeddedInfo(page)).toEqual(info('smartAccount', true))

    // Two calls, one operation, atomic: one receipt, both paid.
    const [a, b] = [fresh(), fresh()]
    const batch = request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: true,
        calls: [
          { to: a, value: '0x3e8' },
          { to: b, value: '0x7d0' },
        ],
      },
    ])
    await approveInSecureFrame(page, 'all succeed or none (atomic)')
    const { id } = ((await batch) as { result: { id: string } }).result
    let status: { status?: number; atomic?: boolean; receipts?: { status: string }[] } = {}
    await expect
      .poll(
        async () => {
          const reply = await request(page, 'wallet_getCallsStatus', [id])
          status = 'result' in reply ? (reply.result as typeof status) : {}
          return status.status
        },
        { timeout: 20_000 },
      )
      .toBe(200)
    expect(status.atomic).toBe(true)
    expect(status.receipts?.map((r) => r.status)).toEqual(['0x1'])
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([1000n, 2000n])

    // A batch whose second call reverts is refused whole before any approval: the first pays nothing.
    const c = fresh()
    const reverting = encodeFunctionData({
      abi: [{ type: 'function', name: 'nope', inputs: [], outputs: [], stateMutability: 'nonpayable' }],
    })
    const refused = await request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: true,
        calls: [
          { to: c, value: '0x1' },
          { to: address, data: reverting },
        ],
      },
    ])
    expect(refused).toMatchObject({ error: { code: expect.any(Number) } })
    expect(await balanceOf(c)).toBe(0n)

    // After deployment a signature verifies through the account's ERC-1271.
    const after = request(page, 'personal_sign', ['0x68656c6c6f', address])
    await approveInSecureFrame(page, 'hello')
    const late = (await after) as { result: Hex }
    expect(await chain.verifyMessage({ address, message: 'hello', signature: late.result })).toBe(true)

    // The Account view shows the kind in use and switches to the EOA; the site hears accountsChanged.
    await page.evaluate(() => {
      const seen: string[][] = []
      ;(window as unknown as { seen: string[][] }).seen = seen
      window.appkit.getProvider('eip155')!.on('accountsChanged', (accounts: string[]) => seen.push(accounts))
    })
    await page.evaluate(() => window.appkit.open())
    const m = modal(page)
    await expect(m.getByTestId('account-type')).toHaveText('Smart account')
    await m.getByTestId('account-switch-type').click()
    await expect(m.getByTestId('account-type')).toHaveText('EOA')
    const eoa = (await page.evaluate(() => window.appkit.getAccount('eip155').address)) as Hex
    expect(eoa.toLowerCase()).not.toBe(address.toLowerCase())
    expect(await embeddedInfo(page)).toEqual(info('eoa', false))
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { seen: string[][] }).seen.at(-1)?.[0]?.toLowerCase()),
      )
      .toBe(eoa.toLowerCase())
    // And back: the same smart account.
    await m.getByTestId('account-switch-type').click()
    await expect(m.getByTestId('account-type')).toHaveText('Smart account')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)
  })

  test('a sponsoring project pays the gas: the account is deployed and its ETH is untouched', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const address = await smartAccountSite(page, SPONSORED_PROJECT_ID)
    expect(await request(page, 'wallet_getCapabilities', [address, ['0x7a69']])).toEqual({
      result: {
        '0x7a69': {
          atomic: { status: 'supported' },
          paymasterService: { supported: true },
          permissions: PERMISSIONS_CAPABILITY,
        },
      },
    })
    await chain.request({ method: 'anvil_setBalance' as never, params: [address, '0x3e8'] as never })
    const sending = request(page, 'eth_sendTransaction', [{ from: address, to: fresh(), value: '0x0' }])
    await approveInSecureFrame(page, `Paid by ${SITES.host} (sponsored)`)
    const sent = (await sending) as { result: Hex }
    expect((await chain.getTransactionReceipt({ hash: sent.result })).status).toBe('success')
    expect(await code(address)).not.toBe('0x')
    expect(await balanceOf(address)).toBe(1000n)
  })

  test("a site's own user operation (eth_sendUserOperation) has its own approval, and the site follows it through the bundler", async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    const address = await smartAccountSite(page, PROJECT_ID)
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    const to = fresh()
    // The account's own call encoding (Solady's execute), as a site building operations writes it.
    const callData = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'execute',
          inputs: [
            { name: 'target', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'data', type: 'bytes' },
          ],
          outputs: [],
          stateMutability: 'payable',
        },
      ],
      args: [to, 4321n, '0x'],
    })
    // The bundler's reads reach the bundler through the site's provider, not the node.
    expect(await request(page, 'eth_supportedEntryPoints', [])).toEqual({ result: [ENTRY_POINT] })

    // Refused before any approval: another entry point, and calls the approval could not show.
    const otherEntryPoint = await request(page, 'eth_sendUserOperation', [
      { sender: address, callData },
      `0x${'5'.repeat(40)}`,
    ])
    expect(otherEntryPoint).toMatchObject({ error: { message: expect.stringContaining('Invalid') } })
    const opaque = await request(page, 'eth_sendUserOperation', [
      { sender: address, callData: '0xdeadbeef' },
      ENTRY_POINT,
    ])
    expect(opaque).toMatchObject({ error: { message: expect.stringContaining('Invalid') } })
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)

    const sending = request(page, 'eth_sendUserOperation', [{ sender: address, callData }, ENTRY_POINT])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toBeVisible({ timeout: 20_000 })
    for (const text of [
      'Send user operation',
      address,
      'Created on chain by this operation',
      getAddress(to),
      'from the smart account',
    ])
      await expect(approval).toContainText(text)
    await approveInSecureFrame(page)
    const sent = (await sending) as { result: Hex }
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    // ERC-4337's receipt, asked through the provider as a site does, until it is mined.
    let receipt: { success?: boolean; userOpHash?: string } | null = null
    await expect
      .poll(
        async () => {
          const reply = await request(page, 'eth_getUserOperationReceipt', [sent.result])
          receipt = 'result' in reply ? (reply.result as typeof receipt) : null
          return receipt?.success
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    expect(receipt!.userOpHash).toBe(sent.result)
    expect(await balanceOf(to)).toBe(4321n)
    expect(await code(address)).not.toBe('0x')
  })

  test('a network without a bundler keeps the EOA (SPEC §4: EOA when the preferred type cannot be set)', async ({
    page,
  }) => {
    const warnings = collectConsole(page)
    // A warning, so on the console only when the site asks for `debug` (SPEC §9: the level is error).
    await smartAccountSite(page, PROJECT_ID, ['eip155:1'], true)
    expect(await embeddedInfo(page)).toEqual(info('eoa', false))
    expect(warnings.join('\n')).toContain(
      'preferred account type smartAccount is not available; using an EOA',
    )
  })
})
