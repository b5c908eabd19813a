import { expect } from '@playwright/test'
import { nonce, receiptStatus } from './engineLane.ts'
import { type Box, center } from './lure.ts'

/**
 * The clickjacking attacks (SECURITY.md S8) as the lanes of the other engines (e2e/firefox,
 * e2e/webkit) play them, written once for both: what the host page does is a script body over
 * `arguments` (the W3C WebDriver shape; `asExpression` gives Puppeteer the same script), what the
 * lured user does with the mouse is a list of steps each lane's driver replays.
 */

/** One move of the host page: a script body over `arguments`, run in the top-level document. */
export type PageMove = { script: string; args: unknown[] }

/** The lured user's mouse: onto a point (over `duration` ms), a pause, `count` quick clicks there. */
export type LureStep =
  | { move: { x: number; y: number }; duration: number }
  | { pause: number }
  | { click: 1 | 2 }

/** A host-page attack: its moves before the frame's button is measured, then the ones aimed at it. */
export type LaneAttack = {
  name: string
  setup: PageMove[]
  aim(target: Box): { moves: PageMove[]; lure: LureStep[] }
}

/** The same move as one expression, for drivers that evaluate expressions (Puppeteer). */
export const asExpression = ({ script, args }: PageMove): string =>
  `(function () { ${script} }).apply(null, ${JSON.stringify(args)})`

const IFRAME = `document.querySelector('iframe[data-appkit-frame]')`

/** The modal's iframe style as the loader left it: `restore` puts it back after an attack. */
export const MODAL_STYLE: PageMove = { script: `return ${IFRAME}.getAttribute('style') ?? ''`, args: [] }

/** The host page stops attacking: its decoys and covers gone, the modal's iframe styled as before. */
export const restore = (style: string): PageMove => ({
  script: `for (const node of document.querySelectorAll('[data-attack]')) node.remove()
    ${IFRAME}.setAttribute('style', arguments[0])
    return null`,
  args: [style],
})

const restyle = (style: Record<string, string>): PageMove => ({
  script: `Object.assign(${IFRAME}.style, arguments[0]); return null`,
  args: [style],
})

/** A gold button inviting the click around `box`, at `zIndex` (0: under the modal's iframe). */
const decoy = (box: Box, zIndex: number, clickThrough = false): PageMove => ({
  script: `const [box, zIndex, clickThrough] = arguments
    const decoy = document.createElement('button')
    decoy.textContent = 'Claim your prize'
    decoy.setAttribute('data-attack', '')
    Object.assign(decoy.style, {
      position: 'fixed', left: (box.x - 20) + 'px', top: (box.y - 10) + 'px',
      width: (box.width + 40) + 'px', height: (box.height + 20) + 'px',
      zIndex: String(zIndex), background: 'gold', pointerEvents: clickThrough ? 'none' : 'auto',
    })
    document.body.append(decoy)
    return null`,
  args: [box, zIndex, clickThrough],
})

/**
 * Onto the spot, a linger, a click; a second, as people do when nothing happens. The approach starts
 * inside the viewport (WebDriver refuses a pointer outside it).
 */
const lingerAndClick = (point: { x: number; y: number }): LureStep[] => [
  { move: { x: Math.max(0, point.x - 40), y: Math.max(0, point.y - 30) }, duration: 0 },
  { move: point, duration: 300 },
  { pause: 1_000 },
  { click: 1 },
  { pause: 700 },
  { click: 1 },
]

/** How far left of the frame's button the host's game is, in attack (c). */
const GAME_OFFSET = 450

export const LANE_ATTACKS: readonly LaneAttack[] = [
  {
    name: '(a) the modal at opacity 0.01 with a decoy under its button',
    setup: [],
    aim: (target) => ({
      moves: [restyle({ opacity: '0.01' }), decoy(target, 0)],
      lure: lingerAndClick(center(target)),
    }),
  },
  {
    name: '(b) the frame clipped (clip-path) to its row of buttons',
    setup: [],
    aim: (target) => ({
      moves: [
        {
          script: `const target = arguments[0]
            const iframe = ${IFRAME}
            const rect = iframe.getBoundingClientRect()
            const top = target.y - rect.y - 6
            const bottom = rect.bottom - (target.y + target.height) - 6
            iframe.style.clipPath = 'inset(' + top + 'px 0px ' + bottom + 'px 0px)'
            return null`,
          args: [target],
        },
      ],
      lure: lingerAndClick(center(target)),
    }),
  },
  {
    name: '(b) the frame pushed above the page so only its row of buttons shows',
    setup: [],
    // Moved, not transformed: the viewport's own edge hides the request, only the buttons remain.
    aim: (target) => ({
      moves: [restyle({ inset: 'auto', left: '0px', top: `${6 - target.y}px` })],
      lure: lingerAndClick(center({ ...target, y: 6 })),
    }),
  },
  {
    name: '(c) the frame moved under the pointer between the two clicks of a double-click',
    // The modal narrowed to the right of the page, fully visible; the host's own game on the left.
    setup: [restyle({ inset: 'auto', top: '0px', left: '640px', width: '640px' })],
    aim: (target) => {
      const button = center(target)
      const spot = { x: button.x - GAME_OFFSET, y: button.y }
      return {
        moves: [
          decoy({ x: spot.x - 60, y: spot.y - 15, width: 120, height: 30 }, 0),
          // "Double-click the gold button": the first press slides the frame's button under the pointer.
          {
            script: `const left = arguments[0]
              document.addEventListener('mousedown', () => { ${IFRAME}.style.left = left }, { once: true })
              return null`,
            args: [`${640 - GAME_OFFSET}px`],
          },
        ],
        // The user has looked at the approval (the pointer crossed it), then plays the host's game.
        lure: [
          { move: { x: button.x - 100, y: button.y - 100 }, duration: 200 },
          { move: spot, duration: 300 },
          { pause: 1_000 },
          { click: 1 },
          { pause: 120 },
          { click: 2 },
        ],
      }
    },
  },
  {
    name: "(d) an opaque overlay with pointer-events:none over the frame's button",
    setup: [],
    aim: (target) => ({
      moves: [
        {
          script: `const cover = document.createElement('div')
            cover.setAttribute('data-attack', '')
            cover.textContent = 'Spin the wheel!'
            Object.assign(cover.style, {
              position: 'fixed', inset: '0', background: 'white', pointerEvents: 'none', zIndex: '2147483647',
            })
            document.body.append(cover)
            return null`,
          args: [],
        },
        decoy(target, 2147483647, true),
      ],
      lure: lingerAndClick(center(target)),
    }),
  },
]

/** What a lane's driver does for `attackThenApprove`, over its own kind of frame handle `F`. */
export type AttackLane<F> = {
  /** The site asks for a transfer to RECIPIENT; the answer lands in the page (`result`). */
  sendTransfer(): Promise<void>
  /** The frame, once it shows the approval of the transfer to RECIPIENT. */
  shownApproval(): Promise<F>
  perform<T>(move: PageMove): Promise<T>
  primaryButton(frame: F): Promise<Box>
  replay(lure: readonly LureStep[]): Promise<void>
  /** What the site's request came to so far: 'pending', or its signature or error. */
  result(): Promise<unknown>
  approveCount(frame: F): Promise<number>
  /** The lane's driver back on the page after the lure (its focus may have moved). */
  backToPage(): Promise<void>
  /** The user leaves the page alone and approves in the window on the secure origin. */
  approveInWindow(frame: F): Promise<void>
}

/**
 * One attack on a pending `eth_sendTransaction`, then the honest approval: after the lure nothing is
 * sent (the site still waits, the node saw no transaction from `address`, the frame has no Approve of
 * its own), and the window on the secure origin then approves, and the transfer is mined.
 */
export async function attackThenApprove<F>(lane: AttackLane<F>, attack: LaneAttack, address: string) {
  const before = await nonce(address)
  await lane.sendTransfer()
  const frame = await lane.shownApproval()
  const style = await lane.perform<string>(MODAL_STYLE)
  for (const move of attack.setup) await lane.perform(move)
  const { moves, lure } = attack.aim(await lane.primaryButton(frame))
  for (const move of moves) await lane.perform(move)
  await lane.replay(lure)
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  await lane.backToPage()
  expect(await lane.result()).toBe('pending')
  expect(await nonce(address)).toBe(before)
  expect(await lane.approveCount(frame)).toBe(0)

  // The honest path: the page as the loader left it, the user approves in the window.
  await lane.perform(restore(style))
  await lane.approveInWindow(frame)
  await expect.poll(lane.result, { timeout: 20_000 }).toHaveProperty('signature')
  const hash = ((await lane.result()) as { signature: string }).signature
  await expect.poll(() => receiptStatus(hash)).toBe('0x1')
  expect(await nonce(address)).toBe(before + 1n)
}
