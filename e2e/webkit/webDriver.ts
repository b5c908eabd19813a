/**
 * A small W3C WebDriver client (https://www.w3.org/TR/webdriver2/), the commands the WebKitGTK lane
 * uses and nothing more: plain HTTP to a WebKitWebDriver this run started, no downloads, no vendor
 * extensions beyond WebKitGTK's capabilities.
 */

/** The W3C key under which an element reference travels. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

/** A W3C element reference, as the driver returns and accepts it. */
export type ElementRef = { readonly [ELEMENT_KEY]: string }

/** The driver answered a command with a W3C error (`error` is the W3C error code). */
export class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    detail: string,
  ) {
    super(`${command}: ${error}: ${detail}`)
    this.name = 'WebDriverError'
  }
}

/** One W3C pointer action (Actions API), viewport coordinates or relative to an element. */
export type PointerAction =
  | { type: 'pointerMove'; x: number; y: number; duration?: number; origin?: 'viewport' | ElementRef }
  | { type: 'pointerDown' | 'pointerUp'; button: 0 }
  | { type: 'pause'; duration: number }

export type WindowRect = { x: number; y: number; width: number; height: number }

export class WebDriverSession {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  /** Creates a session on the driver at `base` with `capabilities` (alwaysMatch). */
  static async create(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await command<{ sessionId: string }>(base, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    })
    return new WebDriverSession(base, value.sessionId)
  }

  private call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return command<T>(this.base, method, `/session/${this.id}${path}`, body)
  }

  navigate = (url: string) => this.call<null>('POST', '/url', { url })

  /** Runs `script` (a function body; `arguments` are `args`) in the current browsing context. */
  execute = <T>(script: string, ...args: unknown[]) => this.call<T>('POST', '/execute/sync', { script, args })

  findAll = (css: string) =>
    this.call<ElementRef[]>('POST', '/elements', { using: 'css selector', value: css })

  click = (element: ElementRef) => this.call<null>('POST', `/element/${element[ELEMENT_KEY]}/click`, {})

  type = (element: ElementRef, text: string) =>
    this.call<null>('POST', `/element/${element[ELEMENT_KEY]}/value`, { text })

  /** Into the frame `element` (of the current context), or with `null` back to the top-level one. */
  switchToFrame = (element: ElementRef | null) => this.call<null>('POST', '/frame', { id: element })

  windowHandle = () => this.call<string>('GET', '/window')

  windowHandles = () => this.call<string[]>('GET', '/window/handles')

  switchToWindow = (handle: string) => this.call<null>('POST', '/window', { handle })

  newWindow = () => this.call<{ handle: string }>('POST', '/window/new', { type: 'tab' })

  closeWindow = () => this.call<string[]>('DELETE', '/window')

  windowRect = () => this.call<WindowRect>('GET', '/window/rect')

  setWindowRect = (rect: Partial<WindowRect>) => this.call<WindowRect>('POST', '/window/rect', rect)

  /** The current top-level browsing context's viewport as a PNG. */
  screenshot = async () => Buffer.from(await this.call<string>('GET', '/screenshot'), 'base64')

  /** One mouse's actions, performed in order; its buttons released afterwards. */
  async pointer(actions: readonly PointerAction[]): Promise<void> {
    await this.call<null>('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    })
    await this.call<null>('DELETE', '/actions')
  }

  /** Ends the session: the driver closes the browser. */
  end = () => this.call<null>('DELETE', '')
}

/** One WebDriver command; its `value`, or its W3C error thrown. */
async function command<T>(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(
    `${base}${path}`,
    body === undefined
      ? { method }
      : {
          method,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
        },
  )
  const answer = (await res.json()) as { value: T | { error: string; message: string } }
  const value = answer.value
  if (!res.ok && typeof value === 'object' && value !== null && 'error' in value) {
    throw new WebDriverError(`${method} ${path}`, value.error, value.message)
  }
  return value as T
}

export const isElementRef = (value: unknown): value is ElementRef =>
  typeof value === 'object' && value !== null && ELEMENT_KEY in value
