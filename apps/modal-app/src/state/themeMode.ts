import type { ThemeMode } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'

const DARK_QUERY = '(prefers-color-scheme: dark)'
const systemQuery = () => (typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined)

/** The system's colour scheme, kept current while anything reads it. */
export const systemThemeAtom = atom<ThemeMode>(systemQuery()?.matches ? 'dark' : 'light')
systemThemeAtom.onMount = (set) => {
  const query = systemQuery()
  if (!query) return
  const onChange = () => set(query.matches ? 'dark' : 'light')
  onChange()
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** What the site chose (`themeMode` in init, `setThemeMode`); `undefined` follows the system. */
export const themeModeSettingAtom = atom<ThemeMode | undefined>(undefined)

/** The theme the modal and the secure frame draw in: the site's choice, else the system's. */
export const resolveThemeMode = (setting: ThemeMode | undefined, system: ThemeMode): ThemeMode =>
  setting ?? system
