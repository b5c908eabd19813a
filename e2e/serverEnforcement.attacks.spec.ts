import { randomUUID } from 'node:crypto'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { expect, test } from '@playwright/test'
import { gotoReady, modal } from './helpers.ts'
import { mailIds, waitForMail } from './mailbox.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'

/** The API as a script or a scanner reaches it (the *.test names resolve only inside Chromium). */
const API = STACK_ENV.API_INTERNAL_URL
/** A loopback address of this machine that no browser or other test connects from. */
const FLOOD_CLIENT = '127.0.0.2'

/** POSTs JSON to the API from `localAddress`: the API counts it as that client. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', localAddress, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}
const SITE_HEADER = 'x-modalkit-site-origin'

/**
 * "The server enforces what the client only asked for": the host page (or evil.test) is
 * the attacker, and what it asks for locally must not buy it service the project did not grant.
 */
test.describe('server enforcement against a hostile site', () => {
  test('a site on an unlisted origin that sets basic: true and turns e-mail and socials off still gets no service', async ({
    page,
  }) => {
    await page.goto(`${SITES.evil}/bare.html`)
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve, reject) => {
          const script = document.createElement('script')
          script.src = src
          script.onload = () => resolve()
          script.onerror = () => reject(new Error('loader failed to load'))
          document.head.appendChild(script)
        }),
      `${SITES.modal}/appkit.js`,
    )
    await page.evaluate(
      (projectId) =>
        window.appkit.init({ projectId, basic: true, features: { email: false, socials: false } }),
      PROJECT_ID,
    )
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('w3m-alert')).toContainText('Invalid App Configuration')
    // A read the modal would answer through the API: refused, as EIP-1193 carries it (-32603, our words).
    const answer = await page.evaluate(() =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: 'eth_blockNumber' })
        .then(
          () => 'served',
          (e: { code: number; message: string; data?: { code?: string } }) => ({
            code: e.code,
            message: e.message,
            named: e.data?.code,
          }),
        ),
    )
    expect(answer).toEqual({
      code: -32603,
      message: 'Invalid App Configuration',
      named: 'invalid_app_configuration',
    })
    const switched = await page.evaluate(() =>
      window.appkit.switchNetwork('eip155:31338').then(
        () => 'served',
        (e: { code: string }) => e.code,
      ),
    )
    expect(switched).toBe('invalid_app_configuration')
  })

  test('the API refuses the chain proxy, the wallet directory and analytics to an unlisted site origin', async ({
    request,
  }) => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    const rpc = `${API}/v1/?chainId=eip155:31337&projectId=${PROJECT_ID}`
    const evil = { [SITE_HEADER]: SITES.evil }
    expect((await request.post(rpc, { data: call, headers: evil })).status()).toBe(403)
    // No site named (a no-cors form post from evil.test cannot set the header) is no site allowed.
    expect((await request.post(rpc, { data: call })).status()).toBe(403)
    expect((await request.get(`${API}/v1/wallets?projectId=${PROJECT_ID}`, { headers: evil })).status()).toBe(
      403,
    )
    const event = {
      eventId: randomUUID(),
      url: `${SITES.host}/`, // a listed url in the body proves nothing
      domain: new URL(SITES.host).host,
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN' },
    }
    const analytics = await request.post(`${API}/e?projectId=${PROJECT_ID}`, { data: event, headers: evil })
    expect(analytics.status()).toBe(403)
    // The listed site is served.
    const ok = await request.post(rpc, { data: call, headers: { [SITE_HEADER]: SITES.host } })
    expect(ok.status()).toBe(200)
  })

  test('a mail scanner opening the approval link approves nothing; the button does', async ({
    page,
    request,
  }) => {
    const email = `scan-${randomUUID().slice(0, 8)}@example.test`
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('email-input').fill(email)
    const seen = await mailIds()
    await m.getByTestId('email-submit').click()
    await expect(m.getByTestId('email-device')).toBeVisible({ timeout: 15_000 })
    const approval = await waitForMail(email, /Approve a new device/, seen)
    const link = /https?:\/\/\S+(\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+)/.exec(approval.text)
    expect(link).not.toBeNull()
    // The scanner: a plain GET of the link, twice, as link checkers do.
    for (let i = 0; i < 2; i++) expect((await request.get(`${API}${link![1]}`)).status()).toBe(200)
    await page.waitForTimeout(3_000) // the frame polls every 2 s
    await expect(m.getByTestId('email-device')).toBeVisible()
    await expect(m.getByTestId('otp-input')).toHaveCount(0)
    // The reader: opens the link and presses the button.
    const mailTab = await page.context().newPage()
    await mailTab.goto(link![0])
    await mailTab.getByRole('button', { name: 'Approve this device' }).click()
    await expect(mailTab.locator('body')).toContainText('Device approved')
    await mailTab.close()
    await expect(m.getByTestId('otp-input')).toBeVisible({ timeout: 15_000 })
    const codeMail = await waitForMail(email, /Your login code/, seen)
    expect(codeMail.subject).toBe('Your login code')
  })

  test('a forged siteOrigin body field does not change "Requested by"', async ({ request }) => {
    const email = `forged-${randomUUID().slice(0, 8)}@example.test`
    const seen = await mailIds()
    const res = await request.post(`${API}/v1/auth/email/start`, {
      headers: { origin: SITES.auth, [SITE_HEADER]: SITES.host },
      data: { projectId: PROJECT_ID, email, siteOrigin: SITES.evil, deviceId: `device-${randomUUID()}` },
    })
    expect(res.status()).toBe(200)
    const mail = await waitForMail(email, /Approve a new device/, seen)
    expect(mail.text).toContain(`Requested by ${SITES.host} from`)
    expect(mail.text).not.toContain('evil.test')
  })

  // From its own loopback address: the flood spends that client's RPC quota for a minute, never the
  // one of 127.0.0.1, which the tests in the other worker are served on.
  test("an RPC proxy batch flood gets 429 'Rate Limited'", async () => {
    const batch = Array.from({ length: 1000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' }))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const rpc = `${API}/v1/?chainId=eip155:31337&projectId=${PROJECT_ID}`
      const res = await postFrom(FLOOD_CLIENT, rpc, batch, { [SITE_HEADER]: SITES.host })
      statuses.push(res.status)
      if (res.status === 429) {
        expect(res.headers['retry-after']).toBe('60')
        expect(JSON.parse(res.body)).toEqual({ error: { code: 'rate_limited', message: 'Rate Limited' } })
        break
      }
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(6)
  })
})
