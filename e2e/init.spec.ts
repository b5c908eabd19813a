import { expect, test } from '@playwright/test'
import { modal } from './helpers.ts'
import { SITES } from './sites.ts'

async function loadLoader(page: import('@playwright/test').Page, attributes: Record<string, string> = {}) {
  await page.goto('/bare.html')
  await page.evaluate(
    ({ src, attributes }) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script')
        script.src = src
        for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v)
        script.onload = () => resolve()
        script.onerror = () => reject(new Error('loader failed to load'))
        document.head.appendChild(script)
      }),
    { src: `${SITES.modal}/appkit.js`, attributes },
  )
}

test.describe('window.appkit.init()', () => {
  test('adds nothing global but window.appkit until init, and no iframe', async ({ page }) => {
    await page.goto('/bare.html')
    const before = await page.evaluate(() => Object.keys(window))
    await loadLoader(page)
    const after = await page.evaluate(() => Object.keys(window))
    expect(after.filter((k) => !before.includes(k))).toEqual(['appkit'])
    expect(await page.locator('iframe').count()).toBe(0)
  })

  test("throws 'Project ID Not Configured' without a project id", async ({ page }) => {
    await loadLoader(page)
    const error = await page.evaluate(() => {
      try {
        window.appkit.init({})
        return null
      } catch (e) {
        const err = e as { code: string; shortMessage: string }
        return { code: err.code, shortMessage: err.shortMessage }
      }
    })
    expect(error).toEqual({ code: 'project_id_not_configured', shortMessage: 'Project ID Not Configured' })
  })

  test('throws when both siweConfig and siwx are set', async ({ page }) => {
    await loadLoader(page)
    const error = await page.evaluate(() => {
      try {
        window.appkit.init({ projectId: 'demo', siwx: {}, siweConfig: {} })
        return null
      } catch (e) {
        return (e as { code: string }).code
      }
    })
    expect(error).toBe('config_conflict')
  })

  test("shows 'Invalid Project ID' for an unknown project", async ({ page }) => {
    await loadLoader(page, { 'data-project-id': 'no-such-project' })
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('w3m-alert')).toContainText('Invalid Project ID')
  })

  test('reports invalid options from the modal as a validation error', async ({ page }) => {
    await loadLoader(page)
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.evaluate(() => window.appkit.init({ projectId: 'demo', themeMode: 'purple' }))
    const error = await page.evaluate(() =>
      window.appkit.open().then(
        () => null,
        (e: { code: string }) => e.code,
      ),
    )
    expect(error).toBe('validation_error')
  })
})
