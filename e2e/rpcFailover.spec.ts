import { expect, test } from '@playwright/test'
import { parseEther, toQuantity, Wallet } from 'ethers'
import type { RpcFrontArrival, RpcFrontFault } from '../scripts/rpcFront.ts'
import { rpc } from './evmNode.ts'
import { gotoReady } from './helpers.ts'
import { STACK_ENV } from './sites.ts'

/**
 * SPEC §9's fallback between nodes, end to end: the stack gives the API the first chain as two nodes
 * (scripts/rpcFront.ts), and the front makes one request fail on whichever node it reaches first.
 * The page asks through the product's whole path (the loader, the modal, the API's RPC proxy) and
 * must get the node's true answer, the failed node having been left for the other.
 */
const FRONT = `http://127.0.0.1:${STACK_ENV.RPC_FRONT_PORT}`

async function failNext(match: string, fault: RpcFrontFault): Promise<void> {
  const res = await fetch(`${FRONT}/control/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ match, fault, count: 1 }),
  })
  expect(res.status).toBe(200)
}

const arrivals = async (match: string): Promise<RpcFrontArrival[]> =>
  (await fetch(`${FRONT}/control/arrivals?match=${match}`)).json() as Promise<RpcFrontArrival[]>

test('a node that answers 503 or cuts the connection is left for the other: the page gets the true balance', async ({
  page,
}) => {
  await gotoReady(page)
  for (const fault of ['status', 'reset'] as const) {
    // An address nobody else asks about, with a balance only the node knows.
    const address = Wallet.createRandom().address
    const wei = parseEther(fault === 'status' ? '1.25' : '2.5')
    await rpc('anvil_setBalance', [address, toQuantity(wei)])
    await failNext(address, fault)
    const balance = await page.evaluate(
      (address) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'eth_getBalance', params: [address, 'latest'] }),
      address,
    )
    expect(BigInt(balance as string)).toBe(wei)
    // It failed where it first came, and was answered by the other node.
    const [first, second, ...rest] = await arrivals(address)
    expect(first?.failed, fault).toBe(true)
    expect(second?.failed, fault).toBe(false)
    expect(second?.node, fault).not.toBe(first?.node)
    expect(rest, fault).toEqual([])
  }
})
