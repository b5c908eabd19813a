import * as z from 'zod/mini'

/**
 * An absolute http(s) URL that `new URL` takes: the origins and endpoints a server writes into its
 * own page. A check, not zod's URL format with its hostname and protocol options (about 0.5 KB gzip in
 * each frame's first chunk). Stricter than `new URL` on purpose: the scheme must be written
 * lower-case and nothing may surround the URL, as the servers write it; a page config that differs was
 * not written by them, and is refused rather than normalised. Not for URLs a site or a user types.
 */
export const httpUrlSchema = z
  .string()
  .check(z.refine((value) => /^https?:\/\/[^/?#]/.test(value) && URL.canParse(value), 'Invalid URL'))
