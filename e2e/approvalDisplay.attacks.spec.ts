import { randomUUID } from 'node:crypto'
import { shareReplaceTypedData } from '@modalkit/protocol'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { formatEther, getAddress, parseEther, parseUnits, verifyMessage } from 'ethers'
import {
  approveInSecureFrame,
  logInByEmail,
  readToEnd,
  rejectInSecureFrame,
  secureFrame,
} from './embeddedLogin.ts'
import { fund, rpc } from './evmNode.ts'
import { gotoReady } from './helpers.ts'

/**
 * Threat H3: the approval shows exactly what is signed. In each test the HOST PAGE is the
 * attacker: it sends the request through the site's provider and tries to make the secure frame's
 * screen say less, or other, than what the signature does.
 */

const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The site's EIP-1193 request; a rejection comes back as its code. */
function request(page: Page, method: string, params: unknown[]) {
  return page.evaluate(
    ([m, p]) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: m, params: p })
        .then(
          (result) => ({ result }),
          (error: { code: number }) => ({ code: error.code }),
        ),
    [method, params] as const,
  )
}

/** Logs a new user in by e-mail (and funds the wallet with 1 ETH on the local node); its address. */
async function loggedIn(page: Page, funded = false): Promise<string> {
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  if (funded) await fund(address)
  return address
}

/** The approval screen's fields as the user reads them: label → text. */
async function shownFields(page: Page): Promise<Record<string, string>> {
  const approval = secureFrame(page).getByTestId('approval')
  await expect(approval).toBeVisible({ timeout: 15_000 })
  const labels = await approval.locator('dt').allTextContents()
  const values = await approval.locator('dd').allTextContents()
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']))
}

/**
 * The contrast of an element's text against what it is drawn on (WCAG 2.x): its colour and the first
 * opaque background among it and its ancestors, as the browser resolved both.
 */
function contrastOnScreen(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d')!
    const rgba = (css: string) => {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = css
      canvas.fillRect(0, 0, 1, 1)
      return Array.from(canvas.getImageData(0, 0, 1, 1).data)
    }
    let background = [255, 255, 255, 255]
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor)
      if (color[3]! === 255) {
        background = color
        break
      }
    }
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const v = c / 255
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!
    }
    const [a, b] = [luminance(rgba(getComputedStyle(element).color)), luminance(background)]
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
  })
}

async function reject(page: Page): Promise<void> {
  await rejectInSecureFrame(page)
}

/**
 * Each attack is a step on one logged-in page: its own requests, each answered (approved or rejected)
 * before the next attack starts.
 */
const ATTACKS: { name: string; run: (page: Page, address: string) => Promise<void> }[] = []
const attack = (name: string, run: (page: Page, address: string) => Promise<void>) => {
  ATTACKS.push({ name, run })
}

attack(
  'personal_sign: bidi and zero-width characters are shown as markers, never raw',
  async (page, address) => {
    // Reads "Log in to good.test" with a right-to-left override hiding where the text goes, and a
    // zero-width space splitting a word a filter would look for.
    const spoof = 'Log in to good.test \u202Etset.live\u202C and app\u200Brove'
    const signing = request(page, 'personal_sign', [spoof, address])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toContainText('[U+202E]tset.live[U+202C]')
    await expect(approval).toContainText('app[U+200B]rove')
    const text = (await approval.textContent()) ?? ''
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/)
    await reject(page)
    expect(await signing).toEqual({ code: 4001 })

    // Each class the older table missed: a line separator, look-alike spaces (no-break, en quad,
    // ideographic, braille blank), a variation selector, and combining overlays on ASCII digits.
    const lookAlikes = 'Pay 1\u00a0000\u2000USDC\u3000to\u2800Bob\u2028ok\ufe0f 7\u20e5 0\u0336'
    const second = request(page, 'personal_sign', [lookAlikes, address])
    await expect(approval).toContainText(
      'Pay 1[U+00A0]000[U+2000]USDC[U+3000]to[U+2800]Bob[U+2028]ok[U+FE0F] 7[U+20E5] 0[U+0336]',
    )
    const shown = (await approval.textContent()) ?? ''
    for (const hidden of ['\u00a0', '\u2000', '\u3000', '\u2800', '\u2028', '\ufe0f', '\u20e5', '\u0336'])
      expect(shown).not.toContain(hidden)
    await reject(page)
    expect(await second).toEqual({ code: 4001 })
  },
)

attack(
  'typed data: an unlimited Permit2 amount nested in the message says Unlimited and names the spender',
  async (page, address) => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      primaryType: 'PermitSingle',
      domain: {
        name: 'Permit2',
        chainId: 31337,
        verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      },
      message: {
        details: { token, amount: (2n ** 160n - 1n).toString(), expiration: '281474976710655', nonce: '0' },
        spender: SPENDER,
        sigDeadline: '1700000000',
      },
    }
    const signing = request(page, 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
    const fields = await shownFields(page)
    expect(fields.Permit).toBe(`Allow ${SPENDER} to spend Unlimited of token ${token} until no expiry`)
    expect(fields['details.amount']).toBe((2n ** 160n - 1n).toString())
    expect(fields.spender).toBe(SPENDER)
    await reject(page)
    expect(await signing).toEqual({ code: 4001 })
  },
)

attack(
  'eth_sendTransaction: a fee cap far above the network estimate is a warning',
  async (page, address) => {
    const sending = request(page, 'eth_sendTransaction', [
      {
        from: address,
        to: RECIPIENT,
        value: '0x0',
        maxFeePerGas: '0xe8d4a51000',
        maxPriorityFeePerGas: '0x1',
      },
    ])
    const fields = await shownFields(page)
    expect(fields['Max fee per gas']).toBe('1000.0 gwei')
    expect(fields.Warning).toMatch(
      /^The site set a fee cap of 1000\.0 gwei per gas, over 3× the network's estimate/,
    )
    await expect(secureFrame(page).locator('dd.approval-warning')).toBeVisible()
    await reject(page)
    expect(await sending).toEqual({ code: 4001 })
  },
)

attack(
  'eth_sendTransaction: the signed transaction, read back from the node, is the one the screen showed',
  async (page, address) => {
    const sending = request(page, 'eth_sendTransaction', [
      { from: address, to: RECIPIENT, value: '0x38d7ea4c68000' },
    ])
    const fields = await shownFields(page)
    await approveInSecureFrame(page)
    const { result: hash } = (await sending) as { result: string }
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const tx = (await rpc('eth_getTransactionByHash', [hash])) as Record<string, string>
    expect(fields.Network).toBe('Local Anvil A (eip155:31337)')
    expect(BigInt(tx.chainId!)).toBe(31337n)
    expect(getAddress(tx.to!)).toBe(fields.To)
    expect(BigInt(tx.value!)).toBe(parseEther(fields.Value!.replace(/ ETH$/, '')))
    expect(BigInt(tx.nonce!)).toBe(BigInt(fields.Nonce!))
    expect(BigInt(tx.gas!)).toBe(BigInt(fields['Gas limit']!))
    expect(BigInt(tx.maxFeePerGas!)).toBe(
      parseUnits(fields['Max fee per gas']!.replace(/ gwei$/, ''), 'gwei'),
    )
    const total = BigInt(tx.value!) + BigInt(tx.gas!) * BigInt(tx.maxFeePerGas!)
    expect(fields.Total).toBe(`up to ${formatEther(total)} ETH`)
  },
)

attack(
  "the host page cannot set the secure frame's language: a forged SYNC_LOCALE is dropped",
  async (page, address) => {
    const first = request(page, 'personal_sign', ['0x6869', address])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toHaveAttribute('lang', 'en')
    // The host page reaches the secure frame's window through the modal's iframe and posts what the
    // modal would: the frame must take SYNC_LOCALE from the modal's origin only.
    await page.evaluate(() => {
      for (const iframe of Array.from(document.querySelectorAll('iframe'))) {
        const modalWindow = iframe.contentWindow
        if (!modalWindow) continue
        for (let i = 0; i < modalWindow.frames.length; i++)
          modalWindow.frames[i]?.postMessage(
            { type: '@w3m-app/SYNC_LOCALE', id: `${i}`.padStart(32, 'f'), payload: { locale: 'ar' } },
            '*',
          )
      }
    })
    await reject(page)
    expect(await first).toEqual({ code: 4001 })
    // Had the frame taken it, its next screen would speak Arabic, right to left.
    const second = request(page, 'personal_sign', ['0x6869', address])
    await expect(approval).toBeVisible()
    await expect(approval).toHaveAttribute('lang', 'en')
    await expect(approval).toHaveAttribute('dir', 'ltr')
    await expect(approval).toContainText('Requested by')
    await reject(page)
    expect(await second).toEqual({ code: 4001 })
  },
)

attack(
  "the host page cannot fade the approval's text into its background with the theme's colour mix",
  async (page, address) => {
    // A site's theme reaches the secure frame (SYNC_THEME). At full strength, black mixed into the light
    // theme's white background would make it the colour of the text.
    await page.evaluate(() =>
      window.appkit.setThemeVariables({ '--w3m-color-mix': '#000000', '--w3m-color-mix-strength': 100 }),
    )
    const pending = request(page, 'personal_sign', ['0x6869', address])
    const approval = secureFrame(page).getByTestId('approval')
    await expect(approval).toBeVisible({ timeout: 15_000 })
    // The text's colour against the background it is drawn on, as the browser resolved both.
    const contrast = await contrastOnScreen(approval.locator('dd').first())
    expect(contrast).toBeGreaterThanOrEqual(4.5)
    await reject(page)
    expect(await pending).toEqual({ code: 4001 })
  },
)
attack(
  "a warning stands above the fields, and Approve waits until the request's last line was seen",
  async (page, address) => {
    const frame = secureFrame(page)
    // A fee cap far over the estimate, far down the list of fields: it must be in sight all the same.
    const sending = request(page, 'eth_sendTransaction', [
      {
        from: address,
        to: RECIPIENT,
        value: '0x0',
        maxFeePerGas: '0xe8d4a51000',
        maxPriorityFeePerGas: '0x1',
      },
    ])
    const warnings = frame.getByTestId('approval-warnings')
    await expect(warnings).toContainText(/The site set a fee cap of 1000\.0 gwei per gas/, {
      timeout: 15_000,
    })
    const box = frame.locator('.approval-fields-scroll')
    // Both read in one frame: the screen may still be sliding in, moving both alike.
    const above = await frame.getByTestId('approval').evaluate((panel) => {
      const top = (selector: string) => panel.querySelector(selector)!.getBoundingClientRect().top
      return top('[data-testid="approval-warnings"]') < top('.approval-fields-scroll')
    })
    expect(above).toBe(true)
    await reject(page)
    expect(await sending).toEqual({ code: 4001 })

    // A message far longer than the box: what is signed goes on below its fold.
    const message = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n')
    const signing = request(page, 'personal_sign', [message, address])
    const approve = frame.getByTestId('approval-approve')
    await expect(approve).toBeVisible({ timeout: 15_000 })
    expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight + 100)).toBe(true)
    await frame.getByTestId('approval').hover()
    await page.mouse.move(10, 10)
    await approve.hover()
    // Seen whole and rested on far past the 500 ms each needs: still not armed, a click does nothing.
    await page.waitForTimeout(1_500)
    await approve.hover({ position: { x: 5, y: 5 } })
    await expect(approve).toHaveAttribute('aria-disabled', 'true')
    // A person's click, whatever the button says (Playwright would wait for it to be enabled).
    await approve.click({ force: true })
    await expect(approve).toBeVisible()
    // Read to its end, Approve arms as always and the message is signed.
    await readToEnd(box)
    await approve.hover()
    await expect(approve).toBeEnabled()
    await approve.click()
    const { result } = (await signing) as { result: string }
    expect(verifyMessage(message, result)).toBe(getAddress(address))
  },
)

attack(
  "the site's accent and font do not reach the approval's buttons: transparent, and a symbol font",
  async (page, address) => {
    const frame = secureFrame(page)
    const probe = async () => {
      const pending = request(page, 'personal_sign', ['0x6869', address])
      const approve = frame.getByTestId('approval-approve')
      await expect(approve).toBeVisible({ timeout: 15_000 })
      const shown = {
        contrast: await contrastOnScreen(approve),
        font: await approve.evaluate((element) => getComputedStyle(element).fontFamily),
      }
      await reject(page)
      expect(await pending).toEqual({ code: 4001 })
      return shown
    }
    for (const accent of ['transparent', 'rgba(0,0,0,0)', '#ffffff']) {
      await page.evaluate(
        (value) =>
          window.appkit.setThemeVariables({
            '--w3m-accent': value,
            '--w3m-font-family': 'Webdings, Wingdings, Symbol',
          }),
        accent,
      )
      const shown = await probe()
      expect(shown.contrast, accent).toBeGreaterThanOrEqual(4.5)
      expect(shown.font, accent).not.toMatch(/Webdings|Wingdings|Symbol/)
    }
    // Had the site's text reached an HTML sink in the frame, Trusted Types (the frame's CSP) refuses it.
    const sink = await frame.locator('body').evaluate((body) => {
      try {
        body.insertAdjacentHTML('beforeend', '<img src=x>')
        return 'parsed'
      } catch (error) {
        return (error as Error).name
      }
    })
    expect(sink).toBe('TypeError')
  },
)
attack(
  "the host page asks for the secure frame's own signature (the auth share's replacement): refused before any screen",
  async (page, address) => {
    const { domain, types, primaryType, message } = shareReplaceTypedData({
      userId: 'the-user',
      shareSha256: '00'.repeat(32),
      nonce: 'n'.repeat(22),
      expiresAt: Date.now() + 60_000,
    })
    const typedData = {
      domain,
      primaryType,
      message,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
        ],
        ...types,
      },
    }
    const refused = await request(page, 'eth_signTypedData_v4', [address, JSON.stringify(typedData)])
    expect(refused).toEqual({ code: 4001 })
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
    // The refusal left nothing behind: the next honest request is shown as usual.
    const honest = request(page, 'personal_sign', ['0x6869', address])
    await expect(secureFrame(page).getByTestId('approval')).toBeVisible({ timeout: 15_000 })
    await reject(page)
    expect(await honest).toEqual({ code: 4001 })
  },
)

test('the approval screen against a hostile host page: each attack after one login (funded with 1 ETH)', async ({
  page,
}) => {
  // A login, then each attack on its own requests: about 5 s each on a loaded machine.
  test.setTimeout(240_000)
  const address = await loggedIn(page, true)
  for (const { name, run } of ATTACKS) await test.step(name, () => run(page, address))
})
