import { resolve } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { collectConsole, gotoReady, holdRequests, modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'

const PENPAL = resolve(import.meta.dirname, '../node_modules/penpal/dist/penpal.min.js')

/** Adds an iframe to the page and resolves once it loaded (or failed to). */
function addFrame(page: Page, src: string, name: string): Promise<void> {
  return page.evaluate(
    ({ src, name }) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.name = name
        iframe.src = src
        iframe.onload = () => resolve()
        document.body.appendChild(iframe)
      }),
    { src, name },
  )
}

test.describe('trust boundaries', () => {
  test("a site on an unlisted origin gets the 'Invalid App Configuration' alert and no service", async ({
    page,
  }) => {
    await page.goto(`${SITES.evil}/`)
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('w3m-alert')).toContainText('Invalid App Configuration')
    const error = await page.evaluate(() =>
      window.appkit.switchNetwork('eip155:31338').then(
        () => null,
        (e: { code: string }) => e.code,
      ),
    )
    expect(error).toBe('invalid_app_configuration')
  })

  test('the modal refuses to be framed by a page that lies about its origin (frame-ancestors)', async ({
    page,
  }) => {
    await page.goto(`${SITES.evil}/bare.html`)
    const src = (claim: string) =>
      `${SITES.modal}/?projectId=${PROJECT_ID}&origin=${encodeURIComponent(claim)}`
    // An honest claim loads (and the modal will refuse to serve it); a lie is blocked by the browser.
    await addFrame(page, src(SITES.evil), 'honest')
    await expect(page.frameLocator('iframe[name="honest"]').locator('#root')).toBeAttached()
    await addFrame(page, src(SITES.host), 'stolen')
    // Chromium replaces a frame that frame-ancestors blocks with its error page.
    await expect.poll(() => page.frame({ name: 'stolen' })?.url()).toMatch(/^chrome-error:/)
  })

  test('the secure frame can only be framed by the modal origin', async ({ page }) => {
    await page.goto('/bare.html')
    await addFrame(page, `${SITES.auth}/`, 'auth')
    await expect.poll(() => page.frame({ name: 'auth' })?.url()).toMatch(/^chrome-error:/)
  })

  test('forged penpal messages from another frame are dropped and logged, never acted on', async ({
    page,
  }) => {
    const lines = collectConsole(page)
    await gotoReady(page)
    await addFrame(page, `${SITES.evil}/bare.html`, 'evil')
    const evil = page.frame({ name: 'evil' })!
    await evil.evaluate(() => {
      const forged = { namespace: 'penpal', channel: undefined, type: 'SYN', participantId: 'evil' }
      // The modal is the first frame of the host page; the loader is the host page itself.
      window.parent.frames[0]?.postMessage(forged, '*')
      window.parent.postMessage(forged, '*')
      window.parent.postMessage(
        { namespace: 'penpal', type: 'CALL', id: 'x', methodPath: ['stateChanged'], args: [{ open: true }] },
        '*',
      )
    })
    await expect
      .poll(() => lines.filter((l) => l.includes('[appkit] dropped message')).length)
      .toBeGreaterThanOrEqual(2)
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    // The real channel still works.
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
  })

  test('calls a hostile page posts ahead of init, or while its configuration loads, are refused, never run', async ({
    page,
    context,
  }) => {
    // evil.test (not on the project's allowlist) speaks penpal to the modal itself, instead of
    // through the loader, which sends nothing before init's reply. The configuration is held on the
    // wire, so the project's verdict on the site is not known while the calls arrive.
    const { release } = await holdRequests(context, `${SITES.api}/v1/projects/*/config`)
    await page.goto(`${SITES.evil}/bare.html`)
    await page.addScriptTag({ path: PENPAL })
    type Envelope = { ok: boolean; value?: unknown; error?: { code: string } }
    const early = await page.evaluate(
      async ({ src, modalOrigin }) => {
        const iframe = document.createElement('iframe')
        iframe.src = src
        document.body.appendChild(iframe)
        const P = (window as unknown as { Penpal: typeof import('penpal') }).Penpal
        const pushes: unknown[] = []
        const connection = P.connect<Record<string, (arg?: unknown) => Promise<Envelope>>>({
          messenger: new P.WindowMessenger({
            remoteWindow: iframe.contentWindow!,
            allowedOrigins: [modalOrigin],
          }),
          methods: {
            stateChanged: async (state: unknown) => {
              pushes.push(state)
              return { ok: true, value: undefined }
            },
            emitEvent: async () => ({ ok: true, value: undefined }),
          },
        })
        const remote = await connection.promise
        Object.assign(window, { evilRemote: remote, evilPushes: pushes })
        const payment = {
          recipient: '0x0000000000000000000000000000000000000001',
          amount: 1,
          paymentAsset: {
            network: 'eip155:31337',
            asset: 'native',
            metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        }
        return {
          // An unlisted method opens the modal on its error; a payment opens the Pay view.
          unlisted: await remote.request!({ namespace: 'eip155', method: 'wallet_notAMethod' }),
          pay: await remote.pay!(payment),
          switchNetwork: await remote.switchNetwork!('eip155:31338'),
          chainId: await remote.request!({ namespace: 'eip155', method: 'eth_chainId' }),
        }
      },
      {
        src: `${SITES.modal}/?projectId=${PROJECT_ID}&origin=${encodeURIComponent(SITES.evil)}`,
        modalOrigin: SITES.modal,
      },
    )
    for (const reply of Object.values(early)) {
      expect(reply).toMatchObject({ ok: false, error: { code: 'not_ready' } })
    }

    // Then an init, and a call right behind it: the call waits for the verdict on the site.
    await page.evaluate(() => {
      const w = window as unknown as {
        evilRemote: Record<string, (arg?: unknown) => Promise<Envelope>>
        evilBehind?: Envelope
      }
      void w.evilRemote.init!({ projectId: 'demo' })
      void w.evilRemote.request!({ namespace: 'eip155', method: 'eth_chainId' }).then((reply) => {
        w.evilBehind = reply
      })
    })
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { evilBehind?: Envelope }).evilBehind)).toBe(
      undefined,
    )
    release()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { evilBehind?: Envelope }).evilBehind))
      .toMatchObject({ ok: false, error: { code: 'invalid_app_configuration' } })
    // Nothing opened over the page at any point.
    const pushes = await page.evaluate(
      () => (window as unknown as { evilPushes: { open?: boolean }[] }).evilPushes,
    )
    expect(pushes.length).toBeGreaterThan(0)
    expect(pushes.some((state) => state.open === true)).toBe(false)
  })

  test('malformed and oversized calls on the channel get typed errors and are logged', async ({ page }) => {
    const lines = collectConsole(page)
    await page.goto('/bare.html')
    await page.addScriptTag({ path: PENPAL })
    const replies = await page.evaluate(
      async ({ src, modalOrigin }) => {
        const iframe = document.createElement('iframe')
        iframe.src = src
        document.body.appendChild(iframe)
        const P = (window as unknown as { Penpal: typeof import('penpal') }).Penpal
        const connection = P.connect<Record<string, (arg?: unknown) => Promise<unknown>>>({
          messenger: new P.WindowMessenger({
            remoteWindow: iframe.contentWindow!,
            allowedOrigins: [modalOrigin],
          }),
          methods: {
            stateChanged: async () => ({ ok: true, value: undefined }),
            emitEvent: async () => ({ ok: true, value: undefined }),
          },
        })
        const remote = await connection.promise
        return {
          malformed: await remote.open!({ view: 'NoSuchView' }),
          unknownKey: await remote.init!({ projectId: 'demo', injected: '<script>' }),
          oversized: await remote.setThemeVariables!({ '--w3m-accent': 'x'.repeat(300_000) }),
        }
      },
      {
        src: `${SITES.modal}/?projectId=${PROJECT_ID}&origin=${encodeURIComponent(SITES.host)}`,
        modalOrigin: SITES.modal,
      },
    )
    expect(replies.malformed).toMatchObject({
      ok: false,
      error: { code: 'validation_error', shortMessage: 'Invalid open argument' },
    })
    expect(replies.unknownKey).toMatchObject({
      ok: false,
      error: { code: 'validation_error', issues: [{ code: 'unrecognized_keys' }] },
    })
    expect(replies.oversized).toMatchObject({
      ok: false,
      error: { code: 'validation_error', issues: [{ code: 'too_big' }] },
    })
    expect(lines.some((l) => l.includes('dropped message (malformed)'))).toBe(true)
    expect(lines.some((l) => l.includes('dropped message (oversized)'))).toBe(true)
  })
})
