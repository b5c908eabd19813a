import { expect, type Page } from '@playwright/test'

/**
 * What the host page does to lure a user onto an approval (SECURITY.md S8), shared by the
 * clickjacking specs of the overlay and of embedded mode.
 */
export type Box = { x: number; y: number; width: number; height: number }

export const center = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

/** The user, lured: moves onto the spot, lingers, clicks; twice, as people do when nothing happens. */
export async function lingerAndClick(page: Page, point: { x: number; y: number }): Promise<void> {
  await page.mouse.move(point.x - 40, point.y - 30)
  await page.mouse.move(point.x, point.y, { steps: 8 })
  await page.waitForTimeout(1_000)
  await page.mouse.click(point.x, point.y)
  await page.waitForTimeout(700)
  await page.mouse.click(point.x, point.y)
}

/**
 * A decoy the host page draws: a button inviting the click (`words` on it) around `box`, at `zIndex`
 * (0: under the modal's iframe; the top: over it).
 */
export async function addDecoy(
  page: Page,
  box: Box,
  zIndex: number,
  words = 'Claim your prize',
): Promise<void> {
  await page.evaluate(
    ({ box, zIndex, words }) => {
      const decoy = document.createElement('button')
      decoy.textContent = words
      decoy.setAttribute('data-attack', '')
      Object.assign(decoy.style, {
        position: 'fixed',
        left: `${box.x - 20}px`,
        top: `${box.y - 10}px`,
        width: `${box.width + 40}px`,
        height: `${box.height + 20}px`,
        zIndex: String(zIndex),
        background: 'gold',
      })
      document.body.append(decoy)
    },
    { box, zIndex, words },
  )
}

/**
 * Two seconds on, the site's request is still waiting: nothing was signed. A signature is made in the
 * secure frame in milliseconds; one slower than this wait is still caught, because every caller then
 * approves the same request honestly, which fails when the request was already answered.
 */
export async function expectNothingSigned(page: Page): Promise<void> {
  await page.waitForTimeout(2_000)
  expect(await page.evaluate(() => window.__request)).toBe('pending')
}

/** Clips the element `selector` names to a band around `target`, so only that band shows. */
export async function clipToBand(page: Page, selector: string, target: Box): Promise<void> {
  await page.evaluate(
    ({ selector, target }) => {
      const element = document.querySelector<HTMLElement>(selector)!
      const rect = element.getBoundingClientRect()
      const top = target.y - rect.y - 6
      const bottom = rect.bottom - (target.y + target.height) - 6
      element.style.clipPath = `inset(${top}px 0px ${bottom}px 0px)`
    },
    { selector, target },
  )
}
