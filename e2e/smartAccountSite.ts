import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { createPublicClient, type Hex, http } from 'viem'
import { foundry } from 'viem/chains'
import { logInByEmail } from './embeddedLogin.ts'
import { loadLoader } from './helpers.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'

/** The local chain A, read and set directly (anvil). */
/** Solady's `executeBatch((address target, uint256 value, bytes data)[])`, as a site building its own operation writes it. */
export const EXECUTE_BATCH_ABI = [
  {
    type: 'function',
    name: 'executeBatch',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
    stateMutability: 'payable',
  },
] as const

export const chain = createPublicClient({
  chain: foundry,
  transport: http(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`),
  pollingInterval: 100,
})
export const code = async (address: string) => (await chain.getCode({ address: address as Hex })) ?? '0x'
export const balanceOf = (address: string) => chain.getBalance({ address: address as Hex })
/** An address nobody holds, new each time. */
export const fresh = () => `0x${randomUUID().replaceAll('-', '').padEnd(40, '7')}` as Hex

/** A site on the local chain that prefers smart accounts, logged in by e-mail: the smart account. */
export async function smartAccountSite(
  page: Page,
  projectId: string,
  networks = ['eip155:31337'],
  debug = false,
) {
  await loadLoader(page)
  await page.evaluate(
    ({ projectId, networks, debug }) => {
      window.appkit.init({ projectId, networks, debug, defaultAccountTypes: { eip155: 'smartAccount' } })
      document.querySelector('[data-testid="connect-button"]')?.addEventListener('click', () => {
        void window.appkit.open()
      })
    },
    { projectId, networks, debug },
  )
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  return (await page.evaluate(() => window.appkit.getAccount('eip155').address)) as Hex
}

/** The site's EIP-1193 request; a rejection comes back as its code and message. */
export function request(page: Page, method: string, params: unknown[]) {
  return page.evaluate(
    ([m, p]) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: m, params: p })
        .then(
          (result) => ({ result }),
          (error: { code: number; message: string }) => ({
            error: { code: error.code, message: error.message },
          }),
        ),
    [method, params] as const,
  )
}

/** What the API tells the secure frame about smart accounts for the demo site (public data). */
export async function smartAccountSettings(projectId = PROJECT_ID) {
  const query = `projectId=${projectId}&siteOrigin=${encodeURIComponent(SITES.host)}`
  return (await (await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/smart-accounts?${query}`)).json()) as {
    entryPoint: Hex
    factory: Hex
    permissions: { delegationManager: Hex }
  }
}
