import { describe, expect, it } from 'vitest'
import { withAssetsFallback } from './assetsFallback.ts'

const failing = (code: number) => async () => {
  throw Object.assign(new Error('no'), { code })
}
const modal = async (method: string) => `modal ${method}`

describe('withAssetsFallback', () => {
  it('asks the modal for wallet_getAssets only when the browser wallet has no such method', async () => {
    expect(await withAssetsFallback('wallet_getAssets', [], failing(-32601), modal)).toBe(
      'modal wallet_getAssets',
    )
    expect(await withAssetsFallback('wallet_getAssets', [], failing(4200), modal)).toBe(
      'modal wallet_getAssets',
    )
    expect(await withAssetsFallback('wallet_getAssets', [], async () => 'wallet', modal)).toBe('wallet')
  })

  it("leaves the wallet's own refusals and every other method to the wallet", async () => {
    await expect(withAssetsFallback('wallet_getAssets', [], failing(4100), modal)).rejects.toMatchObject({
      code: 4100,
    })
    await expect(withAssetsFallback('eth_foo', [], failing(-32601), modal)).rejects.toMatchObject({
      code: -32601,
    })
  })
})
