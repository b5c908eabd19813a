import type { AppKitTheme } from '../types.ts'

/** The elements' shadow-root CSS: small pill buttons in the modal's look, themed by `--w3m-*`. */
export const ELEMENT_CSS = `
:host { display: inline-block; font-family: var(--w3m-font-family, system-ui, sans-serif); }
:host([hidden]) { display: none; }
button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px; cursor: pointer;
  border-radius: var(--w3m-border-radius-master, 999px); padding: 0 14px; height: 40px; font-size: 14px;
  font-weight: 600; background: var(--w3m-accent, #3396ff); color: #fff;
}
button.sm { height: 32px; font-size: 13px; padding: 0 10px; }
button.secondary { background: var(--mk-surface); color: var(--mk-text); border: 1px solid var(--mk-border); }
button:focus-visible { outline: 2px solid var(--w3m-accent, #3396ff); outline-offset: 2px; }
button[disabled] { opacity: 0.5; cursor: not-allowed; }
.balance { opacity: 0.7; font-weight: 500; }
.avatar { display: block; width: 20px; height: 20px; border-radius: 50%; overflow: hidden; flex: none; }
.avatar img { display: block; width: 20px; height: 20px; object-fit: cover; }
`

/** The host element's theme: mode colours and the site's `--w3m-*` variables, on the host. */
export function applyTheme(host: HTMLElement, { themeMode, themeVariables }: AppKitTheme): void {
  const dark = themeMode === 'dark'
  host.style.setProperty('--mk-surface', dark ? '#1f1f1f' : '#ffffff')
  host.style.setProperty('--mk-text', dark ? '#f5f5f5' : '#141414')
  host.style.setProperty('--mk-border', dark ? '#3a3a3a' : '#e4e4e4')
  for (const [name, value] of Object.entries(themeVariables ?? {})) {
    if (name.startsWith('--w3m-') && (typeof value === 'string' || typeof value === 'number'))
      host.style.setProperty(name, String(value))
  }
  host.dataset.themeMode = themeMode
}
