import { expect, type Page, test } from '@playwright/test'
import { Wallet } from 'ethers'
import { gotoReady, loadLoader } from './helpers.ts'
import { SITES, STACK_ENV } from './sites.ts'

// The read path from the page to the API's chain proxy: the page's reads of one task leave as one
// JSON-RPC batch and identical reads in flight as one call (counted here in the modal's requests to
// the API, the proxy's side of the wire); chains without a node or outside the site's networks say so in SPEC's words.

const NODE_A = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
// Two fresh addresses with balances of their own (set below): a test in another worker moves anvil's
// funded accounts' balances, never these, so the node's answer is the one the page got.
const A = Wallet.createRandom().address
const B = Wallet.createRandom().address

async function node(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(NODE_A, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

/** Every chain-proxy call the modal makes, as the JSON bodies it POSTs. */
function proxyBodies(page: Page): unknown[] {
  const bodies: unknown[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().startsWith(`${SITES.api}/v1/?`))
      bodies.push(request.postDataJSON())
  })
  return bodies
}

const request = (page: Page, method: string, params: unknown[] = []) =>
  page.evaluate(
    ({ method, params }) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method, params })
        .then(
          (result: unknown) => ({ result }),
          (e: { code: unknown; message: unknown }) => ({ code: e.code, message: e.message }),
        ),
    { method, params },
  )

async function loadWith(page: Page, networks: string) {
  await loadLoader(page, { 'data-project-id': 'demo', 'data-networks': networks })
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

test.describe('the chain read path (SPEC §9)', () => {
  test('a burst of page reads reaches the proxy as one batch, identical reads as one call, each caller answered', async ({
    page,
  }) => {
    await node('anvil_setBalance', [A, '0xde0b6b3a7640000'])
    await node('anvil_setBalance', [B, '0x1bc16d674ec80000'])
    const bodies = proxyBodies(page)
    await gotoReady(page)
    // The first call also loads the loader's core (appkit-core-*.js): a burst is measured after it.
    expect(await request(page, 'eth_blockNumber')).toMatchObject({ result: expect.stringMatching(/^0x/) })
    const answers = (await page.evaluate(
      ({ A, B }) => {
        const provider = window.appkit.getProvider('eip155')!
        const read = (method: string, params: unknown[] = []) => provider.request({ method, params })
        return Promise.all([
          read('eth_getBalance', [A, 'latest']),
          read('eth_getBalance', [A, 'latest']),
          read('eth_getBalance', [B, 'latest']),
          read('eth_getTransactionCount', [A, 'latest']),
          read('eth_getBalance', [A, 'latest']),
        ])
      },
      { A, B },
    )) as string[]
    // The page's reads of one task crossed to the modal as one message, and left for the proxy as ONE
    // JSON-RPC batch, in which identical reads in flight went as one call: each distinct read once.
    const burst = bodies.filter((b) => !(b as { method?: string }).method?.startsWith('eth_blockNumber'))
    expect(burst).toHaveLength(1)
    expect(Array.isArray(burst[0])).toBe(true)
    const calls = burst[0] as { method: string; params: unknown[] }[]
    expect(calls.map((c) => `${c.method} ${c.params[0]}`).sort()).toEqual(
      [`eth_getBalance ${A}`, `eth_getBalance ${B}`, `eth_getTransactionCount ${A}`].sort(),
    )
    // Each caller got its own answer, the node's.
    expect(answers).toEqual([
      await node('eth_getBalance', [A, 'latest']),
      await node('eth_getBalance', [A, 'latest']),
      await node('eth_getBalance', [B, 'latest']),
      await node('eth_getTransactionCount', [A, 'latest']),
      await node('eth_getBalance', [A, 'latest']),
    ])
  })

  test("a chain the API has no node for: 'Chain is not supported'", async ({ page }) => {
    // eip155:1 is a network the site configured, but the local API fronts only the two anvil chains.
    await loadWith(page, 'eip155:1,eip155:31337')
    expect(await page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)).toBe('eip155:1')
    expect(await request(page, 'eth_blockNumber')).toEqual({
      code: -32603,
      message: 'Chain is not supported',
    })
  })

  test("an EVM read on a site that configured no EVM network: 'Network Not Found'", async ({ page }) => {
    await loadWith(page, 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn')
    expect(await request(page, 'eth_blockNumber')).toEqual({ code: -32603, message: 'Network Not Found' })
  })
})
