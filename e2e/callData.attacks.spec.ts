import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  approveInApprovalWindow,
  approveInSecureFrame,
  logInByEmail,
  secureFrame,
  withoutVisibilityTracking,
} from './embeddedLogin.ts'
import { fund, rpc } from './evmNode.ts'
import { gotoReady } from './helpers.ts'
import { logInOnce } from './sharedLogin.ts'
import { fresh, request } from './smartAccountSite.ts'

/**
 * Sign only what is shown: a call the wallet cannot decode is listed as "Unknown call to <contract>:
 * <selector>, <n> bytes", and its bytes are there in full behind the line's "Show data" disclosure,
 * the selector then one 32-byte word a line. The HOST PAGE is the attacker: it sends calldata no
 * decoder knows with its own address hidden in a word (and, in a batch, a second one hidden in
 * another call). The disclosure shows exactly the bytes sent, the warning stands on top, opening it
 * arms nothing and a closed one keeps nothing from arming: Approve signs, and the node has the bytes.
 */

const ATTACKER = '90f79bf6eb2c4f870365e785982e1f101e93b906'
const word = (hex: string) => hex.padStart(64, '0')
/** A "swap" no decoder knows: its second word pays out to the attacker. */
const HIDDEN = `0x3593564c${word('1')}${word(ATTACKER)}${word('de0b6b3a7640000')}`
/** Another, with an odd tail (not a whole word): the last line is as short as the data. */
const TAIL = `0x12345678${word(ATTACKER)}00ab`

async function loggedInAndFunded(page: Page): Promise<string> {
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  await fund(address)
  return address
}

/** Each undecoded line's bytes, as the screen lays them out: one string per line of the disclosure. */
const shownWords = (approval: Locator) =>
  approval
    .getByTestId('approval-data')
    .evaluateAll((all) =>
      all.map((details) =>
        Array.from(
          details.querySelectorAll('[data-testid="approval-data-words"] > div'),
          (line) => line.textContent,
        ),
      ),
    )

/** The warning on top, each unknown line with a closed disclosure, then opened by the keyboard. */
async function expectDisclosed(approval: Locator, sent: string[]) {
  await expect(approval).toBeVisible({ timeout: 20_000 })
  await expect(approval.getByTestId('approval-warnings')).toContainText('cannot read every call')
  const disclosures = approval.getByTestId('approval-data')
  await expect(disclosures).toHaveCount(sent.length)
  for (const [i, data] of sent.entries()) {
    const disclosure = disclosures.nth(i)
    // Behind the line it belongs to: the unknown call's own description.
    await expect(disclosure.locator('xpath=..')).toContainText(`Unknown call to 0x`)
    await expect(disclosure.locator('xpath=..')).toContainText(
      `${data.slice(0, 10)}, ${(data.length - 2) / 2} bytes`,
    )
    await expect(disclosure).not.toHaveAttribute('open')
    const summary = disclosure.locator('summary')
    await expect(summary).toHaveText('Show data')
    await summary.press('Enter')
    await expect(disclosure).toHaveAttribute('open')
    await expect(summary).toHaveText('Hide data')
    await expect(disclosure.getByTestId('approval-data-words')).toBeVisible()
  }
  const words = await shownWords(approval)
  // Exactly the bytes the page sent, whole, a word a line: the attacker's address is in plain sight.
  expect(words.map((lines) => lines.join(''))).toEqual(sent)
  expect(words[0]).toEqual(['0x3593564c', word('1'), word(ATTACKER), word('de0b6b3a7640000')])
}

/** The single unknown call, sent by the page, shown and approved; the node has exactly its bytes. */
async function sendHidden(page: Page, address: string, where: 'secure frame' | 'approval window') {
  const to = fresh()
  const sending = request(page, 'eth_sendTransaction', [{ from: address, to, data: HIDDEN }])
  // The frame's own screen shows the disclosure; where the popup approves, it shows it too.
  await expectDisclosed(secureFrame(page).getByTestId('approval'), [HIDDEN])
  if (where === 'secure frame') await approveInSecureFrame(page)
  else {
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      secureFrame(page).getByTestId('approval-open-window').click(),
    ])
    await expectDisclosed(popup.getByTestId('approval'), [HIDDEN])
    await popup.close()
    await approveInApprovalWindow(page)
  }
  const sent = await sending
  expect(sent).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
  const tx = (await rpc('eth_getTransactionByHash', [(sent as { result: string }).result])) as {
    to: string
    input: string
  }
  expect({ to: tx.to.toLowerCase(), input: tx.input }).toEqual({ to: to.toLowerCase(), input: HIDDEN })
}

test.describe('the bytes of a call the wallet cannot read (host page as the attacker)', () => {
  // Where the page has no IntersectionObserver v2 (set for its whole browser context, so a login of its own).
  test('eth_sendTransaction: the undecoded data shown whole behind "Show data", then signed (approval window)', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await withoutVisibilityTracking(page.context())
    await sendHidden(page, await loggedInAndFunded(page), 'approval window')
  })
})

test.describe('the bytes of a call the wallet cannot read (host page as the attacker), one login', () => {
  // One new user, logged in once for these tests, with 1 ETH on the local node.
  const shared = logInOnce('calldata', { prepare: ({ address }) => fund(address) })

  test('eth_sendTransaction: the undecoded data shown whole behind "Show data", then signed (secure frame)', async () => {
    test.setTimeout(60_000)
    const { page, address } = shared()
    await sendHidden(page, address, 'secure frame')
  })

  test('wallet_sendCalls: each unknown call its own bytes; Approve arms with the disclosures closed', async () => {
    test.setTimeout(60_000)
    const { page, address } = shared()
    const [first, second] = [fresh(), fresh()]
    const sending = request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: false,
        calls: [
          { to: first, data: HIDDEN },
          { to: second, data: TAIL },
        ],
      },
    ])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toBeVisible({ timeout: 20_000 })
    await expect(approval.getByTestId('approval-warnings')).toContainText('cannot read every call')
    // Closed, the bytes are in the screen, folded: the data as sent, the odd tail as short as it is.
    await expect(approval.getByTestId('approval-data')).toHaveCount(2)
    for (const disclosure of await approval.getByTestId('approval-data').all()) {
      await expect(disclosure).not.toHaveAttribute('open')
    }
    const words = await shownWords(approval)
    expect(words.map((lines) => lines.join(''))).toEqual([HIDDEN, TAIL])
    expect(words[1]).toEqual(['0x12345678', word(ATTACKER), '00ab'])
    await approveInSecureFrame(page)
    const sent = await sending
    expect(sent).toEqual({ result: { id: expect.stringMatching(/^0x[0-9a-f]{64}$/) } })
    const { id } = (sent as { result: { id: string } }).result
    let receipts: { transactionHash: string }[] = []
    await expect
      .poll(
        async () => {
          const reply = await request(page, 'wallet_getCallsStatus', [id])
          const status =
            'result' in reply ? (reply.result as { status?: number; receipts?: typeof receipts }) : {}
          receipts = status.receipts ?? []
          return status.status
        },
        { timeout: 15_000 },
      )
      .toBe(200)
    const inputs = await Promise.all(
      receipts.map(
        async (r) =>
          ((await rpc('eth_getTransactionByHash', [r.transactionHash])) as { input: string }).input,
      ),
    )
    expect(inputs).toEqual([HIDDEN, TAIL])
  })
})
