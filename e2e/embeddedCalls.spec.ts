import { expect, type Page, test } from '@playwright/test'
import { Wallet } from 'ethers'
import { approveInSecureFrame, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { fund, rpc } from './evmNode.ts'
import { logInOnce } from './sharedLogin.ts'
import { SITES } from './sites.ts'

const balanceOf = async (address: string) =>
  BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)

/** The site's EIP-1193 request; a rejection comes back as its code, message and data. */
function request(page: Page, method: string, params: unknown[]) {
  return page.evaluate(
    ([m, p]) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: m, params: p })
        .then(
          (result) => ({ result }),
          (error: { code: number; message: string; data?: { details?: string } }) => ({
            error: { code: error.code, message: error.message, details: error.data?.details },
          }),
        ),
    [method, params] as const,
  )
}

const batch = (calls: unknown[], patch: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls, ...patch },
]

test.describe('EIP-5792 batch calls with the embedded wallet', () => {
  // A new user, logged in once for both tests, with 1 ETH on the local node.
  const shared = logInOnce('calls', { prepare: ({ address }) => fund(address) })

  test('capabilities, then two transfers sent after one approval in the secure frame, then status 200 with two receipts', async () => {
    test.setTimeout(60_000)
    const { page, address } = shared()

    // An EOA: no atomic batching on any configured eip155 network, and nothing else claimed.
    const unsupported = { atomic: { status: 'unsupported' } }
    expect(await request(page, 'wallet_getCapabilities', [address])).toEqual({
      result: { '0x1': unsupported, '0x7a69': unsupported, '0x7a6a': unsupported },
    })
    // EIP-7811: the funded ether, answered by the modal from the API's balances, with no approval.
    expect(await request(page, 'wallet_getAssets', [{ account: address, chainFilter: ['0x7a69'] }])).toEqual({
      result: {
        '0x7a69': [
          {
            address: 'native',
            balance: '0xde0b6b3a7640000',
            type: 'native',
            metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      },
    })
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)

    const [to1, to2] = [Wallet.createRandom().address, Wallet.createRandom().address]
    const sending = request(page, 'wallet_sendCalls', [
      {
        ...batch([
          { to: to1, value: '0x2386f26fc10000' },
          { to: to2, value: '0x470de4df820000' },
        ])[0],
        from: address,
      },
    ])
    // One approval shows every call, the network, the fee and the site asking.
    await expect(secureFrame(page).getByTestId('approval')).toBeVisible({ timeout: 15_000 })
    expect(await page.evaluate(() => window.appkit.getState().view)).toBe('ApproveTransaction')
    const approval = secureFrame(page).getByTestId('approval')
    for (const text of [
      'Send 2 calls',
      to1,
      to2,
      '0.01 ETH',
      '0.02 ETH',
      'eip155:31337',
      'Estimated total fee',
      SITES.host,
    ]) {
      await expect(approval).toContainText(text)
    }
    await approveInSecureFrame(page)
    const sent = await sending
    expect(sent).toEqual({ result: { id: expect.stringMatching(/^0x[0-9a-f]{64}$/) } })
    const { id } = (sent as { result: { id: string } }).result
    await expect(secureFrame(page).getByTestId('approval')).toBeHidden()

    let status: { status?: number; receipts?: { status: string; transactionHash: string }[] } = {}
    await expect
      .poll(
        async () => {
          const reply = await request(page, 'wallet_getCallsStatus', [id])
          status = 'result' in reply ? (reply.result as typeof status) : {}
          return status.status
        },
        { timeout: 15_000 },
      )
      .toBe(200)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: false })
    expect(status.receipts?.map((r) => r.status)).toEqual(['0x1', '0x1'])
    // The receipts are the node's, in call order: the first pays to1, the second to2.
    const txs = (await Promise.all(
      status.receipts!.map((r) => rpc('eth_getTransactionByHash', [r.transactionHash])),
    )) as { to: string; from: string; nonce: string }[]
    expect(txs.map((tx) => tx.to.toLowerCase())).toEqual([to1.toLowerCase(), to2.toLowerCase()])
    expect(txs.map((tx) => tx.from.toLowerCase())).toEqual([address.toLowerCase(), address.toLowerCase()])
    expect(BigInt(txs[1]!.nonce)).toBe(BigInt(txs[0]!.nonce) + 1n)
    expect([await balanceOf(to1), await balanceOf(to2)]).toEqual([10n ** 16n, 2n * 10n ** 16n])
  })

  test('refusals: a call to "abc" before any approval, a rejected approval (4001), atomicity, unknown ids, other accounts', async () => {
    test.setTimeout(60_000)
    const { page, address } = shared()
    const other = Wallet.createRandom().address

    // SPEC §5: refused by the schema before anything opens.
    expect(await request(page, 'wallet_sendCalls', batch([{ to: 'abc', value: '0x1' }]))).toEqual({
      error: {
        code: -32602,
        message: 'Invalid wallet_sendCalls params',
        details: 'invalid_format at 0.calls.0.to',
      },
    })
    expect(
      await request(page, 'wallet_sendCalls', batch([{ to: other }], { atomicRequired: true })),
    ).toMatchObject({
      error: { code: 5760, message: 'Atomicity not supported' },
    })
    expect(
      await request(page, 'wallet_sendCalls', batch([{ to: other }], { chainId: '0x89' })),
    ).toMatchObject({
      error: { code: -32603, message: 'Chain is not supported' },
    })
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)

    // Rejected in the secure frame: EIP-1193 4001, and nothing was sent.
    const nonce = await rpc('eth_getTransactionCount', [address, 'latest'])
    const rejected = request(
      page,
      'wallet_sendCalls',
      batch([
        { to: other, value: '0x1' },
        { to: other, value: '0x2' },
      ]),
    )
    await expect(secureFrame(page).getByTestId('approval')).toContainText(other, { timeout: 15_000 })
    await rejectInSecureFrame(page)
    expect(await rejected).toMatchObject({ error: { code: 4001 } })
    expect(await rpc('eth_getTransactionCount', [address, 'pending'])).toBe(nonce)
    expect(await balanceOf(other)).toBe(0n)
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)

    expect(await request(page, 'wallet_getCallsStatus', [`0x${'ab'.repeat(32)}`])).toEqual({
      error: { code: 5730, message: 'Unknown bundle id', details: undefined },
    })
    expect(await request(page, 'wallet_getCapabilities', [])).toMatchObject({
      error: { code: -32602, message: 'Missing address parameter in wallet_getCapabilities request' },
    })
    expect(await request(page, 'wallet_getCapabilities', [other])).toMatchObject({
      error: { code: 4100 },
    })
    // The site asks about another account, or off EIP-7811's shape: refused, nothing read.
    expect(await request(page, 'wallet_getAssets', [{ account: other }])).toMatchObject({
      error: { code: 4100, message: 'The requested account has not been authorized by the user' },
    })
    expect(
      await request(page, 'wallet_getAssets', [{ account: address, chainFilter: '0x7a69' }]),
    ).toMatchObject({
      error: { details: expect.stringContaining('invalid_type') },
    })
  })
})
