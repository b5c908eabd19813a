import type { Plugin } from 'vite'

/**
 * react-router's production build as a bundle can shake it. Its one chunk ends each component and
 * context with a `displayName` assignment (for React DevTools) and creates them with calls nothing
 * marks pure: either keeps every export alive, so the modal, which uses `<Router>`, `useRoutes` and
 * the memory history, also shipped `Link`, `NavLink`, `Form` and their prefetching (10.4 →
 * 5.6 KB gzip). The assignments go (their lines stay, empty, so the source map holds) and the calls
 * get `@__PURE__`; what is used is kept as it was.
 */
export function shakeableReactRouter(code: string): string {
  return code
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
    .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
}

/** Applies `shakeableReactRouter` to react-router's production files, at build time only. */
export function pureReactRouter(): Plugin {
  return {
    name: 'pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/react-router/dist/production/')) return undefined
      // Lines are kept and only a few move within theirs: the input's map still fits.
      return { code: shakeableReactRouter(code), map: null }
    },
  }
}
