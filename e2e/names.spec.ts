import { randomUUID } from 'node:crypto'
import { testAccount } from '@modalkit/local-chain'
import { coinTypeForChain, profileNameRecordSchema, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { truncateAddress } from '@modalkit/shared'
import { expect, type Page, test } from '@playwright/test'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'
import { installTestWallet } from './testWallet.ts'

// Profile names (SPEC §7): a name registered from the modal with a browser wallet's
// signature, resolved both ways by the API and shown in Account and getAccount(); a second account
// cannot take it. Two of anvil's unlocked accounts no other spec signs in with.
const OWNER = testAccount(7).address
const OTHER = testAccount(8).address
const API = STACK_ENV.API_INTERNAL_URL

async function apiGet(path: string) {
  return fetch(`${API}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT_ID}`, {
    headers: { [SITE_ORIGIN_HEADER]: SITES.host },
  })
}

async function openRegister(page: Page, account: string) {
  await installTestWallet(page, { account })
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  await expect(modal(page).getByTestId('account-identity')).toHaveText(truncateAddress(account))
  await modal(page).getByTestId('account-choose-name').click()
}

test('a name registered with a browser wallet resolves both ways, and no other account can take it', async ({
  browser,
}) => {
  const label = `e2e${Date.now().toString(36)}`
  const name = `${label}.reown.id`
  const ownerPage = await (await browser.newContext()).newPage()
  await openRegister(ownerPage, OWNER)
  const view = modal(ownerPage)
  await view.getByTestId('account-name').fill(label)
  await expect(view.getByTestId('account-name-status')).toHaveText(`${name} is available`)
  await expect(view.getByTestId('account-name-suggestions')).toBeVisible()
  await view.getByTestId('account-name-register').click()
  await expect(view.getByTestId('account-name-registered')).toHaveText(`${name} is now your name.`)

  // The API's registry, both ways.
  const resolved = profileNameRecordSchema.parse(await (await apiGet(`/v1/profile/account/${name}`)).json())
  expect(Object.values(resolved.addresses).map((a) => a.address)).toEqual([OWNER.toLowerCase()])
  const reverse = (await (await apiGet(`/v1/profile/reverse/${OWNER}`)).json()) as { name: string }[]
  expect(reverse.map((r) => r.name)).toContain(name)

  // The modal's Account and the host's getAccount().
  await view.getByTestId('account-name-done').click()
  await expect(view.getByTestId('account-identity')).toHaveText(name)
  await expect.poll(() => ownerPage.evaluate(() => window.appkit.getAccount('eip155').profileName)).toBe(name)
  // A fresh page of the same account reads the name from the API's identity.
  const again = await (await browser.newContext()).newPage()
  await installTestWallet(again, { account: OWNER })
  await gotoReady(again)
  await again.getByTestId('connect-button').click()
  await modal(again).getByTestId('wallet-test.wallet').click()
  await again.evaluate(() => window.appkit.open())
  await expect(modal(again).getByTestId('account-identity')).toHaveText(name)

  // A second account sees it taken and cannot register it, even by calling the API itself.
  const otherPage = await (await browser.newContext()).newPage()
  await openRegister(otherPage, OTHER)
  await modal(otherPage).getByTestId('account-name').fill(label)
  await expect(modal(otherPage).getByTestId('account-name-status')).toHaveText(`${name} is taken`)
  await expect(modal(otherPage).getByTestId('account-name-register')).toBeDisabled()
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  // The second account really signs (anvil's unlocked account): a valid signature, yet refused.
  const hex = `0x${Buffer.from(message).toString('hex')}`
  const signed = await fetch(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'personal_sign', params: [hex, OTHER] }),
  })
  const { result: signature } = (await signed.json()) as { result: string }
  const taken = await fetch(`${API}/v1/profile/account?projectId=${PROJECT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: SITES.host },
    body: JSON.stringify({ coin_type: coinTypeForChain(31337), address: OTHER, message, signature }),
  })
  expect(taken.status).toBe(409)
  expect(((await taken.json()) as { error: { code: string } }).error.code).toBe('name_taken')
  const after = profileNameRecordSchema.parse(await (await apiGet(`/v1/profile/account/${name}`)).json())
  expect(Object.values(after.addresses).map((a) => a.address)).toEqual([OWNER.toLowerCase()])
})

test('the embedded wallet registers a name through its secure frame’s approval', async ({ page }) => {
  test.setTimeout(60_000) // a login, then an approval: over 30 s on two busy cores
  const label = `emb${Date.now().toString(36)}`
  const name = `${label}.reown.id`
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
  await page.evaluate(() => window.appkit.open({ view: 'Account' }))
  const view = modal(page)
  await view.getByTestId('account-choose-name').click()
  await view.getByTestId('account-name').fill(label)
  await expect(view.getByTestId('account-name-status')).toHaveText(`${name} is available`)
  await view.getByTestId('account-name-register').click()
  // The registration message is shown and approved in the secure frame, never by the modal.
  await approveInSecureFrame(page, name)
  await expect(view.getByTestId('account-name-registered')).toHaveText(`${name} is now your name.`)
  const reverse = (await (await apiGet(`/v1/profile/reverse/${address}`)).json()) as { name: string }[]
  expect(reverse.map((r) => r.name)).toEqual([name])
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').profileName)).toBe(name)
})
