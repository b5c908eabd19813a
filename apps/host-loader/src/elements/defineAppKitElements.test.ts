// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest'
import type { AppKit, AppKitAccount } from '../types.ts'
import { defineAppKitElements } from './defineAppKitElements.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let account: AppKitAccount
let rerender: () => void = () => {}

/** The page's `window.appkit`, as far as the account button reads it. */
const appkit = {
  getAccount: () => account,
  getCaipNetwork: () => undefined,
  getThemeMode: () => 'light',
  getThemeVariables: () => ({}),
  subscribeAccount: (listener: () => void) => {
    rerender = listener
    return () => {}
  },
  subscribeNetwork: () => () => {},
  subscribeState: () => () => {},
  subscribeTheme: () => () => {},
  open: async () => {},
} as unknown as AppKit
defineAppKitElements(appkit)

const connected = (profileAvatar?: string): AppKitAccount => ({
  allAccounts: [
    {
      namespace: 'eip155',
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      ...(profileAvatar ? { profileAvatar } : {}),
    },
  ],
  caipAddress: `eip155:1:${ADDRESS}`,
  address: ADDRESS,
  isConnected: true,
  status: 'connected',
})
const button = () => {
  const element = document.createElement('appkit-account-button')
  document.body.append(element)
  const avatar = () => element.shadowRoot?.querySelector('[data-testid="account-button-avatar"]')
  return { avatar, image: () => avatar()?.querySelector('img') }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
})

it("shows the identity's avatar over a placeholder, sized and without a referrer; a failed one is not tried again", () => {
  account = connected('https://img.test/alice.png')
  const { avatar, image } = button()
  expect(avatar()).not.toBeNull()
  expect(image()?.getAttribute('src')).toBe('https://img.test/alice.png')
  expect([image()?.width, image()?.height, image()?.referrerPolicy]).toEqual([20, 20, 'no-referrer'])
  image()?.dispatchEvent(new Event('error'))
  expect(image()).toBeNull()
  rerender()
  expect(avatar()).not.toBeNull()
  expect(image()).toBeNull()
})

it('shows the placeholder alone without an avatar, and drops an image not loaded within 2 s', () => {
  account = connected()
  expect(button().image()).toBeNull()
  document.body.replaceChildren()
  vi.useFakeTimers()
  account = connected('https://slow.test/alice.png')
  const { avatar, image } = button()
  vi.advanceTimersByTime(1_999)
  expect(image()).not.toBeNull()
  vi.advanceTimersByTime(1)
  expect(image()).toBeNull()
  expect(avatar()).not.toBeNull()
})
