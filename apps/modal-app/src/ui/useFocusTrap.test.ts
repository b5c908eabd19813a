// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { mayTakeOpeningFocus } from './useFocusTrap.ts'

describe("the dialog's opening focus", () => {
  it('moves in from the page, but never out of the dialog or out of the secure frame shown over it', () => {
    document.body.innerHTML = `
      <div id="card" tabindex="-1"><button id="inside">Approve</button></div>
      <iframe id="frame" data-testid="auth-frame" data-visible></iframe>
      <iframe id="hidden" data-testid="auth-frame"></iframe>`
    const card = document.getElementById('card')!
    const byId = (id: string) => document.getElementById(id)
    expect(mayTakeOpeningFocus(card, document.body)).toBe(true)
    expect(mayTakeOpeningFocus(card, null)).toBe(true)
    expect(mayTakeOpeningFocus(card, byId('hidden'))).toBe(true)
    expect(mayTakeOpeningFocus(card, card)).toBe(false)
    expect(mayTakeOpeningFocus(card, byId('inside'))).toBe(false)
    expect(mayTakeOpeningFocus(card, byId('frame'))).toBe(false)
  })
})
