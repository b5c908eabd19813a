import type { Page } from '@playwright/test'

export type BitcoinFailure = { code: number; message: string }
export type BitcoinMethod = 'signMessage' | 'signPSBT' | 'sendTransfer' | 'getAccountAddresses'

/** Calls a method of the page's Bitcoin provider (`getProvider('bip122')`); its error as data. */
export function bitcoinFailure(
  page: Page,
  method: BitcoinMethod,
  arg?: unknown,
): Promise<BitcoinFailure | 'resolved'> {
  return page.evaluate(
    async ({ method, arg }) => {
      const provider = window.appkit.getProvider('bip122') as unknown as Record<
        BitcoinMethod,
        (a: unknown) => Promise<unknown>
      >
      try {
        await provider[method](arg)
        return 'resolved' as const
      } catch (error) {
        const e = error as { code: number; message: string }
        return { code: e.code, message: e.message }
      }
    },
    { method, arg },
  )
}
