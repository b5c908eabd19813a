import { afterNextPaint } from './afterNextPaint.ts'
import { openingAtom, type Store } from './atoms.ts'

/**
 * SPEC §4: opening sets loading, from the call (which may wait for init) until the view it shows is
 * painted; an open that fails stops it at once.
 */
export async function whileOpening(store: Store, open: () => Promise<void>): Promise<void> {
  store.set(openingAtom, (n) => n + 1)
  const done = () => store.set(openingAtom, (n) => n - 1)
  try {
    await open()
  } catch (error) {
    done()
    throw error
  }
  afterNextPaint(done)
}
