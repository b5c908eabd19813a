import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectViewAccessible, frameOf } from './axe.ts'
import { rejectInSecureFrame, requestLoginCode, saveRecoveryText, secureFrame } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { SITES } from './sites.ts'
import { installTestWallet } from './testWallet.ts'

/**
 * The views as a person sees them, compared with reviewed screenshots (e2e/
 * screenshots.spec.ts-snapshots) at a desktop and a phone size, light and dark: a squashed field, an
 * overflowing row or a lost image changes far more than the 1 % of pixels allowed for anti-aliasing.
 * The views here show the same thing on every run; what differs per run (a pairing's QR code, the
 * test account's balance) is masked. Update after a deliberate change with `npx playwright test e2e/screenshots.spec.ts
 * --update-snapshots` and review the images.
 *
 * One page shows every view that needs the same page (one load, one wallet connected, one e-mail
 * login), each view a step of its own so a failure names it; a view once open is taken at every size
 * and theme in turn, switched in place (the viewport resized, `setThemeMode`), as a person turning a
 * phone or a site switching its theme sees it. A picture's name, not the test's, picks its baseline.
 * axe runs once per view and theme: at the desktop size (the phone's views are the same markup,
 * narrower).
 */
const SIZES = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 390, height: 844 },
} as const
const THEMES = ['light', 'dark'] as const
/** The size whose pictures are also checked by axe. */
const AXE_SIZE: keyof typeof SIZES = 'desktop'
/** Every picture's size and theme, in the order they are taken. */
const VARIANTS = (Object.keys(SIZES) as (keyof typeof SIZES)[]).flatMap((size) =>
  THEMES.map((theme) => ({ size, theme })),
)

/** anvil's seventh account: no other test signs with it, and the chain world seeds it no tokens. */
const QUIET_ACCOUNT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
/**
 * anvil's sixth account, which elsewhere signs only SIWX messages (siwx.attacks.spec.ts): the names
 * registered here are its own, so no test that reads an account's name meets them.
 */
const NAMED_ACCOUNT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

const COMPARE = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 } as const

/**
 * The picture compared with its baseline (softly: the views after it are still compared), then, when
 * `accessible` (once per view and theme), axe-core run on what it shows (the modal, and the secure
 * frame's screen when one is up): every view, in both themes, has no serious or critical WCAG 2.2 AA
 * violation.
 */
async function expectPicture(
  page: Page,
  target: Locator,
  name: string,
  options: typeof COMPARE & { mask?: Locator[] },
  accessible: boolean,
): Promise<void> {
  await expect.soft(target).toHaveScreenshot(name, options)
  if (accessible) await expectViewAccessible(page, name.replace(/\.png$/, ''))
}

/**
 * What shows now, taken at every size and theme in turn (`<name>-<size>-<theme>.png`): the viewport
 * resized and the theme switched in place, axe at AXE_SIZE.
 */
async function expectPictures(
  page: Page,
  target: Locator,
  name: string,
  options: typeof COMPARE & { mask?: Locator[] },
): Promise<void> {
  for (const { size, theme } of VARIANTS) {
    await page.setViewportSize(SIZES[size])
    await page.evaluate((mode) => window.appkit.setThemeMode(mode), theme)
    await expectPicture(page, target, `${name}-${size}-${theme}.png`, options, size === AXE_SIZE)
  }
}

type ViewCase = {
  name: string
  /** `retry` is '' on the first try, '-1' on a retry: for what must differ from the first try's. */
  open(page: Page, retry: string): Promise<void>
  ready(m: ReturnType<typeof modal>): Promise<void>
  mask?(m: ReturnType<typeof modal>): Locator[]
}

/** Views that need the same page: shown one after the other in it, the modal closed in between. */
type ViewGroup = {
  name: string
  /** The demo page the views open on ('/' unless said). */
  path?: string
  /** Before the page loads: the browser wallets the host page has, when none is connected first. */
  prepare?(page: Page): Promise<void>
  /** Connected with the test browser wallet (anvil's first account) first. */
  connected?: boolean
  /**
   * The wallet's account when a picture shows its holdings' list: one of anvil's accounts no other
   * test uses (ETH only, never spent), so the list keeps its length whatever ran before.
   */
  account?: string
  /** A view that leaves the page busy (a payment pending, the active chain switched) comes last. */
  views: ViewCase[]
}

const GROUPS: ViewGroup[] = [
  {
    name: 'not connected',
    views: [
      {
        name: 'connect',
        open: (page) => page.evaluate(() => window.appkit.open()),
        ready: (m) => expect(m.getByTestId('social-icon-github')).toBeVisible(),
      },
      {
        name: 'all-wallets',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'AllWallets' })),
        ready: (m) => expect(m.locator('.mk-wallet-icon').first()).toBeVisible(),
      },
      {
        name: 'networks',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'Networks' })),
        ready: (m) => expect(m.getByTestId('network-eip155:31337')).toBeVisible(),
      },
      {
        name: 'unsupported-chain',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'UnsupportedChain' })),
        ready: (m) => expect(m.getByTestId('view-UnsupportedChain')).toBeVisible(),
      },
      {
        name: 'walletconnect-qr',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'ConnectingWalletConnect' })),
        ready: (m) => expect(m.getByTestId('wc-qr')).toBeVisible({ timeout: 15_000 }),
        // A new pairing URI each time.
        mask: (m) => [m.getByTestId('wc-qr')],
      },
      {
        name: 'walletconnect-basic',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'ConnectingWalletConnectBasic' })),
        ready: (m) => expect(m.getByTestId('wc-qr')).toBeVisible({ timeout: 15_000 }),
        // A new pairing URI each time.
        mask: (m) => [m.getByTestId('wc-qr')],
      },
      {
        name: 'farcaster',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'ConnectingFarcaster' })),
        ready: (m) => expect(m.getByTestId('farcaster-qr').locator('svg')).toBeVisible({ timeout: 20_000 }),
        // A new relay channel each time, and the time it has left.
        mask: (m) => [m.getByTestId('farcaster-qr'), m.getByTestId('farcaster-expiry')],
      },
      {
        name: 'pay',
        open: (page) =>
          page.evaluate(() => {
            // The payment stays pending while the picture is taken (the page is left after it).
            void window.appkit
              .pay({
                recipient: '0x000000000000000000000000000000000000dEaD',
                amount: 0.0125,
                paymentAsset: {
                  network: 'eip155:31337',
                  asset: 'native',
                  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
                },
              })
              .catch(() => undefined)
          }),
        ready: (m) => expect(m.getByTestId('pay-amount')).toHaveText('0.0125 ETH'),
      },
    ],
  },
  {
    name: 'connected',
    connected: true,
    views: [
      {
        name: 'receive',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'WalletReceive' })),
        ready: (m) => expect(m.getByTestId('receive-qr')).toBeVisible(),
      },
      {
        name: 'send',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'WalletSend' })),
        ready: (m) => expect(m.getByTestId('send-token')).toHaveText('Select token'),
        // Were a token picked, its balance moves with the other tests' transactions.
        mask: (m) => [m.getByTestId('send-token-balance')],
      },
      {
        name: 'swap',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'Swap' })),
        ready: (m) => expect(m.getByTestId('swap-amount')).toBeVisible(),
        mask: (m) => [m.getByTestId('swap-from-balance'), m.getByTestId('swap-to-balance')],
      },
      {
        name: 'buy',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'OnRampProviders' })),
        // The picture has the quote (masked: its figures move) and the button it enables: both waited for.
        ready: async (m) => {
          await expect(m.getByTestId('onramp-provider-select')).toHaveValue('localramp', { timeout: 15_000 })
          await expect(m.getByTestId('onramp-quote')).toBeVisible({ timeout: 15_000 })
          await expect(m.getByTestId('onramp-buy')).toBeEnabled()
        },
        mask: (m) => [m.getByTestId('onramp-quote')],
      },
      {
        name: 'profile-wallets',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'ProfileWallets' })),
        ready: (m) => expect(m.getByTestId('profile-add-wallet')).toBeVisible(),
      },
      {
        name: 'choose-name',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'RegisterAccountName' })),
        ready: (m) => expect(m.getByTestId('account-name')).toBeVisible(),
      },
      {
        name: 'switch-active-chain',
        open: async (page) => {
          await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
          await modal(page).getByTestId('network-bip122:000000000019d6689c085ae165831e93').click()
        },
        ready: (m) => expect(m.getByTestId('switch-active-chain-title')).toBeVisible(),
      },
    ],
  },
  {
    name: 'connected with the quiet account',
    connected: true,
    account: QUIET_ACCOUNT,
    views: [
      {
        name: 'account',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'Account' })),
        ready: (m) => expect(m.getByTestId('tokens-list')).toBeVisible({ timeout: 15_000 }),
        // The test account's balances and name move with the other tests' transactions and names.
        mask: (m) => [
          m.getByTestId('account-identity'),
          m.getByTestId('account-balance'),
          m.getByTestId('tokens-list'),
        ],
      },
      {
        name: 'send-select-token',
        open: (page) => page.evaluate(() => window.appkit.open({ view: 'WalletSendSelectToken' })),
        ready: (m) => expect(m.getByTestId('send-token-list')).toBeVisible({ timeout: 15_000 }),
        // The balances move with the other tests' transactions.
        mask: (m) => [m.getByTestId('send-token-list')],
      },
      {
        name: 'send-preview',
        open: async (page) => {
          await page.evaluate(() => window.appkit.open({ view: 'WalletSend' }))
          const m = modal(page)
          await m.getByTestId('send-token').click()
          await m.getByTestId('send-token-ETH').click()
          await m.getByTestId('send-amount').fill('0.5')
          await m.getByTestId('send-recipient').fill('0x000000000000000000000000000000000000dEaD')
          await m.getByTestId('send-review').click()
        },
        ready: (m) => expect(m.getByTestId('send-preview-fee')).toHaveAttribute('data-status', 'ready'),
        // The fee follows the node's gas price.
        mask: (m) => [m.getByTestId('send-preview-fee')],
      },
      {
        name: 'buy-in-progress',
        // Nobody sends it the USDC: the purchase waits while the picture is taken (never paid, it never arrives).
        open: async (page) => {
          await page.evaluate(() => window.appkit.open({ view: 'OnRampProviders' }))
          const m = modal(page)
          await expect(m.getByTestId('onramp-quote')).toBeVisible({ timeout: 15_000 })
          const popup = page.waitForEvent('popup')
          await m.getByTestId('onramp-buy').click()
          await (await popup).close()
        },
        // The amount awaited is the price table's, the same on every run.
        ready: (m) => expect(m.getByTestId('onramp-waiting')).toBeVisible({ timeout: 15_000 }),
      },
    ],
  },
  {
    name: 'connected with the named account',
    connected: true,
    account: NAMED_ACCOUNT,
    views: [
      {
        name: 'name-registered',
        // The same words on every run (the API starts empty with each run's stack).
        open: async (page, retry) => {
          await page.evaluate(() => window.appkit.open({ view: 'RegisterAccountName' }))
          const m = modal(page)
          await m.getByTestId('account-name').fill(`shots${retry}`)
          await expect(m.getByTestId('account-name-status')).toHaveText(`shots${retry}.reown.id is available`)
          await m.getByTestId('account-name-register').click()
        },
        ready: (m) => expect(m.getByTestId('account-name-registered')).toBeVisible({ timeout: 15_000 }),
      },
    ],
  },
  {
    // The site's host:port in the prompt moves a few digits' pixels with E2E_PORT_OFFSET, within the
    // tolerance (as the secure frame's "Requested by" does).
    name: 'signing in with a site',
    path: '/siwx.html',
    // An account that never signs in anywhere: the site has no session for it, so it always asks.
    prepare: (page) => installTestWallet(page, { account: QUIET_ACCOUNT }),
    views: [
      {
        name: 'siwx-sign',
        open: async (page) => {
          await page.evaluate(() => window.appkit.open())
          await modal(page).getByTestId('wallet-test.wallet').click()
        },
        ready: async (m) => {
          await expect(m.getByTestId('view-SIWXSignMessage')).toBeVisible({ timeout: 15_000 })
          await expect(m.getByTestId('siwx-sign')).toBeEnabled()
        },
      },
    ],
  },
  {
    name: 'a wallet that does not answer',
    prepare: installWaitingWallet,
    views: [
      {
        name: 'connecting-external',
        open: async (page) => {
          await page.evaluate(() => window.appkit.open())
          await modal(page).getByTestId('wallet-test.wallet').click()
        },
        ready: (m) =>
          expect(m.getByTestId('view-ConnectingExternal').locator('.mk-wallet-icon')).toBeVisible(),
      },
    ],
  },
  {
    name: 'a wallet that rejects',
    prepare: (page) => installTestWallet(page),
    views: [
      {
        name: 'connecting-external-rejected',
        open: async (page) => {
          await page.evaluate(() =>
            (window as unknown as { __testWallet: { rejectNext(): void } }).__testWallet.rejectNext(),
          )
          await page.evaluate(() => window.appkit.open())
          await modal(page).getByTestId('wallet-test.wallet').click()
        },
        ready: (m) => expect(m.getByTestId('connect-retry')).toBeVisible(),
      },
    ],
  },
]

/**
 * The test wallet, except that it never answers a connection request (the person has not decided
 * yet): the modal waits on ConnectingExternal. The provider the test wallet announces is wrapped.
 */
async function installWaitingWallet(page: Page): Promise<void> {
  await installTestWallet(page)
  await page.addInitScript(() => {
    if (window !== window.top) return
    type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    const onAnnounce = (event: Event) => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      const { provider } = (event as CustomEvent<{ provider: Provider }>).detail
      const request = provider.request.bind(provider)
      provider.request = (args) =>
        args.method === 'eth_requestAccounts' ? new Promise<never>(() => {}) : request(args)
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
}

async function connectTestWallet(page: Page): Promise<void> {
  await page.evaluate(() => window.appkit.open())
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await closeModal(page)
}

/** The modal closed by the site, before the next view opens. */
async function closeModal(page: Page): Promise<void> {
  await page.evaluate(() => window.appkit.close())
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
}

/** A page loaded at the first picture's size. */
async function openPage(page: Page, path?: string): Promise<void> {
  await page.setViewportSize(SIZES[VARIANTS[0]!.size])
  await gotoReady(page, path)
}

/** '' on a test's first try, '-1' on its retry. */
const retrySuffix = (retry: number) => (retry > 0 ? `-${retry}` : '')

for (const group of GROUPS) {
  test(`${group.name}: ${group.views.map((v) => v.name).join(', ')} at every size and theme`, async ({
    page,
  }, testInfo) => {
    // A page load and a connection, then each view's own waits (up to 20 s for the slowest) and its
    // four pictures.
    test.setTimeout(30_000 + group.views.length * 30_000)
    await group.prepare?.(page)
    if (group.connected) await installTestWallet(page, group.account ? { account: group.account } : {})
    await openPage(page, group.path)
    if (group.connected) await connectTestWallet(page)
    for (const [index, view] of group.views.entries()) {
      await test.step(view.name, async () => {
        if (index > 0) await closeModal(page)
        await view.open(page, retrySuffix(testInfo.retry))
        const m = modal(page)
        await view.ready(m)
        // Every image in sight has loaded (or failed and been replaced) before the pictures are taken.
        await frameOf(page, SITES.modal).waitForFunction(() =>
          Array.from(document.images).every((img) => img.complete),
        )
        await expectPictures(page, m.getByTestId('w3m-modal'), view.name, {
          ...COMPARE,
          mask: view.mask?.(m) ?? [],
        })
      })
    }
  })
}

/**
 * "Resend code", whose seconds count down while the picture is taken (and on a slow run it may be
 * usable already): masked whole. Its own look is checked in e2e/emailResend.spec.ts.
 */
const resendWait = (m: ReturnType<typeof modal>) => [m.locator('.mk-resend')]

// The e-mail login's steps, reached for real, then what a logged-in wallet shows in the secure frame
// and the modal, all after one login. Where a hint names the address it is the same on every run (a
// retry's has its own suffix).
test("email login's steps, the secure frame's approval and changing the e-mail at every size and theme", async ({
  page,
  context,
}, testInfo) => {
  // Three mails' round trips, two logins, a signature request, and 32 pictures.
  test.setTimeout(240_000)
  const retry = retrySuffix(testInfo.retry)
  const m = modal(page)
  const shown = m.getByTestId('w3m-modal')

  await test.step("email login's device step", async () => {
    await openPage(page)
    await page.getByTestId('connect-button').click()
    await m.getByTestId('email-input').fill(`device${retry}@example.test`)
    await m.getByTestId('email-submit').click()
    // Waiting for the device to be approved from the mail's link (not followed here).
    await expect(m.getByTestId('email-device')).toBeVisible({ timeout: 15_000 })
    await expectPictures(page, shown, 'email-device', { ...COMPARE, mask: resendWait(m) })
  })

  // The code step (the device approved by its mail link), then a wrong code typed and refused.
  await test.step("email login's code step", async () => {
    await openPage(page)
    const code = await requestLoginCode(page, `screens${retry}@example.test`)
    await expectPictures(page, shown, 'email-code', { ...COMPARE, mask: resendWait(m) })
    await m.getByTestId('otp-input').fill(code === '000000' ? '111111' : '000000')
    await m.getByTestId('otp-submit').click()
    await expect(m.getByTestId('email-flow-error')).toBeVisible({ timeout: 15_000 })
    await expect(m.getByTestId('otp-submit')).toBeEnabled()
    await expectPictures(page, shown, 'email-code-wrong', { ...COMPARE, mask: resendWait(m) })
  })

  // A new wallet (a new address on every run, and on a retry): its recovery text in the secure
  // frame (the text itself differs on every run), typed back to finish the login.
  const email = `update-${randomUUID().slice(0, 8)}@example.test`
  await test.step("email login's recovery text", async () => {
    await openPage(page)
    const code = await requestLoginCode(page, email)
    await m.getByTestId('otp-input').fill(code)
    await m.getByTestId('otp-submit').click()
    const frame = secureFrame(page)
    await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
    await expectPictures(page, shown, 'email-recovery-text', {
      ...COMPARE,
      mask: [frame.getByTestId('recovery-text')],
    })
    await saveRecoveryText(page)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
      .toBe(true)
  })

  // The secure frame's approval of a signature: the wallet's address differs on every run, so it is
  // masked; the site, the message and the buttons are the picture.
  await test.step("the secure frame's signature approval", async () => {
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    const signing = page.evaluate(
      (from) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'personal_sign', params: ['Sign in to the demo site', from] })
          .then(
            () => 'signed',
            (error: { code?: number }) => error.code,
          ),
      address,
    )
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toBeVisible()
    await expectPictures(page, approval, 'approval-sign', {
      ...COMPARE,
      mask: [secureFrame(page).getByText(address!, { exact: true })],
    })
    await rejectInSecureFrame(page)
    expect(await signing).toBe(4001)
  })

  // The same address on a new device: the frame's restore screen, where the recovery text is typed
  // back. A second page keeps nothing of the first (the secure frame is denied storage here).
  await test.step("email login's restore step", async () => {
    const other = await context.newPage()
    await openPage(other)
    const again = await requestLoginCode(other, email)
    await modal(other).getByTestId('otp-input').fill(again)
    await modal(other).getByTestId('otp-submit').click()
    // The frame's screen takes the view's place in the modal while it shows.
    await expect(secureFrame(other).getByTestId('restore')).toBeVisible({ timeout: 20_000 })
    await expectPictures(other, modal(other).getByTestId('w3m-modal'), 'email-restore', COMPARE)
    await other.close()
  })

  // Changing the wallet's e-mail: the new address, then the code sent to the current one. The
  // logged-in address differs on every run: where it is named, it is masked.
  await test.step('changing the e-mail', async () => {
    await page.evaluate(() => window.appkit.open({ view: 'UpdateEmailWallet' }))
    await expect(m.getByTestId('view-UpdateEmailWallet')).toContainText(email)
    const named = { ...COMPARE, mask: [m.getByText(email)] }
    await expectPictures(page, shown, 'update-email', named)
    await m.getByTestId('email-input').fill(`next${retry}@example.test`)
    await m.getByTestId('email-submit').click()
    await expect(m.getByTestId('update-otp-hint')).toHaveText(`Enter the code we sent to ${email}`)
    await expectPictures(page, shown, 'update-email-code', named)
  })
})
