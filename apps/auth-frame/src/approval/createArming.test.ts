import { describe, expect, it } from 'vitest'
import {
  ARMING_DELAY_MS,
  type ArmingEvent,
  acceptsClick,
  createArming,
  isArmed,
  reduceArming,
} from './createArming.ts'

const run = (...events: ArmingEvent[]) => events.reduce(reduceArming, createArming())
const at = { x: 100, y: 40 }
/** Seen at 0, pointer on the button at 100: armed from 600. */
const armedAt600 = [
  { type: 'seen', visible: true, at: 0 },
  { type: 'rest', at: 100 },
] as const satisfies ArmingEvent[]

describe('isArmed', () => {
  it('arms only after 500 ms seen and 500 ms with the pointer resting on the button', () => {
    const state = run(...armedAt600)
    expect(isArmed(state, 100 + ARMING_DELAY_MS - 1)).toBe(false)
    expect(isArmed(state, 100 + ARMING_DELAY_MS)).toBe(true)
    expect(isArmed(run({ type: 'seen', visible: true, at: 0 }), 5_000)).toBe(false)
    expect(isArmed(run({ type: 'rest', at: 0 }), 5_000)).toBe(false)
  })

  it('restarts the wait on every visibility change, a hidden screen never arms', () => {
    expect(isArmed(run(...armedAt600, { type: 'seen', visible: true, at: 1_000 }), 1_499)).toBe(false)
    expect(isArmed(run(...armedAt600, { type: 'seen', visible: true, at: 1_000 }), 1_500)).toBe(true)
    expect(isArmed(run(...armedAt600, { type: 'seen', visible: false, at: 1_000 }), 9_000)).toBe(false)
  })

  it('restarts the wait when the frame moves or resizes, and a move never makes it seen', () => {
    expect(isArmed(run(...armedAt600, { type: 'moved', at: 1_000 }), 1_499)).toBe(false)
    expect(isArmed(run(...armedAt600, { type: 'moved', at: 1_000 }), 1_500)).toBe(true)
    expect(run({ type: 'moved', at: 0 }).seenSince).toBeUndefined()
  })

  it('keeps the rest while the pointer moves on the button, restarts it when it leaves', () => {
    expect(isArmed(run(...armedAt600, { type: 'rest', at: 550 }), 600)).toBe(true)
    const left = run(...armedAt600, { type: 'leave' }, { type: 'rest', at: 1_000 })
    expect(isArmed(left, 1_499)).toBe(false)
    expect(isArmed(left, 1_500)).toBe(true)
  })
})

describe('acceptsClick', () => {
  it('accepts a click at the point of a press made on the armed button', () => {
    const state = run(...armedAt600, { type: 'press', point: at, onButton: true, at: 700 })
    expect(acceptsClick(state, at, 750)).toBe(true)
    expect(acceptsClick(state, { x: 101, y: 42 }, 750)).toBe(true)
    expect(acceptsClick(state, { x: 110, y: 40 }, 750)).toBe(false)
  })

  it('ignores a click without a press, whose press came before arming, or was off the button', () => {
    expect(acceptsClick(run(...armedAt600), at, 700)).toBe(false)
    const early = run(...armedAt600, { type: 'press', point: at, onButton: true, at: 599 })
    expect(acceptsClick(early, at, 700)).toBe(false)
    const elsewhere = run(...armedAt600, { type: 'press', point: at, onButton: false, at: 700 })
    expect(acceptsClick(elsewhere, at, 750)).toBe(false)
  })

  it('accepts a keyboard click only after an armed key press, never mixed with a pointer press', () => {
    const keyed = run(...armedAt600, { type: 'press', point: 'key', onButton: true, at: 700 })
    expect(acceptsClick(keyed, 'key', 750)).toBe(true)
    expect(acceptsClick(keyed, at, 750)).toBe(false)
    const pointed = run(...armedAt600, { type: 'press', point: at, onButton: true, at: 700 })
    expect(acceptsClick(pointed, 'key', 750)).toBe(false)
    const early = run(...armedAt600, { type: 'press', point: 'key', onButton: true, at: 599 })
    expect(acceptsClick(early, 'key', 750)).toBe(false)
  })

  it('ignores a click when anything changed between the press and the click', () => {
    const pressed = [...armedAt600, { type: 'press', point: at, onButton: true, at: 700 }] as const
    expect(acceptsClick(run(...pressed, { type: 'seen', visible: true, at: 720 }), at, 750)).toBe(false)
    expect(acceptsClick(run(...pressed, { type: 'moved', at: 720 }), at, 750)).toBe(false)
    expect(acceptsClick(run(...pressed, { type: 'leave' }), at, 750)).toBe(false)
  })
})
