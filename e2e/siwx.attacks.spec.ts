import { formatSiwxMessage, SITE_ORIGIN_HEADER, type SiwxMessage } from '@modalkit/protocol'
import { expect, test } from '@playwright/test'
import { expectLogged, modal } from './helpers.ts'
import { SITES, STACK_ENV } from './sites.ts'
import { apiSessions, siwxTokens } from './siwxPage.ts'
import { installTestWallet } from './testWallet.ts'

/**
 * The API's default SIWX verifier under attack (SECURITY.md "SIWX session"). A browser wallet signs
 * in the host page, so the host page sees every signature it gives: a hostile page, or one that
 * got a signature for another site, tries to turn them into sessions. Before SIWX was built the API had no
 * verifier; each refusal here is the check that makes it one.
 */
const VICTIM = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const NODE = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const API = `${STACK_ENV.API_INTERNAL_URL}/v1/siwx`

async function api(path: string, body?: unknown, site: string = SITES.host) {
  const res = await fetch(`${API}/${path}${path.includes('?') ? '&' : '?'}projectId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: site },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: res.status,
    body: (await res.json()) as { error?: { code: string; message: string } } & Record<string, unknown>,
  }
}

/** The victim's wallet signs whatever text it is shown (anvil's unlocked account, as a wallet would). */
async function walletSigns(text: string): Promise<string> {
  const hex = `0x${Buffer.from(text, 'utf8').toString('hex')}`
  const res = await fetch(NODE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'personal_sign', params: [hex, VICTIM] }),
  })
  return ((await res.json()) as { result: string }).result
}

async function freshNonce(site: string = SITES.host): Promise<string> {
  const { status, body } = await api('nonce', undefined, site)
  expect(status).toBe(200)
  return body.nonce as string
}

const messageFor = (site: string, patch: Partial<SiwxMessage> & { nonce: string }): SiwxMessage => ({
  domain: new URL(site).host,
  uri: site,
  accountAddress: VICTIM,
  chainId: 'eip155:31337',
  version: '1',
  issuedAt: new Date().toISOString(),
  ...patch,
})

test.describe('SIWX: the API refuses sessions it did not see signed for this site, now', () => {
  test('a signature the host page recorded is replayed: the nonce was used once', async ({ page }) => {
    await installTestWallet(page, { account: VICTIM })
    const tokens = siwxTokens(page)
    await page.goto('/siwx.html')
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-test.wallet').click()
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    // The session's signed text and signature, as the page that signed in holds them.
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31337', VICTIM)).length).toBe(1)
    const listed = await apiSessions(tokens, 'eip155:31337', VICTIM)
    const { message, signature } = listed[0]!
    const replay = await api('sessions', { message, signature })
    expect(replay).toEqual({
      status: 401,
      body: {
        error: {
          code: 'siwx_nonce_invalid',
          message: 'The sign-in nonce is unknown, expired or already used',
          field: 'body.message',
        },
      },
    })
  })

  test('a message signed for another domain is refused, even with a live nonce of this site', async () => {
    const nonce = await freshNonce()
    const text = formatSiwxMessage(messageFor(SITES.evil, { nonce }))
    const refused = await api('sessions', { message: text, signature: await walletSigns(text) })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({
      code: 'siwx_domain_mismatch',
      message: 'The sign-in message is for another domain',
    })
    // A message for this site taken to another allowed site of the project is refused the same way.
    const theirs = formatSiwxMessage(messageFor(SITES.host, { nonce: await freshNonce() }))
    const moved = await api(
      'sessions',
      { message: theirs, signature: await walletSigns(theirs) },
      SITES.third,
    )
    expect(moved.body.error?.code).toBe('siwx_domain_mismatch')
    // And a site not allowed for the project gets no nonce at all.
    expect((await api('nonce', undefined, SITES.evil)).status).toBe(403)
  })

  test('an expired message is refused', async () => {
    const text = formatSiwxMessage(
      messageFor(SITES.host, {
        nonce: await freshNonce(),
        issuedAt: new Date(Date.now() - 120_000).toISOString(),
        expirationTime: new Date(Date.now() - 60_000).toISOString(),
      }),
    )
    const refused = await api('sessions', { message: text, signature: await walletSigns(text) })
    expect(refused).toMatchObject({
      status: 401,
      body: { error: { code: 'siwx_expired', message: 'The sign-in message has expired' } },
    })
  })
})
