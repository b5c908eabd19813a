import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { encodeFunctionData, type Hex, maxUint256, parseEther } from 'viem'
import { logInByEmail, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { fund } from './evmNode.ts'
import { gotoReady } from './helpers.ts'
import { PROJECT_ID } from './sites.ts'
import { chain, EXECUTE_BATCH_ABI, fresh, request, smartAccountSite } from './smartAccountSite.ts'

/**
 * Every EVM call the secure frame signs is described, in every path (SECURITY.md, approvals). The
 * HOST PAGE is the attacker: it hides `USDC.approve(attacker, MAX)` behind a call the wallet cannot
 * read (a "swap"), as the second call of a batch and inside a smart account's user operation. The
 * screen must show the allowance as a warning line naming the attacker and Unlimited, and open with
 * the warning that a call could not be read.
 */

const ATTACKER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** A call no decoder knows, as a router's swap looks to the wallet. */
const SWAP = '0x3593564c0000000000000000000000000000000000000000000000000000000000000001'
const APPROVE_MAX = encodeFunctionData({
  abi: [
    {
      type: 'function',
      name: 'approve',
      inputs: [
        { name: 'spender', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
      outputs: [{ type: 'bool' }],
      stateMutability: 'nonpayable',
    },
  ],
  args: [ATTACKER, maxUint256],
})

/**
 * The approval's lines as the user reads them, each with whether it is in the warning style, and the
 * bytes behind a line's "Show data" disclosure (its lines joined), where it has one.
 */
async function shownLines(page: Page) {
  const approval = secureFrame(page).getByTestId('approval')
  await expect(approval).toBeVisible({ timeout: 20_000 })
  return approval.locator('dl.approval-fields dt').evaluateAll((terms) =>
    terms.map((dt) => {
      const dd = dt.nextElementSibling?.cloneNode(true) as Element | undefined
      const details = dd?.querySelector('[data-testid="approval-data"]')
      const words = details?.querySelectorAll('[data-testid="approval-data-words"] > div') ?? []
      details?.remove()
      return {
        label: dt.textContent ?? '',
        value: dd?.textContent ?? '',
        warning: dt.classList.contains('approval-warning'),
        data: Array.from(words, (word) => word.textContent).join(''),
      }
    }),
  )
}

/** The allowance and the unknown call are on screen, as warnings, the unknown call's warning first. */
function expectDescribed(
  lines: { label: string; value: string; warning: boolean; data: string }[],
  token: string,
) {
  expect(lines[0]).toMatchObject({ label: 'Warning', warning: true })
  expect(lines[0]?.value).toContain('cannot read every call')
  // The token is named as the path writes addresses (as given, or checksummed): compared in lower case.
  const allowance = lines.find((line) => line.value.includes(ATTACKER))
  expect(allowance).toMatchObject({ label: '#2 Approval', warning: true })
  expect(allowance?.value.toLowerCase()).toBe(
    `Allow ${ATTACKER} to spend Unlimited of token ${token} until revoked`.toLowerCase(),
  )
  expect(lines.find((line) => line.label === '#1 Call')).toMatchObject({
    value: expect.stringMatching(/^Unknown call to 0x[0-9a-fA-F]{40}: 0x3593564c, 36 bytes$/),
    warning: true,
    data: SWAP,
  })
}

test.describe('every EVM call described (host page as the attacker)', () => {
  test('wallet_sendCalls (embedded EOA): approve(attacker, MAX) as the second call, after an unknown swap', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await gotoReady(page)
    await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
    const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
    await fund(address)
    const [router, token] = [fresh(), fresh()]
    const sending = request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: false,
        calls: [
          { to: router, data: SWAP },
          { to: token, data: APPROVE_MAX },
        ],
      },
    ])
    expectDescribed(await shownLines(page), token)
    await rejectInSecureFrame(page)
    expect(await sending).toMatchObject({ error: { code: 4001 } })
  })

  test('eth_sendUserOperation (smart account): approve(attacker, MAX) as the second executeBatch item', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const address = await smartAccountSite(page, PROJECT_ID)
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    })
    const [router, token] = [fresh(), fresh()]
    // Solady's executeBatch, as a site building its own operation writes it.
    const callData = encodeFunctionData({
      abi: EXECUTE_BATCH_ABI,
      args: [
        [
          { target: router, value: 0n, data: SWAP as Hex },
          { target: token, value: 0n, data: APPROVE_MAX },
        ],
      ],
    })
    const sending = request(page, 'eth_sendUserOperation', [{ sender: address, callData }, ENTRY_POINT])
    expectDescribed(await shownLines(page), token)
    await rejectInSecureFrame(page)
    expect(await sending).toMatchObject({ error: { code: 4001 } })
  })
})
