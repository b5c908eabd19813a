// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrameLanguage } from '../i18n/frameLanguage.ts'
import { phrase } from '../i18n/phrase.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import { showApproval } from './showApproval.ts'

const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SITE = 'https://shop.example'
const description: RequestDescription = {
  method: 'eth_sendTransaction',
  title: phrase('title.sendTransaction'),
  fields: [
    { label: phrase('field.to'), value: SPENDER },
    {
      label: phrase('field.approval'),
      value: phrase('allowance.allowSpend', {
        spender: SPENDER,
        amount: phrase('allowance.unlimited', { symbol: 'USDC' }),
      }),
      warning: true,
    },
  ],
}

/** jsdom has no layout: the frame's observers are stubbed, IntersectionObserver v2 included. */
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  vi.stubGlobal(
    'IntersectionObserverEntry',
    class {
      get isVisible() {
        return false
      }
    },
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

const show = (messages = createFrameLanguage([]).current()) =>
  showApproval({ description, site: SITE, onVisibility: () => {}, messages, now: () => 0 })
const screen = () => document.querySelector<HTMLElement>('[data-testid="approval"]')!
const texts = (selector: string) => [...screen().querySelectorAll(selector)].map((node) => node.textContent)

describe('showApproval in a language', () => {
  it("reads exactly today's English, each value a node of its own", () => {
    show()
    expect([screen().lang, screen().dir]).toEqual(['en', 'ltr'])
    expect(screen().getAttribute('aria-label')).toBe('Send transaction')
    expect(texts('h1, p.approval-site')).toEqual(['Send transaction', `Requested by ${SITE}`])
    expect(texts('dt')).toEqual(['To', 'Approval'])
    expect(texts('dd')).toEqual([SPENDER, `Allow ${SPENDER} to spend Unlimited USDC until revoked`])
    expect(texts('button')).toEqual(['Reject', 'Approve'])
    expect(texts('[data-testid="arming-status"]')).toEqual([
      'Approve becomes available once this screen has been fully visible for a moment.',
    ])
    // The site, the addresses and the symbol are isolated text, never part of the sentence's node.
    expect(texts('p.approval-site bdi, dl bdi')).toEqual([SITE, SPENDER, SPENDER, 'USDC'])
    // The warning stands again above the fields' box, which may scroll it out of sight.
    const warnings = screen().querySelector('[data-testid="approval-warnings"]')!
    expect(warnings.compareDocumentPosition(screen().querySelector('dl')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    expect(texts('[data-testid="approval-warnings"] li')).toEqual([
      `Approval: Allow ${SPENDER} to spend Unlimited USDC until revoked`,
    ])
    expect(texts('[data-testid="approval-warnings"] bdi')).toEqual([SPENDER, 'USDC'])
  })

  it('makes the field list a named Tab stop only while it scrolls', () => {
    const watched: [Element, () => void][] = []
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe(target: Element) {
          watched.push([target, this.callback])
        }
        disconnect() {}
      },
    )
    show()
    const scroll = screen().querySelector<HTMLElement>('dl')!.parentElement!
    const measure = () => watched.find(([target]) => target === scroll)![1]()
    measure()
    expect([scroll.getAttribute('tabindex'), scroll.getAttribute('role')]).toEqual([null, null])
    Object.defineProperty(scroll, 'scrollHeight', { value: 500 })
    Object.defineProperty(scroll, 'clientHeight', { value: 220 })
    measure()
    expect([scroll.tabIndex, scroll.getAttribute('role'), scroll.getAttribute('aria-label')]).toEqual([
      0,
      'region',
      'Request details',
    ])
    vi.unstubAllGlobals()
  })

  it('lets a keyboard reach the field list where its size cannot be watched', () => {
    show()
    const scroll = screen().querySelector<HTMLElement>('dl')!.parentElement!
    expect(scroll.tabIndex).toBe(0)
    expect([scroll.getAttribute('role'), scroll.getAttribute('aria-label')]).toEqual([
      'region',
      'Request details',
    ])
  })

  it('speaks Arabic right to left, with the values unchanged and isolated', async () => {
    const language = createFrameLanguage([])
    await language.set('ar')
    show(language.current())
    expect([screen().lang, screen().dir]).toEqual(['ar', 'rtl'])
    expect(texts('h1')).toEqual(['إرسال معاملة'])
    expect(texts('button')).toEqual(['رفض', 'موافقة'])
    expect(texts('dd')[1]).toBe(`السماح لـ ${SPENDER} بإنفاق كمية غير محدودة من USDC إلى أن تُلغي ذلك`)
    expect(texts('p.approval-site bdi, dl bdi')).toEqual([SITE, SPENDER, SPENDER, 'USDC'])
  })

  it('keeps its language and its state when the site changes the locale meanwhile', async () => {
    const language = createFrameLanguage([])
    await language.set('ja')
    const { decision } = show(language.current())
    const before = screen().outerHTML
    const approve = screen().querySelector('[data-testid="approval-approve"]')!
    await language.set('es')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen().outerHTML).toBe(before)
    expect(screen().querySelector('[data-testid="approval-approve"]')).toBe(approve)
    screen().querySelector<HTMLButtonElement>('[data-testid="approval-reject"]')!.click()
    expect(await decision).toBe(false)
    // The next approval opens in the new language.
    show(language.current())
    expect(texts('h1')).toEqual(['Enviar transacción'])
  })

  it('without IntersectionObserver v2, says in its language that the approval is made in a window', async () => {
    vi.stubGlobal('IntersectionObserverEntry', undefined)
    const language = createFrameLanguage([])
    await language.set('zh')
    show(language.current())
    expect(texts('button')).toEqual(['拒绝', '在安全窗口中查看'])
    expect(texts('[data-testid="approval-window-note"]')).toEqual([
      '此浏览器无法确认此界面是否完整可见，因此需要在单独的窗口中批准。',
    ])
    expect(screen().querySelector('[data-testid="approval-approve"]')).toBeNull()
  })

  it('shows a value with direction-changing characters as markers, inside its own node', () => {
    showApproval({
      description: {
        ...description,
        fields: [{ label: phrase('field.message'), value: 'pay\u202Egnp.exe' }],
      },
      site: SITE,
      onVisibility: () => {},
      now: () => 0,
    })
    expect(texts('dd bdi')).toEqual(['pay[U+202E]gnp.exe'])
  })

  it('shows the bytes of a call it cannot read whole behind a closed "Show data", a word a line', async () => {
    const word = (hex: string) => hex.padStart(64, '0')
    const data = `0x3593564c${word('90f79bf6eb2c4f870365e785982e1f101e93b906')}${word('1')}`
    const unknown = {
      label: phrase('field.call'),
      value: phrase('call.unknown', { contract: SPENDER, selector: '0x3593564c', size: '68 bytes' }),
      warning: true,
      data,
    } as const
    const language = createFrameLanguage([])
    showApproval({
      description: { ...description, fields: [unknown] },
      site: SITE,
      onVisibility: () => {},
      messages: language.current(),
      now: () => 0,
    })
    const details = screen().querySelector<HTMLDetailsElement>('dd details[data-testid="approval-data"]')!
    // Closed at first: its summary follows the line, the bytes are in the screen but folded.
    expect(details.open).toBe(false)
    expect(texts('dd summary')).toEqual(['Show data'])
    expect(texts('[data-testid="approval-data-words"] > div')).toEqual([
      '0x3593564c',
      word('90f79bf6eb2c4f870365e785982e1f101e93b906'),
      word('1'),
    ])
    details.open = true
    details.dispatchEvent(new Event('toggle'))
    expect(texts('dd summary')).toEqual(['Hide data'])
    // The warning on top names the line, not its bytes.
    expect(texts('[data-testid="approval-warnings"] li')).toEqual([
      `Call: Unknown call to ${SPENDER}: 0x3593564c, 68 bytes`,
    ])
    document.body.replaceChildren()
    await language.set('ja')
    showApproval({
      description: { ...description, fields: [unknown] },
      site: SITE,
      onVisibility: () => {},
      messages: language.current(),
      now: () => 0,
    })
    expect(texts('dd summary')).toEqual(['データを表示'])
  })
})
