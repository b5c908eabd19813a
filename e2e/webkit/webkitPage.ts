import { expect } from '@playwright/test'
import type { Box } from '../lure.ts'
import { type ElementRef, isElementRef, WebDriverError, type WebDriverSession } from './webDriver.ts'

/**
 * A frame of the window as the W3C protocol reaches it: the index of its iframe among its parent's,
 * from the top-level document down (`[]` is the top-level document itself).
 */
export type FramePath = readonly number[]

export const TOP: FramePath = []

/** The element `data-testid=id`, or the first one `css` matches, if it is laid out and not hidden. */
const VISIBLE_SCRIPT = `
  const element = document.querySelector(arguments[0])
  if (!element) return null
  const box = element.getBoundingClientRect()
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' ? element : null`

const testId = (id: string) => `[data-testid="${id}"]`

/**
 * The WebKitGTK lane's page-level steps over W3C WebDriver, in the Firefox lane's terms (frameOf,
 * byTestId, restAndClick): each enters the frame it acts in, since an element reference holds only
 * in the browsing context it came from.
 */
export class WebKitPage {
  constructor(readonly session: WebDriverSession) {}

  /** Into the frame at `path` of the current window. */
  async enter(path: FramePath): Promise<void> {
    await this.session.switchToFrame(null)
    for (const index of path) {
      const frames = await this.session.findAll('iframe')
      const frame = frames[index]
      if (!frame) throw new Error(`no iframe ${index} on the way to [${path.join(',')}]`)
      await this.session.switchToFrame(frame)
    }
  }

  /** The path of the frame (at any depth) whose document is on `origin`, once one is. */
  async frameOf(origin: string): Promise<FramePath> {
    const search = async (path: FramePath): Promise<FramePath | undefined> => {
      await this.enter(path)
      const count = (await this.session.findAll('iframe')).length
      for (let index = 0; index < count; index += 1) {
        const child = [...path, index]
        await this.enter(child)
        if ((await this.session.execute<string>('return location.origin')) === origin) return child
        const deeper = await search(child)
        if (deeper) return deeper
      }
      return undefined
    }
    let found: FramePath | undefined
    await expect
      .poll(
        async () => {
          found = await search(TOP).catch(() => undefined)
          return found !== undefined
        },
        { timeout: 15_000, message: `a frame from ${origin}` },
      )
      .toBe(true)
    return found!
  }

  /** Runs `script` (a function body over `arguments`) in the frame at `path`. */
  async evaluate<T>(path: FramePath, script: string, ...args: unknown[]): Promise<T> {
    await this.enter(path)
    return this.session.execute<T>(script, ...args)
  }

  /** The first element `css` matches in the frame at `path`, once visible. */
  async visible(path: FramePath, css: string, timeout = 15_000): Promise<ElementRef> {
    let found: ElementRef | undefined
    await expect
      .poll(
        async () => {
          const element = await this.evaluate<unknown>(path, VISIBLE_SCRIPT, css).catch(() => null)
          found = isElementRef(element) ? element : undefined
          return found !== undefined
        },
        { timeout, message: `a visible ${css}` },
      )
      .toBe(true)
    return found!
  }

  /** The element `data-testid=id` in the frame at `path`, once visible (that frame left entered). */
  byTestId = (path: FramePath, id: string, timeout?: number) => this.visible(path, testId(id), timeout)

  countTestId = (path: FramePath, id: string) =>
    this.evaluate<number>(path, 'return document.querySelectorAll(arguments[0]).length', testId(id))

  textOf = async (path: FramePath, id: string) =>
    this.session.execute<string>('return arguments[0].textContent ?? ""', await this.byTestId(path, id))

  /**
   * Clicks the element as a person does, once WebKit's driver finds it interactable: a control of a
   * view still arriving, or still disabled until what it waits for is typed, is not yet.
   */
  click = (path: FramePath, id: string) =>
    this.interacting(id, async () => this.session.click(await this.byTestId(path, id)))

  /**
   * Clicks as `click` does once the element stands still: its box in the top-level viewport the same
   * in two reads 100 ms apart. A person clicks a button that stopped moving; the secure frame is laid
   * over the modal's slot each frame while the card's height animates (slower on a busy machine), and
   * a click whose point was computed before a move lands beside the button.
   */
  async clickWhenStill(path: FramePath, id: string): Promise<void> {
    let last = ''
    await expect
      .poll(
        async () => {
          const box = JSON.stringify(await this.boxOf(path, testId(id)))
          const still = box === last
          last = box
          return still
        },
        { timeout: 10_000, intervals: [100], message: `${id} standing still` },
      )
      .toBe(true)
    await this.click(path, id)
  }

  /** Runs `act` again while the driver answers "element not interactable", up to 10 s. */
  private async interacting(id: string, act: () => Promise<unknown>): Promise<void> {
    await expect
      .poll(
        async () => {
          try {
            await act()
            return true
          } catch (error) {
            if (error instanceof WebDriverError && error.error === 'element not interactable') return false
            throw error
          }
        },
        { timeout: 10_000, message: `interacting with ${id}` },
      )
      .toBe(true)
  }

  /** Types into the field as a person does, clicking it first (a field still arriving: see `click`). */
  type = (path: FramePath, id: string, text: string) =>
    this.interacting(id, async () => {
      const field = await this.byTestId(path, id)
      await this.session.click(field)
      await this.session.type(field, text)
    })

  /**
   * Presses a confirming button of the secure origin as a person does: the pointer comes to rest on
   * it, and only once it armed (500 ms seen whole, 500 ms under the resting pointer) the click comes.
   */
  async restAndClick(path: FramePath, id: string): Promise<void> {
    const button = await this.byTestId(path, id)
    await this.session.pointer([{ type: 'pointerMove', x: 0, y: 0, duration: 150, origin: button }])
    await expect
      .poll(
        () =>
          this.session.execute<string | null>('return arguments[0].getAttribute("aria-disabled")', button),
        {
          timeout: 10_000,
        },
      )
      .not.toBe('true')
    await this.session.click(button)
  }

  /** The user reads a request to its end: its fields' box scrolled to the bottom (Approve waits for it). */
  readToEnd = (path: FramePath) =>
    this.evaluate<null>(
      path,
      'const box = document.querySelector(".approval-fields-scroll"); box.scrollTop = box.scrollHeight; return null',
    )

  /**
   * Where `css` of the frame at `path` is in the top-level viewport: its box in its own document,
   * moved by each enclosing iframe's content box.
   */
  async boxOf(path: FramePath, css: string): Promise<Box> {
    const box = await this.evaluate<Box>(
      path,
      'const { x, y, width, height } = document.querySelector(arguments[0]).getBoundingClientRect(); return { x, y, width, height }',
      css,
    )
    for (let depth = path.length; depth > 0; depth -= 1) {
      const offset = await this.evaluate<{ x: number; y: number }>(
        path.slice(0, depth - 1),
        `const frame = document.querySelectorAll('iframe')[arguments[0]]
         const box = frame.getBoundingClientRect()
         return { x: box.x + frame.clientLeft, y: box.y + frame.clientTop }`,
        path[depth - 1],
      )
      box.x += offset.x
      box.y += offset.y
    }
    return box
  }
}
