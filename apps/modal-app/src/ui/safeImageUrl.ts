import { imageUrlSchema } from '@modalkit/protocol'

/**
 * An image URL from the network, or undefined when it may not be shown (imageUrlSchema: absolute
 * http(s) or a base64 raster `data:image/`, at most 2048 characters).
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  return url && imageUrlSchema.safeParse(url).success ? url : undefined
}
