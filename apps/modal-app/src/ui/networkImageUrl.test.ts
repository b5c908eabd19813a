import { describe, expect, it } from 'vitest'
import { networkImageUrl } from './NetworkIcon.tsx'

const API = 'https://api.example'

describe('networkImageUrl', () => {
  it("takes a network's own https or image data URL, else the API's logo for its image id", () => {
    expect(networkImageUrl({ assets: { imageUrl: 'https://cdn.site/eth.png', imageId: 'x' } }, API)).toBe(
      'https://cdn.site/eth.png',
    )
    expect(networkImageUrl({ assets: { imageUrl: 'data:image/png;base64,AAAA' } }, API)).toBe(
      'data:image/png;base64,AAAA',
    )
    expect(networkImageUrl({ assets: { imageId: 'ba0b-17c6' } }, API)).toBe(
      `${API}/v1/networks/ba0b-17c6/image`,
    )
  })
  it('never loads an image over http or from a script URL, and has none without an id', () => {
    expect(networkImageUrl({ assets: { imageUrl: 'http://cdn.site/eth.png' } }, API)).toBeUndefined()
    expect(networkImageUrl({ assets: { imageUrl: 'javascript:alert(1)', imageId: 'a' } }, API)).toBe(
      `${API}/v1/networks/a/image`,
    )
    expect(networkImageUrl({ assets: { imageUrl: 'data:text/html,<script>' } }, API)).toBeUndefined()
    expect(networkImageUrl({}, API)).toBeUndefined()
    expect(networkImageUrl({ assets: { imageId: 'a' } }, undefined)).toBeUndefined()
  })
})
