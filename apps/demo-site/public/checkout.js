// The demo shop's checkout: one call to window.appkit.pay() with AppKit Pay's options, and the
// outcome shown. The shop's wallet is anvil's test account 8; LUSD is the local chain world's
// 6-decimal token (packages/shared's LOCAL_CHAIN_WORLD.usd).
const SHOP = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
const LUSD = {
  network: 'eip155:31337',
  asset: '0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5',
  metadata: { name: 'Local USD', symbol: 'LUSD', decimals: 6 },
}

const status = document.querySelector('[data-testid="checkout-status"]')
document.querySelector('[data-testid="checkout-pay"]').addEventListener('click', async () => {
  status.textContent = 'Paying…'
  try {
    const result = await window.appkit.pay({ recipient: SHOP, amount: 2, paymentAsset: LUSD })
    status.textContent = result.success ? `Paid: ${result.result}` : `Not paid: ${result.error}`
  } catch (error) {
    status.textContent = `Refused: ${error.message}`
  }
})
