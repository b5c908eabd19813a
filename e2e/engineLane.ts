import { expect } from '@playwright/test'
import { Wallet } from 'ethers'
import { rpc } from './evmNode.ts'
import type { Box } from './lure.ts'
import { waitForMail } from './mailbox.ts'
import { PROJECT_ID, SITES } from './sites.ts'

/**
 * What the lanes of the other engines (e2e/firefox, e2e/webkit) share whatever drives their browser:
 * the mails of an e-mail login as the user reads them, and what the node says about the wallet.
 */

/**
 * The address the lanes' transfers go to: a fresh one per worker, so its balance moves only by the
 * lane's own sends (other specs send to anvil's accounts).
 */
export const RECIPIENT = Wallet.createRandom().address

/** The device approval link of the mail to `email` (not among `seen`), sent for the demo site. */
export async function deviceApprovalLink(email: string, seen: ReadonlySet<string>): Promise<string> {
  const mail = await waitForMail(email, /Approve a new device/, seen)
  expect(mail.text).toContain(`Requested by ${SITES.host}`)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+/.exec(mail.text)?.[0]
  expect(link).toBeDefined()
  return link!
}

/** The six-digit login code of the mail to `email` (not among `seen`). */
export async function loginCode(email: string, seen: ReadonlySet<string>): Promise<string> {
  const code = /code is (\d{6})\b/.exec((await waitForMail(email, /Your login code/, seen)).text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

/** The mined transaction's status on the node (`0x1` succeeded), once it has a receipt. */
export const receiptStatus = async (hash: string) =>
  ((await rpc('eth_getTransactionReceipt', [hash])) as { status?: string } | null)?.status

export const nonce = async (address: string) =>
  BigInt((await rpc('eth_getTransactionCount', [address, 'latest'])) as string)

export const balance = async (address: string) =>
  BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)

/** What the lanes read of the modal's layout in its frame (MODAL_LAYOUT_SCRIPT). */
export type ModalLayout = {
  viewport: { width: number; height: number }
  dir: string | null
  lang: string | null
  title: string
  card: Box | null
  /** How far the modal's document runs out sideways (0: not at all). */
  overflowX: number
  /** Visible buttons and fields under 44 px tall, by test id. */
  smallTargets: string[]
  close: Box | null
  heading: Box | null
  /** The All wallets row's icon and label (Connect). */
  rowIcon: Box | null
  rowLabel: Box | null
  /** Finite animations still running, and images and fonts not yet loaded: a picture would catch them. */
  settling: string[]
}

/**
 * Reads ModalLayout in the modal's frame: a function body, as WebDriver's execute takes it (the
 * Firefox lane wraps it in a call). Mirrors what the Chromium specs check with Playwright's boxes
 * (a11y.spec.ts's fit and touch targets, languages.spec.ts's mirroring).
 */
export const MODAL_LAYOUT_SCRIPT = `
  const box = (element) => {
    if (!element) return null
    const { x, y, width, height } = element.getBoundingClientRect()
    return { x, y, width, height }
  }
  const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
  const root = document.querySelector('.mk-root')
  const scrolling = document.scrollingElement
  const settling = [
    ...document.getAnimations()
      .filter((animation) =>
        animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => 'animation ' + (animation.animationName ?? animation.id)),
    ...Array.from(document.images).filter((image) => !image.complete).map((image) => 'image ' + image.src),
    ...(document.fonts.status === 'loaded' ? [] : ['fonts']),
  ]
  return {
    viewport: { width: innerWidth, height: innerHeight },
    dir: root?.getAttribute('dir') ?? null,
    lang: root?.getAttribute('lang') ?? null,
    title: document.querySelector('.mk-title')?.textContent ?? '',
    card: box(document.querySelector('[data-testid="w3m-modal"]')),
    overflowX: scrolling.scrollWidth - scrolling.clientWidth,
    smallTargets: Array.from(document.querySelectorAll('button, a.mk-button, input'))
      .filter((element) => shown(element) && element.getBoundingClientRect().height < 43.5)
      .map((element) => element.dataset.testid ?? element.tagName),
    close: box(document.querySelector('[data-testid="header-close"]')),
    heading: box(document.querySelector('.mk-title')),
    rowIcon: box(document.querySelector('[data-testid="wallet-all"] .mk-row-icon')),
    rowLabel: box(document.querySelector('[data-testid="wallet-all"] .mk-row-label')),
    settling,
  }`

/**
 * The modal's layout once it stands still: nothing settling and the card where it was at the last
 * read (the sheet slides in; a lane's browser may lay out late on a loaded machine).
 */
export async function settledLayout(read: () => Promise<ModalLayout>): Promise<ModalLayout> {
  let last = ''
  let layout: ModalLayout | undefined
  try {
    await expect
      .poll(
        async () => {
          layout = await read()
          const now = JSON.stringify(layout.card)
          const still = layout.settling.length === 0 && layout.card !== null && now === last
          last = now
          return still
        },
        { timeout: 15_000, message: 'the modal standing still' },
      )
      .toBe(true)
  } catch (error) {
    throw new Error(`the modal never stood still; last read: ${JSON.stringify(layout)}`, { cause: error })
  }
  return layout!
}

/**
 * The phone's sheet: as wide as the window, on its bottom edge, nothing out of the window or
 * sideways, every target at least 44 px tall (SPEC §2's phone layout, as a11y.spec.ts checks it).
 */
export function expectPhoneSheet(layout: ModalLayout, label: string): void {
  const { card, viewport } = layout
  expect(card, label).not.toBeNull()
  expect(Math.abs(card!.x), `${label}: the sheet's left edge`).toBeLessThanOrEqual(0.5)
  expect(Math.abs(card!.width - viewport.width), `${label}: the sheet's width`).toBeLessThanOrEqual(0.5)
  expect(
    Math.abs(card!.y + card!.height - viewport.height),
    `${label}: on the bottom edge`,
  ).toBeLessThanOrEqual(0.5)
  expect(card!.y, `${label}: within the window`).toBeGreaterThanOrEqual(0)
  expect(layout.overflowX, `${label}: horizontal overflow`).toBeLessThanOrEqual(0)
  expect(layout.smallTargets, `${label}: targets under 44 px`).toEqual([])
}

/** Arabic: the words, and the layout mirrored (languages.spec.ts's checks, from the modal's boxes). */
export function expectArabicMirrored(layout: ModalLayout): void {
  expect(layout.dir).toBe('rtl')
  expect(layout.lang).toBe('ar')
  expect(layout.title).toBe('ربط المحفظة')
  // The close button sits left of the title, and a row's icon right of its label.
  expect(layout.close!.x).toBeLessThan(layout.heading!.x)
  expect(layout.rowIcon!.x).toBeGreaterThan(layout.rowLabel!.x)
}

/** The Chromium lanes' window (Playwright's default), so the modal lays out the same way in each engine. */
export const DESKTOP = { width: 1280, height: 720 } as const

/** The lanes' phone: a11y.spec.ts's and phoneLogin.spec.ts's first size. */
export const PHONE = { width: 390, height: 844 } as const

/**
 * The page waits this long for its answer once the approval window closed: the secure frame signs
 * and the answer crosses the modal to the page (a fresh clone's CI once had none within 5 s; its
 * retry passed).
 */
export const AFTER_WINDOW = { timeout: 15_000 } as const

/**
 * The script tag a site puts in its page (the demo project on the first local chain, and
 * `attributes`), added to the bare demo page: a function body for WebDriver's execute (the Firefox
 * lane wraps it in a call).
 */
export const addLoaderScript = (extra: Record<string, string>) => {
  const attributes = { 'data-project-id': PROJECT_ID, 'data-networks': 'eip155:31337', ...extra }
  return `
  const script = document.createElement('script')
  script.src = ${JSON.stringify(`${SITES.modal}/appkit.js`)}
  for (const [name, value] of Object.entries(${JSON.stringify(attributes)})) script.setAttribute(name, value)
  document.head.append(script)
  return null`
}

/** Hides the text caret in the frame it runs in, so a picture does not catch it blinking. */
export const HIDE_CARET_SCRIPT = `
  const style = document.createElement('style')
  style.textContent = '* { caret-color: transparent !important }'
  document.head.append(style)
  return null`

/** Pictures of the lanes' views against their engine's own reference (Playwright's image comparison). */
export const PICTURE = { maxDiffPixelRatio: 0.01 } as const
