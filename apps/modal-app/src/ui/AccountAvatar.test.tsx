// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { AccountAvatar } from './AccountAvatar.tsx'

const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
let root: Root
let host: HTMLElement
beforeEach(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = true
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
  vi.useRealTimers()
})

const show = (avatar: string | null) =>
  act(() => root.render(<AccountAvatar avatar={avatar} seed="0xabc" size={64} />))
const image = () => host.querySelector('img')
const placeholder = () => host.querySelector('[data-testid="generated-avatar"]')

it("shows the identity's avatar, sized, without a referrer; the generated one when it fails to load", () => {
  show('https://img.test/alice.png')
  expect(image()?.getAttribute('src')).toBe('https://img.test/alice.png')
  expect([image()?.getAttribute('width'), image()?.getAttribute('height')]).toEqual(['64', '64'])
  expect(image()?.getAttribute('referrerpolicy')).toBe('no-referrer')
  expect(placeholder()).toBeNull()
  act(() => image()?.dispatchEvent(new Event('error')))
  expect(image()).toBeNull()
  expect(placeholder()).not.toBeNull()
})

it('shows the generated avatar when there is none, or the URL is not a safe image', () => {
  for (const avatar of [null, 'javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', '/me.png']) {
    show(avatar)
    expect(image(), String(avatar)).toBeNull()
    expect(placeholder(), String(avatar)).not.toBeNull()
  }
})

it('gives way to the generated avatar when the image has not loaded within 2 s (SPEC §9 preload)', () => {
  vi.useFakeTimers()
  show('https://slow.test/alice.png')
  act(() => vi.advanceTimersByTime(1_999))
  expect(image()).not.toBeNull()
  act(() => vi.advanceTimersByTime(1))
  expect(image()).toBeNull()
  expect(placeholder()).not.toBeNull()
  // One that loaded in time stays.
  show('https://fast.test/alice.png')
  act(() => image()?.dispatchEvent(new Event('load')))
  act(() => vi.advanceTimersByTime(5_000))
  expect(image()?.getAttribute('src')).toBe('https://fast.test/alice.png')
})
