/** Where the API serves an NFT's image (readNftImage): relative, the modal makes it absolute. */
export const nftImagePath = (chain: string, contract: string, tokenId: string): string =>
  `/v1/nfts/${encodeURIComponent(chain)}/${contract}/${tokenId}/image`
