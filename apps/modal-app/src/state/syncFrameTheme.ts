import type { ThemeMode, ThemeVariables } from '@modalkit/protocol'
import type { createStore } from 'jotai/vanilla'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { log } from '../log.ts'
import { themeModeAtom, themeVariablesAtom } from './atoms.ts'

/** The frame's SYNC_THEME payload: the theme variables in the frame's bounds (names ≤ 64). */
export function frameTheme(themeMode: ThemeMode, variables: ThemeVariables) {
  const themeVariables = Object.fromEntries(Object.entries(variables).filter(([name]) => name.length <= 64))
  return { themeMode, themeVariables }
}

/**
 * SPEC §7 "sync theme": the secure frame draws in the modal's theme, now and whenever
 * the site or the system changes it, so its screens look like the modal around them.
 */
export function syncFrameTheme(store: ReturnType<typeof createStore>, frame: FrameClient): () => void {
  const send = () => {
    const payload = frameTheme(store.get(themeModeAtom), store.get(themeVariablesAtom))
    frame.request('SYNC_THEME', payload).catch((error: unknown) => {
      log.error('theme not synced to the secure frame', error)
    })
  }
  const unsubscribers = [store.sub(themeModeAtom, send), store.sub(themeVariablesAtom, send)]
  send()
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe()
  }
}
