import * as z from 'zod/mini'

/** Raster images only: an SVG may carry script, and its `data:` form is never accepted. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/
const HTTP_IMAGE = /^https?:\/\/[^/?#\s]/

/**
 * An image URL from the network (an identity's avatar) that may be shown: an absolute http(s) URL
 * or a base64 `data:image/` raster, at most 2048 characters. Nothing relative, no `javascript:`,
 * no SVG data.
 */
export const imageUrlSchema = z.string().check(
  z.maxLength(2048),
  z.refine(
    (value) => DATA_IMAGE.test(value) || (HTTP_IMAGE.test(value) && URL.canParse(value)),
    'Invalid image URL',
  ),
)
