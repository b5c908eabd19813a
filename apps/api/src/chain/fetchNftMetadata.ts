const METADATA_TIMEOUT_MS = 3_000
const MAX_METADATA_BYTES = 64 * 1024

export type NftMetadata = { name?: string; imageUrl?: string }

/**
 * Reads an NFT's metadata JSON at its tokenURI (http or https only) and resolves its image against
 * it, so a relative `image` works. Anything else (a timeout, a huge or malformed file) gives no
 * metadata: the NFT still shows, by its collection and id.
 */
export async function fetchNftMetadata(tokenUri: string): Promise<NftMetadata> {
  try {
    const url = new URL(tokenUri)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return {}
    const res = await fetch(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS), redirect: 'error' })
    const text = await res.text()
    if (!res.ok || text.length > MAX_METADATA_BYTES) return {}
    const json = JSON.parse(text) as { name?: unknown; image?: unknown }
    const image = typeof json.image === 'string' ? new URL(json.image, url) : undefined
    return {
      ...(typeof json.name === 'string' ? { name: json.name.slice(0, 200) } : {}),
      ...(image && (image.protocol === 'http:' || image.protocol === 'https:')
        ? { imageUrl: image.href }
        : {}),
    }
  } catch {
    return {}
  }
}
