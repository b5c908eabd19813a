import { expect, test } from '@playwright/test'
import { gotoReady, modal } from './helpers.ts'

type RpcError = { code: number; message: string }
const rpc = (method: string) =>
  `window.appkit.getProvider('eip155').request({ method: '${method}' }).then((r) => ({ result: r }), (e) => ({ code: e.code, message: e.message }))`

test.describe('the host page EIP-1193 provider', () => {
  test('is announced by EIP-6963', async ({ page }) => {
    await gotoReady(page)
    const announced = await page.evaluate(
      () =>
        new Promise<{ name: string; rdns: string; hasRequest: boolean }[]>((resolve) => {
          const found: { name: string; rdns: string; hasRequest: boolean }[] = []
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail
            found.push({
              name: info.name,
              rdns: info.rdns,
              hasRequest: typeof provider.request === 'function',
            })
          })
          window.dispatchEvent(new Event('eip6963:requestProvider'))
          setTimeout(() => resolve(found), 50)
        }),
    )
    expect(announced).toEqual([{ name: 'Modalkit', rdns: 'dev.modalkit', hasRequest: true }])
  })

  test('answers eth_chainId and eth_accounts from the mirrored state', async ({ page }) => {
    await gotoReady(page)
    expect(await page.evaluate(rpc('eth_chainId'))).toEqual({ result: '0x7a69' })
    expect(await page.evaluate(rpc('eth_accounts'))).toEqual({ result: [] })
  })

  test("rejects an unlisted method with 4200 and shows 'Action not allowed' in the modal", async ({
    page,
  }) => {
    await gotoReady(page)
    const error = (await page.evaluate(rpc('eth_sign'))) as RpcError
    expect(error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
    await expect(modal(page).getByText('Action not allowed')).toBeVisible()
  })

  test('answers safe reads through the API chain proxy, and rejects unsafe methods it cannot serve with 4200', async ({
    page,
  }) => {
    await gotoReady(page)
    const balance = (await page.evaluate(
      `window.appkit.getProvider('eip155').request({ method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] })`,
    )) as string
    expect(BigInt(balance)).toBeGreaterThan(10n ** 21n)
    expect(await page.evaluate(rpc('eth_blockNumber'))).toMatchObject({
      result: expect.stringMatching(/^0x/),
    })
    expect(await page.evaluate(rpc('personal_sign'))).toMatchObject({ code: 4200 })
  })

  test('eth_requestAccounts opens the modal and rejects with 4001 when the user closes it', async ({
    page,
  }) => {
    await gotoReady(page)
    const pending = page.evaluate(rpc('eth_requestAccounts'))
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await page.keyboard.press('Escape')
    expect(await pending).toEqual({ code: 4001, message: 'Connection rejected' })
  })

  test('rejects a malformed request object', async ({ page }) => {
    await gotoReady(page)
    const error = await page.evaluate(() => {
      const provider = window.appkit.getProvider('eip155')!
      return (provider.request as (a: unknown) => Promise<unknown>)(42).catch((e: RpcError) => ({
        code: e.code,
      }))
    })
    expect(error).toEqual({ code: -32600 })
  })
})
