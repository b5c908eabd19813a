// The local on-ramp provider's checkout (docs/features.md, On-ramp): shows what the URL carries, and on Pay tells its
// own server side (same origin) the payment was taken; that server signs the completion webhook to the
// API, which sends what its own order says on the local chain. Nothing here reaches the API.
const params = new URLSearchParams(location.search)
const text = (id, value) => {
  document.querySelector(`[data-testid="${id}"]`).textContent = value
}
text('onramp-provider-fiat', `${params.get('fiat') ?? ''} ${params.get('fiatCurrency') ?? ''}`)
text('onramp-provider-amount', `${params.get('amount') ?? ''} ${params.get('currency') ?? ''}`)
text('onramp-provider-network', params.get('network') ?? '')
text('onramp-provider-wallet', params.get('wallet') ?? '')
const pay = document.getElementById('pay')
const status = document.getElementById('status')
pay.addEventListener('click', async () => {
  pay.disabled = true
  status.textContent = 'Processing payment…'
  try {
    const res = await fetch('/onramp-provider/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: params.get('order'),
        address: params.get('wallet'),
        network: params.get('network'),
        asset: params.get('currency'),
        cryptoAmount: params.get('amount'),
      }),
    })
    const body = await res.json()
    if (!res.ok) throw new Error(body?.error?.message ?? body?.error ?? `HTTP ${res.status}`)
    status.textContent = `Purchase complete: ${body.cryptoAmount} ${body.asset} sent (${body.txHash})`
  } catch (error) {
    status.textContent = `Payment failed: ${error instanceof Error ? error.message : String(error)}`
    pay.disabled = false
  }
})
