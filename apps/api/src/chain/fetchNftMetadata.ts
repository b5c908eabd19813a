import { guardedFetch } from '../net/guardedFetch.ts'

const METADATA_TIMEOUT_MS = 3_000
const MAX_METADATA_BYTES = 64 * 1024

export type NftMetadata = { name?: string; imageUrl?: string }

/**
 * Reads an NFT's metadata JSON at its tokenURI through guardedFetch (public https or ipfs; a tokenURI
 * is chosen by whoever deployed the contract) and resolves its image against it, so a relative `image`
 * works. Anything else (a refused address, a timeout, a huge or malformed file) gives no metadata: the
 * NFT still shows, by its collection and id.
 */
export async function fetchNftMetadata(tokenUri: string): Promise<NftMetadata> {
  try {
    const { status, body } = await guardedFetch(tokenUri, {
      maxBytes: MAX_METADATA_BYTES,
      timeoutMs: METADATA_TIMEOUT_MS,
    })
    if (status !== 200) return {}
    const json = JSON.parse(body.toString('utf8')) as { name?: unknown; image?: unknown }
    const image = typeof json.image === 'string' ? new URL(json.image, tokenUri) : undefined
    return {
      ...(typeof json.name === 'string' ? { name: json.name.slice(0, 200) } : {}),
      ...(image && ['http:', 'https:', 'ipfs:'].includes(image.protocol) ? { imageUrl: image.href } : {}),
    }
  } catch {
    return {}
  }
}
