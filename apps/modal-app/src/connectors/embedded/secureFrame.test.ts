// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { createStore, optionsAtom, selectedNetworkIdAtom } from '../../state/atoms.ts'
import { createSecureFrame } from './secureFrame.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

/** The secure frame's URL as the modal builds it, for the site's init options. */
function frameUrl(options: { enableLogger?: boolean }) {
  const store = createStore()
  store.set(optionsAtom, { projectId: 'p', ...options })
  store.set(selectedNetworkIdAtom, 'eip155:1')
  createSecureFrame({
    store,
    authOrigin: 'https://auth.test',
    projectId: 'p',
    version: '1',
    rpcUrl: () => 'https://api.test/v1/',
    onErrorReply: () => {},
  })()
  const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-testid="auth-frame"]')
  return new URL(iframe?.src ?? 'about:blank')
}

it("passes the site's `enableLogger` to the secure frame's URL (SPEC §7): on unless turned off", () => {
  expect(frameUrl({}).searchParams.get('enableLogger')).toBe('true')
  document.body.innerHTML = ''
  expect(frameUrl({ enableLogger: true }).searchParams.get('enableLogger')).toBe('true')
  document.body.innerHTML = ''
  expect(frameUrl({ enableLogger: false }).searchParams.get('enableLogger')).toBe('false')
})
