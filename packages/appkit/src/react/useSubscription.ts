import { useCallback, useRef, useSyncExternalStore } from 'react'

/** Same top-level keys with the same values (`Object.is`): a re-read that changed nothing. */
const sameShape = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.is(Reflect.get(a, key), Reflect.get(b, key)))
}

/**
 * A value the modal pushes through one of its `subscribe*` methods, for `useSyncExternalStore`: the
 * snapshot is the last value pushed (the same object until the next push, as React needs), first the
 * getter's. The modal's subscribers do not call back at once, so the getter is read again right after
 * subscribing, in case the value changed between render and subscription.
 * @param key Re-subscribes when it changes (e.g. the namespace).
 */
export function useSubscription<T>(
  subscribe: (callback: (value: T) => void) => () => void,
  read: () => T,
  key: string,
): T {
  const value = useRef<{ key: string; value: T } | undefined>(undefined)
  if (value.current?.key !== key) value.current = { key, value: read() }
  const readRef = useRef(read)
  readRef.current = read
  const subscribeRef = useRef(subscribe)
  subscribeRef.current = subscribe

  // Re-subscribes when `key` changes; the functions are read through refs.
  const onStoreChange = useCallback(
    (notify: () => void) => {
      const set = (next: T) => {
        if (sameShape(next, value.current?.value)) return
        value.current = { key, value: next }
        notify()
      }
      const stop = subscribeRef.current(set)
      const now = readRef.current()
      set(now)
      return stop
    },
    [key],
  )
  const snapshot = () => (value.current as { value: T }).value
  return useSyncExternalStore(onStoreChange, snapshot, snapshot)
}
