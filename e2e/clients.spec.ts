import { expect, type Page, test } from '@playwright/test'
import { formatEther, verifyMessage } from 'ethers'
import { collectConsole, gotoReady, logLines, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// Locked (e2e/locks.ts): wagmi sends from the test account, whose balance the page must show exactly.
test.describe.configure({ lock: LOCKS.testAccount })

// Real clients, unchanged, on Modalkit's EIP-1193 provider: the demo site's ethers, viem and wagmi
// pages (apps/demo-site/src), driven by their buttons, with the test browser wallet behind the modal.

const NODE_A = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MESSAGE = 'Hello from the demo site'

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(NODE_A, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

/**
 * Clicks a button of the page and returns the value it logged under `kind` (the newest such line);
 * an error the page logged instead fails the test with its text.
 */
async function run(page: Page, testId: string, kind: string): Promise<string> {
  const before = (await logLines(page)).length
  await page.getByTestId(testId).click()
  let value: string | undefined
  await expect
    .poll(
      async () => {
        const fresh = (await logLines(page)).slice(0, -before || undefined)
        const error = fresh.find((line) => line.startsWith('error: '))
        if (error) return error
        value = fresh.find((line) => line.startsWith(`${kind}: `))?.slice(kind.length + 2)
        return value === undefined ? 'pending' : 'done'
      },
      { timeout: 15_000 },
    )
    .toBe('done')
  return value as string
}

async function connectThroughModal(page: Page) {
  await page.getByTestId('connect').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
}

async function exercise(page: Page, path: string) {
  await installTestWallet(page)
  const consoleLines = collectConsole(page)
  await gotoReady(page, path)

  // Connect through the library's own path: it opens the modal, where the user picks the wallet.
  const before = (await logLines(page)).length
  await connectThroughModal(page)
  await expect
    .poll(async () =>
      (await logLines(page)).slice(0, -before || undefined).find((l) => l.startsWith('connected: ')),
    )
    .toBeDefined()
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await expect(page.getByTestId('address')).toHaveText(TEST_ACCOUNT)
  await expect(page.getByTestId('chain-id')).toHaveText('31337')

  // Sign: the signature verifies in this process, for the connected account.
  const signature = await run(page, 'sign', 'signature')
  expect(verifyMessage(MESSAGE, signature)).toBe(TEST_ACCOUNT)

  // Send 0.001 ETH: mined on the local node, to the fixed address.
  const sent = JSON.parse(await run(page, 'send', 'receipt')) as { hash: string; status: string }
  expect(sent.status).toBe('success')
  const receipt = (await rpc('eth_getTransactionReceipt', [sent.hash])) as { status: string; to: string }
  expect(receipt).toMatchObject({ status: '0x1', to: RECIPIENT.toLowerCase() })
  const tx = (await rpc('eth_getTransactionByHash', [sent.hash])) as { value: string; from: string }
  expect(tx).toMatchObject({ value: '0x38d7ea4c68000', from: TEST_ACCOUNT.toLowerCase() })

  // The balance the page reads is the node's.
  await run(page, 'refresh', 'connected')
  const balance = BigInt((await rpc('eth_getBalance', [TEST_ACCOUNT, 'latest'])) as string)
  await expect(page.getByTestId('balance')).toHaveText(`${formatEther(balance)} ETH`)

  // Switch to the other local chain and back: the wallet follows, and so does the library.
  expect(await run(page, 'switch-31338', 'switched')).toBe('31338')
  expect(await page.evaluate(`window.__testWallet.state.chainId`)).toBe('0x7a6a')
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').caipAddress)).toBe(
    `eip155:31338:${TEST_ACCOUNT}`,
  )
  expect(await run(page, 'switch-31337', 'switched')).toBe('31337')
  expect(await page.evaluate(`window.__testWallet.state.chainId`)).toBe('0x7a69')

  // Disconnect: Modalkit forgets the wallet.
  expect(await run(page, 'disconnect', 'disconnected')).toBe('true')
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').status)).toBe('disconnected')

  // No call of the library was one the provider refuses (4200, 'Action not allowed' in the modal).
  expect(consoleLines.filter((line) => line.includes('is not an allowed RPC method'))).toEqual([])
}

test.describe('real clients on the demo site, unchanged, against the EIP-1193 provider', () => {
  test('ethers v6 BrowserProvider: connect, sign, send, balance, switch chain, disconnect', async ({
    page,
  }) => {
    await exercise(page, '/ethers.html')
  })

  test('viem with a custom transport: requestAddresses, sign, send, balance, switch chain, disconnect', async ({
    page,
  }) => {
    await exercise(page, '/viem.html')
  })

  test('wagmi with EIP-6963 discovery (dev.modalkit): connect, signMessage, sendTransaction, balance, switch chain, disconnect', async ({
    page,
  }) => {
    await exercise(page, '/wagmi.html')
  })
})
