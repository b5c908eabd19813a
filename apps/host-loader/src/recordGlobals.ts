/**
 * Imported first, so it runs before any dependency: records whether zod's global config already
 * existed. zod 4 writes `globalThis.__zod_globalConfig`; the loader promises a site nothing global
 * but `window.appkit`, so main.ts removes it again when the page did not have it.
 */
export const zodConfigExisted = '__zod_globalConfig' in globalThis
