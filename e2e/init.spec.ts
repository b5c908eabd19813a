import { expect, test } from '@playwright/test'
import { holdRequests, loadLoader, modal } from './helpers.ts'
import { SITES } from './sites.ts'

test.describe('window.appkit.init()', () => {
  test('adds nothing global but window.appkit until init, and no iframe', async ({ page }) => {
    await page.goto('/bare.html')
    const before = await page.evaluate(() => Object.keys(window))
    await loadLoader(page)
    const after = await page.evaluate(() => Object.keys(window))
    expect(after.filter((k) => !before.includes(k))).toEqual(['appkit'])
    expect(await page.locator('iframe').count()).toBe(0)
  })

  test('loads its core from the modal origin once initialized: SRI-pinned, immutable, nothing global', async ({
    page,
  }) => {
    await page.goto('/bare.html')
    const before = await page.evaluate(() => Object.keys(window))
    const core = page.waitForResponse((res) => /\/appkit-core-[\w-]{8}\.js$/.test(res.url()))
    await loadLoader(page)
    await page.evaluate(() => window.appkit.init({ projectId: 'demo' }))
    const response = await core
    expect(new URL(response.url()).origin).toBe(SITES.modal)
    expect(response.headers()).toMatchObject({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'public, max-age=31536000, immutable',
    })
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
    // The core's script element is gone once it ran; the loader's own tag is all that stays.
    expect(await page.locator('script[src*="appkit-core-"]').count()).toBe(0)
    const after = await page.evaluate(() => Object.keys(window))
    // "0" is the modal's iframe (window[0]): the DOM's, not a global of ours.
    expect(after.filter((k) => !before.includes(k))).toEqual(['0', 'appkit'])
  })

  test("fetches the project's configuration once, as the modal page's headers preload it", async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${SITES.api}/v1/projects/`)) asked.push(request.url())
    })
    const modalPage = page.waitForResponse((res) => res.url().startsWith(`${SITES.modal}/?projectId=`))
    await loadLoader(page, { 'data-project-id': 'demo' })
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    expect((await modalPage).headers().link).toBe(
      `<${SITES.api}/v1/projects/demo/config>; rel=preload; as=fetch; crossorigin`,
    )
    // The app's own fetch took the preloaded answer: a request the preload did not match would be a
    // second one here (and Chromium's console warning that the preload went unused).
    expect(asked).toEqual([`${SITES.api}/v1/projects/demo/config`])
  })

  test("a click before appkit.js ran opens the modal once it has: the page's click queue (queued.html)", async ({
    page,
    context,
  }) => {
    const { requested, release } = await holdRequests(context, `${SITES.modal}/appkit.js`)
    // Not `load`: the held async script holds the load event.
    await page.goto('/queued.html', { waitUntil: 'domcontentloaded' })
    await requested
    await page.getByTestId('connect-button').click()
    expect(await page.evaluate(() => (window.appkit as unknown as { q: unknown[] }).q)).toEqual([
      ['open', []],
    ])
    release()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(true)
    // window.appkit is the loader's now, fixed as ever: the page's stub cannot come back.
    expect(
      await page.evaluate(() => {
        try {
          ;(window as { appkit?: unknown }).appkit = { q: [] }
        } catch {
          // strict mode throws where sloppy mode ignores: refused either way
        }
        return typeof window.appkit.getState
      }),
    ).toBe('function')
  })

  test('refuses a core whose bytes differ from the hash appkit.js was built with', async ({ page }) => {
    await page.route(/\/appkit-core-[\w-]{8}\.js$/, async (route) => {
      // The real file, fetched from Node (which does not resolve *.test), with one line appended.
      const url = new URL(route.request().url())
      url.hostname = '127.0.0.1'
      const original = await route.fetch({ url: url.href })
      const body = `${await original.text()}\n;document.title = 'tampered'`
      await route.fulfill({ response: original, body })
    })
    await loadLoader(page)
    const error = await page.evaluate(() => {
      window.appkit.init({ projectId: 'demo' })
      return window.appkit.open().then(
        () => null,
        (e: { code: string; shortMessage: string }) => ({ code: e.code, shortMessage: e.shortMessage }),
      )
    })
    expect(error).toEqual({
      code: 'iframe_load_failed',
      shortMessage: 'Network Error - Could not load embedded wallet',
    })
    expect(await page.title()).not.toBe('tampered')
    expect(await page.locator('iframe').count()).toBe(0)
  })

  test("throws 'Project ID Not Configured' without a project id", async ({ page }) => {
    await loadLoader(page)
    const error = await page.evaluate(() => {
      try {
        // @ts-expect-error: no project id on purpose, as an untyped site would call it
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

  test('an embedTarget that is not in the page is refused with its path, by the call that needs the modal and nowhere else', async ({
    page,
  }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await loadLoader(page)
    const refusals = await page.evaluate(async () => {
      window.appkit.init({ projectId: 'demo', embedTarget: '#no-such-element' })
      const refusal = (e: { code: string; shortMessage: string; details: string }) =>
        `${e.code}: ${e.shortMessage} (${e.details})`
      // The page stays idle long enough for the loader's preload to have tried, and failed, once.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      return [await window.appkit.open().then(() => 'opened', refusal)]
    })
    expect(refusals).toEqual(['validation_error: Invalid init() options (custom at embedTarget)'])
    // Not an uncaught error from the preload, and not 'Project ID Not Configured'.
    expect(pageErrors).toEqual([])
    expect(await page.locator('iframe').count()).toBe(0)
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
    // The right type (init() itself refuses a wrong one, appkitCompat.spec.ts), but too long: the modal's schema refuses it.
    await page.evaluate(() => window.appkit.init({ projectId: 'demo', metadata: { name: 'x'.repeat(101) } }))
    const error = await page.evaluate(() =>
      window.appkit.open().then(
        () => null,
        (e: { code: string }) => e.code,
      ),
    )
    expect(error).toBe('validation_error')
  })
})
