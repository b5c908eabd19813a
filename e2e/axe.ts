import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Frame, type Page } from '@playwright/test'
import { SITES } from './sites.ts'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** The page's frame on `origin` (the modal, or the secure frame inside it). */
export function frameOf(page: Page, origin: string): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(origin))
  if (!frame) throw new Error(`no frame on ${origin}`)
  return frame
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) in one frame, injected by the test through the
 * DevTools protocol (the frames' CSP rightly refuses inline scripts), and fails on any serious or
 * critical violation, naming each with the elements it found.
 */
export async function expectAccessible(frame: Frame, label: string): Promise<void> {
  await frame.evaluate(axeSource)
  const violations = (await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<unknown> } }).axe
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
      // The secure frame is checked on its own (its CSP refuses axe's injected script there).
      iframes: false,
    })) as { violations: Violation[] }
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((node) => ({ target: node.target })),
    }))
  })) as Violation[]
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([])
}

/**
 * axe in the modal as it shows now, and in the secure frame when one of its screens is up (the
 * frame's theme checked to be the modal's first, so the colours tested are the ones shown).
 */
export async function expectViewAccessible(page: Page, label: string): Promise<void> {
  const mode = await frameOf(page, SITES.modal).locator('.mk-root').getAttribute('data-theme')
  await expectAccessible(frameOf(page, SITES.modal), `${label}, modal, ${mode}`)
  const secure = page.frames().find((f) => f.url().startsWith(SITES.auth))
  if (secure && (await secure.locator('[role="dialog"]').count()) > 0) {
    await expect.poll(() => secure.evaluate(() => document.documentElement.dataset.theme)).toBe(mode)
    await expectAccessible(secure, `${label}, secure frame, ${mode}`)
  }
}

/** axe in the modal in both themes (the site switches them as a site does), then back to light. */
export async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((mode) => window.appkit.setThemeMode(mode), mode)
    await expect
      .poll(() => frameOf(page, SITES.modal).locator('.mk-root').getAttribute('data-theme'))
      .toBe(mode)
    // The card's opening animation and the view's fade have run (150 ms), so colours are final.
    await page.waitForTimeout(300)
    await expectViewAccessible(page, label)
  }
}
