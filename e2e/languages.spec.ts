import { expect, type Page, test } from '@playwright/test'
import { loadLoader, modal } from './helpers.ts'
import { PROJECT_ID } from './sites.ts'

// Languages: the modal speaks the site's `locale` (init or data-locale), else the browser's
// language; Arabic mirrors the whole layout.
async function initWith(page: Page, options: Record<string, unknown> = {}) {
  await loadLoader(page)
  await page.evaluate((options) => window.appkit.init({ networks: ['eip155:31337'], ...options } as never), {
    projectId: PROJECT_ID,
    ...options,
  })
}

const title = (page: Page) => modal(page).locator('.mk-title')

test('Arabic from init({ locale }): the words, and the layout mirrored right to left', async ({ page }) => {
  await initWith(page, { locale: 'ar' })
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  await expect(title(page)).toHaveText('ربط المحفظة')
  const root = m.locator('.mk-root')
  await expect(root).toHaveAttribute('dir', 'rtl')
  await expect(root).toHaveAttribute('lang', 'ar')
  await expect(m.getByTestId('social-google')).toContainText('المتابعة باستخدام Google')
  await expect(m.getByTestId('wallet-all')).toContainText('كل المحافظ')
  await expect(m.getByTestId('header-close')).toHaveAttribute('aria-label', 'إغلاق')
  // Mirrored: the close button sits left of the title, and a row's icon right of its label.
  const close = (await m.getByTestId('header-close').boundingBox())!
  const heading = (await title(page).boundingBox())!
  expect(close.x).toBeLessThan(heading.x)
  const row = m.getByTestId('wallet-all')
  const icon = (await row.locator('.mk-row-icon').boundingBox())!
  const label = (await row.locator('.mk-row-label').boundingBox())!
  expect(icon.x).toBeGreaterThan(label.x)
})

test('Spanish from the script tag’s data-locale; Chinese from init in the Networks view', async ({
  page,
}) => {
  await loadLoader(page, {
    'data-project-id': PROJECT_ID,
    'data-networks': 'eip155:31337,eip155:31338',
    'data-locale': 'es',
  })
  await page.waitForFunction(() => window.appkit.getState().initialized === true)
  await page.evaluate(() => window.appkit.open())
  await expect(title(page)).toHaveText('Conectar billetera')
  await expect(modal(page).locator('.mk-root')).toHaveAttribute('dir', 'ltr')
  await expect(modal(page).getByTestId('email-input')).toHaveAttribute('placeholder', 'Correo electrónico')

  await initWith(page, { locale: 'zh-CN', networks: ['eip155:31337', 'eip155:31338'] })
  await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
  await expect(title(page)).toHaveText('选择网络')
  await expect(modal(page).getByTestId('network-eip155:31337')).toContainText('当前')
})

test.describe('with the browser in Japanese', () => {
  test.use({ locale: 'ja-JP' })
  test('the modal follows the browser when the site sets no locale', async ({ page }) => {
    await initWith(page)
    await page.evaluate(() => window.appkit.open())
    await expect(title(page)).toHaveText('ウォレットを接続')
    await expect(modal(page).locator('.mk-root')).toHaveAttribute('lang', 'ja')
  })
})
