import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { Contract, Interface, isCallException, JsonRpcProvider } from 'ethers'
import { BaseError, ContractFunctionRevertedError, createPublicClient, http } from 'viem'
import { deployVault } from './deployVault.ts'
import { logInByEmail } from './embeddedLogin.ts'
import { copyPairingUri, gotoReady, logLines, modal } from './helpers.ts'
import { STACK_ENV } from './sites.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

// A contract's custom error through the whole RPC path (host provider → modal → API proxy → anvil):
// ethers and viem, unchanged on the demo's pages, must decode it exactly as they do against the node
// directly, with no wallet, with the embedded wallet and with a WalletConnect wallet connected.

const NODE_A = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
let vault = ''
let vaultAbi: Interface
/** What each library decodes talking to the node itself, per `from` (none, or an account). */
let direct: (from?: string) => Promise<{ ethers: string; viem: string }>

test.beforeAll(async () => {
  const deployed = await deployVault(NODE_A)
  vault = deployed.address
  const abi = deployed.abi as never
  vaultAbi = new Interface(abi)
  direct = async (from) => {
    const provider = new JsonRpcProvider(NODE_A, undefined, { staticNetwork: true, cacheTimeout: -1 })
    const contract = new Contract(vault, abi, provider)
    const withdraw = contract.getFunction('withdraw')
    const overrides = from ? { from } : {}
    const ethersDecoded = (e: unknown) => {
      const r = isCallException(e) ? (e.revert ?? (e.data && contract.interface.parseError(e.data))) : null
      return r ? `${r.name}(${r.args.join(',')})` : `not decoded: ${e}`
    }
    const ethers = `call ${await withdraw.staticCall(5n, overrides).then(() => 'no revert', ethersDecoded)}, estimateGas ${await withdraw.estimateGas(5n, overrides).then(() => 'no revert', ethersDecoded)}`
    provider.destroy()
    const client = createPublicClient({ transport: http(NODE_A) })
    const viemDecoded = (e: unknown) => {
      const r = e instanceof BaseError ? e.walk((x) => x instanceof ContractFunctionRevertedError) : null
      const data = r instanceof ContractFunctionRevertedError ? r.data : undefined
      return data ? `${data.errorName}(${(data.args ?? []).join(',')})` : `not decoded: ${e}`
    }
    const request = { address: vault as `0x${string}`, abi, functionName: 'withdraw', args: [5n] } as const
    const account = from ? { account: from as `0x${string}` } : {}
    const viem = `call ${await client.simulateContract({ ...request, ...account }).then(() => 'no revert', viemDecoded)}, estimateGas ${await client.estimateContractGas({ ...request, ...account }).then(() => 'no revert', viemDecoded)}`
    return { ethers, viem }
  }
})

/** Clicks the page's "Withdraw 5" and returns the line it logged (the decoded errors) or its error. */
async function withdraw(page: Page): Promise<string> {
  await page.getByTestId('vault-address').fill(vault)
  const before = (await logLines(page)).length
  await page.getByTestId('vault-withdraw').click()
  let line = ''
  await expect
    .poll(
      async () => {
        const fresh = (await logLines(page)).slice(0, -before || undefined)
        line = fresh.find((l) => l.startsWith('revert: ') || l.startsWith('error: ')) ?? ''
        return line !== ''
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return line
}

const connectedAddress = (page: Page) =>
  page.evaluate(() => window.appkit.getAccount('eip155').address as string)

for (const library of ['ethers', 'viem'] as const) {
  test.describe(`${library}: a custom error through the host provider`, () => {
    test('with no wallet connected', async ({ page }) => {
      await gotoReady(page, `/${library}.html`)
      const expected = (await direct())[library]
      expect(expected).toBe('call InsufficientBalance(1,5), estimateGas InsufficientBalance(1,5)')
      expect(await withdraw(page)).toBe(`revert: ${expected}`)
    })

    test('with the embedded wallet connected', async ({ page }) => {
      test.setTimeout(90_000)
      await gotoReady(page, `/${library}.html`)
      await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`, undefined, (p) =>
        p.getByTestId('connect').click(),
      )
      const expected = (await direct(await connectedAddress(page)))[library]
      expect(expected).toContain('InsufficientBalance(1,5)')
      expect(await withdraw(page)).toBe(`revert: ${expected}`)
    })

    test('with a WalletConnect wallet connected', async ({ page }) => {
      test.setTimeout(60_000)
      const wallet = await createWalletConnectWallet()
      try {
        await gotoReady(page, `/${library}.html`)
        await page.getByTestId('connect').click()
        await modal(page).getByTestId('wallet-walletconnect').click()
        await wallet.pair(await copyPairingUri(page))
        await expect.poll(() => connectedAddress(page), { timeout: 15_000 }).toBe(wallet.address)
        const expected = (await direct(wallet.address))[library]
        expect(expected).toContain('InsufficientBalance(1,5)')
        expect(await withdraw(page)).toBe(`revert: ${expected}`)
      } finally {
        await wallet.close()
      }
    })
  })
}

test('the embedded wallet: a transaction its secure frame estimates keeps the revert data', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await gotoReady(page, '/ethers.html')
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`, undefined, (p) =>
    p.getByTestId('connect').click(),
  )
  const from = await connectedAddress(page)
  // No gas given: the frame asks the node for the estimate before any approval, and the node reverts.
  const error = await page.evaluate(
    (tx) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: 'eth_sendTransaction', params: [tx] })
        .then(
          () => null,
          (e: { code: unknown; data: unknown }) => ({ code: e.code, data: e.data }),
        ),
    { from, to: vault, data: vaultAbi.encodeFunctionData('withdraw', [5n]) },
  )
  // The node's code 3 and its revert bytes, as a node gives them: the site decodes its custom error.
  expect(error?.code).toBe(3)
  const decoded = vaultAbi.parseError(error?.data as string)
  expect(`${decoded?.name}(${decoded?.args.join(',')})`).toBe('InsufficientBalance(1,5)')
})
