import { expect, type Page, test } from '@playwright/test'
import { gotoReady, loadLoader, modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// Receive and the send / receive feature flags: the Account view's entry buttons, the
// address as text, QR code and clipboard, and the networks of the account's namespace.

async function connectTestWallet(page: Page): Promise<void> {
  await page.evaluate(() => window.appkit.open())
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  await expect(modal(page).getByTestId('view-Account')).toBeVisible()
}

test('Receive shows the address with its QR code, copies it, and lists the eip155 networks it works on', async ({
  page,
}) => {
  for (const origin of [SITES.modal, SITES.host])
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await installTestWallet(page)
  await gotoReady(page)
  await connectTestWallet(page)
  const m = modal(page)
  await m.getByTestId('account-receive').click()
  await expect(m.getByTestId('receive-address')).toHaveText(TEST_ACCOUNT)
  await expect(m.getByTestId('receive-qr')).toHaveAttribute(
    'aria-label',
    `QR code of the address ${TEST_ACCOUNT}`,
  )
  await expect(m.getByTestId('receive-qr').locator('path')).toHaveAttribute('d', /^M/)
  await m.getByTestId('receive-copy').click()
  await expect(m.getByTestId('receive-copy')).toHaveText('Address copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEST_ACCOUNT)
  // The demo configures three eip155 networks (and Solana and Bitcoin ones, which are not listed).
  const networks = m.getByTestId('receive-network')
  await expect(networks).toHaveCount(3)
  await expect(networks).toContainText(['Ethereum', 'Local Anvil A', 'Local Anvil B'])
})

test('with features.send and features.receive off, Account has neither entry', async ({ page }) => {
  await installTestWallet(page)
  await loadLoader(page, {
    'data-project-id': PROJECT_ID,
    'data-networks': 'eip155:31337',
    'data-default-network': 'eip155:31337',
    'data-features': JSON.stringify({ send: false, receive: false }),
  })
  await page.waitForFunction(() => window.appkit.getState().initialized === true)
  await connectTestWallet(page)
  const m = modal(page)
  await expect(m.getByTestId('account-network')).toHaveText('Local Anvil A')
  await expect(m.getByTestId('account-send')).toHaveCount(0)
  await expect(m.getByTestId('account-receive')).toHaveCount(0)
  // Even asked for by name, the view is only the feature-off notice (SPEC §1), no Send form.
  await page.evaluate(() => window.appkit.open({ view: 'WalletSend' as never }).catch(() => {}))
  await expect(m.getByTestId('view-WalletSend')).toHaveText('This feature is not enabled for this project.')
  await expect(m.getByTestId('send-amount')).toHaveCount(0)
})
