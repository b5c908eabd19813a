import type { HostSnapshot, ModalEvent } from '@modalkit/protocol'

type Listener<T> = (value: T) => void

/** A tiny observable value: what the loader mirrors of the modal's state. */
export class Store<T> {
  #value: T
  #listeners = new Set<Listener<T>>()

  constructor(initial: T) {
    this.#value = initial
  }

  get(): T {
    return this.#value
  }

  set(next: T): void {
    const previous = this.#value
    this.#value = next
    if (previous === next) return
    for (const listener of [...this.#listeners]) {
      try {
        listener(next)
      } catch (error) {
        // A site's broken callback must not stop the others or the loader.
        console.error('[appkit] subscriber failed', error)
      }
    }
  }

  subscribe(listener: Listener<T>): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }
}

export const INITIAL_SNAPSHOT: HostSnapshot = {
  open: false,
  loading: false,
  view: 'Connect',
  themeMode: 'light',
  accounts: [],
  closeDisabled: false,
}

export type EventStore = Store<ModalEvent | undefined>
