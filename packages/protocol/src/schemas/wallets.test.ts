import { describe, expect, it } from 'vitest'
import { injectedRequestSchema } from './wallets.ts'

const tx = {
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '0x0',
  data: '0xa9059cbb',
}

describe("injectedRequestSchema (what the modal may ask the host page's browser wallet)", () => {
  it("takes the chain switch, SIWX's personal_sign and Send's one plain transaction", () => {
    expect(
      injectedRequestSchema.safeParse({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
        .success,
    ).toBe(true)
    expect(injectedRequestSchema.safeParse({ method: 'eth_sendTransaction', params: [tx] }).success).toBe(
      true,
    )
  })
  it('refuses other methods, a second transaction, and fields beyond from, to, value, data, gas and chainId', () => {
    for (const request of [
      { method: 'eth_signTypedData_v4', params: [] },
      { method: 'eth_sendTransaction', params: [tx, tx] },
      { method: 'eth_sendTransaction', params: [{ ...tx, nonce: '0x1' }] },
      { method: 'eth_sendTransaction', params: [{ ...tx, gas: 'many' }] },
      { method: 'eth_sendTransaction', params: [{ ...tx, to: '0x12' }] },
      { method: 'eth_sendTransaction', params: [{ ...tx, data: 'not hex' }] },
    ])
      expect(injectedRequestSchema.safeParse(request).success).toBe(false)
  })
})
