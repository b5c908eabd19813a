import { expect, type Page, test } from '@playwright/test'
import { loadLoader, modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'

// Images: networks show their logos (served by the API from the network's image id), social
// providers their brand marks, and what has no image a generated avatar, never a letter.
async function openNetworks(page: Page) {
  await loadLoader(page)
  await page.evaluate(
    (projectId) =>
      window.appkit.init({
        projectId,
        networks: ['eip155:31337', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      }),
    PROJECT_ID,
  )
  await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
}

/** The loaded image's size, or 0 when it failed or never loaded. */
const loadedWidth = (image: ReturnType<ReturnType<typeof modal>['locator']>) =>
  image.evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0))

test('networks show their logos from the API, and a network with none a generated avatar, not a letter', async ({
  page,
}) => {
  const images: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/v1/networks/')) images.push(`${response.status()} ${response.url()}`)
  })
  await openNetworks(page)
  const m = modal(page)
  for (const id of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
    const logo = m.getByTestId(`network-${id}`).getByTestId('network-image')
    await expect(logo).toBeVisible()
    await expect.poll(() => loadedWidth(logo)).toBeGreaterThan(0)
    expect(await logo.getAttribute('src')).toMatch(new RegExp(`^${SITES.api}/v1/networks/[0-9a-f-]+/image$`))
  }
  expect(images.every((line) => line.startsWith('200 '))).toBe(true)
  expect(images).toHaveLength(2)
  // The local chain has no logo: a gradient avatar, and no text in the icon's place.
  const local = m.getByTestId('network-eip155:31337')
  await expect(local.getByTestId('generated-avatar')).toBeVisible()
  await expect(local.locator('.mk-row-icon')).toHaveText('')
  const box = await local.getByTestId('generated-avatar').boundingBox()
  expect(box).toMatchObject({ width: 28, height: 28 })
  // Two networks, two avatars: not one placeholder colour.
  const fills = await m
    .locator('[data-testid="generated-avatar"] stop')
    .evaluateAll((stops) => stops.map((s) => s.getAttribute('stop-color')))
  expect(fills.length).toBeGreaterThanOrEqual(2)
})

test('a network logo that fails to load falls back to the generated avatar', async ({ page }) => {
  // An image server failing has no local form short of stopping the API, which the page needs: the
  // browser is told the logo request failed.
  await page.route('**/v1/networks/**', (route) => route.fulfill({ status: 503, body: '' }))
  await openNetworks(page)
  const ethereum = modal(page).getByTestId('network-eip155:1')
  await expect(ethereum.getByTestId('generated-avatar')).toBeVisible()
  await expect(ethereum.getByTestId('network-image')).toHaveCount(0)
})

test('social providers show their brand marks', async ({ page }) => {
  await page.goto('/')
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  for (const provider of ['google', 'github', 'apple', 'discord', 'x', 'facebook']) {
    const mark = m.getByTestId(`social-${provider}`).getByTestId(`social-icon-${provider}`)
    await expect(mark).toBeVisible()
    await expect(mark).toHaveText('')
    // A drawn mark, not a letter: the box is masked by the provider's SVG, a file of the modal's own
    // origin (no script bytes), which its CSP lets the frame load as an image.
    const url = await mark.evaluate((el) => /^url\("(.+)"\)$/.exec(getComputedStyle(el).maskImage)?.[1] ?? '')
    expect(url).toMatch(new RegExp(`^${SITES.modal}/assets/${provider}-[\\w-]+\\.svg$`))
    const width = await mark.evaluate(async (_, src) => {
      const image = new Image()
      image.src = src
      await image.decode().catch(() => undefined)
      return image.naturalWidth
    }, url)
    expect(width).toBeGreaterThan(0)
    // Node cannot resolve the *.test names Chromium maps to loopback.
    const svg = await (await fetch(url.replace('//modal.test:', '//127.0.0.1:'))).text()
    expect(/ d="([^"]+)"/.exec(svg)?.[1]?.length ?? 0).toBeGreaterThan(100)
  }
})
