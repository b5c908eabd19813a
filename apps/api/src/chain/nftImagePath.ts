/**
 * Where the API serves an NFT's image (serveNftImage): relative, the modal makes it absolute. It names
 * the project whose data call listed it; the image route serves only a known project.
 */
export const nftImagePath = (chain: string, contract: string, tokenId: string, projectId: string): string =>
  `/v1/nfts/${encodeURIComponent(chain)}/${contract}/${tokenId}/image?projectId=${encodeURIComponent(projectId)}`
