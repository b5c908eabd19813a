import { useAtomValue } from 'jotai/react'
import { useEffect, useRef } from 'react'
import { prefetchApiMethods } from '../api/createApiClient.ts'
import { afterNextPaint } from '../state/afterNextPaint.ts'
import { featuresAtom, isConnectedAtom } from '../state/derivedAtoms.ts'
import { prefetchViews, preloadAccount } from '../views/registry.tsx'

/**
 * Once the modal is first shown and its first view painted, fetches every other view's chunk, and
 * those of the API calls they make, in idle time, so the next view the user opens paints at once.
 * Nothing is fetched before that (the bytes before the first click are the first view's only) but
 * Account's, once an account connects.
 */
export function usePrefetchViews(visible: boolean): void {
  const features = useAtomValue(featuresAtom)
  const connected = useAtomValue(isConnectedAtom)
  const done = useRef(false)
  // Connected (a session restored, or a login), Account is what opening shows: its chunk comes now.
  useEffect(() => {
    if (connected) void preloadAccount()
  }, [connected])
  useEffect(() => {
    if (!visible || done.current) return
    done.current = true
    afterNextPaint(() => {
      const idle = globalThis.requestIdleCallback ?? ((task: () => void) => setTimeout(task, 1))
      idle(() => {
        void prefetchViews(features)
        void prefetchApiMethods()
      })
    })
  }, [visible, features])
}
