import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { concat, createPublicClient, type Hex, http, pad, parseEther, parseGwei } from 'viem'
import { getUserOperationHash, toSoladySmartAccount } from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { approveInSecureFrame, logInByEmail, secureFrame } from './embeddedLogin.ts'
import { gotoReady } from './helpers.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'

// Issue 10, attack: the embedded wallet's EOA owns a smart account (counterfactual on every network
// with a bundler) that accepts the EOA's EIP-191 signature of an operation's 32-byte hash. A site the
// user signs messages for builds an operation that sends the account's ETH to the attacker and asks
// the EOA to personal_sign its hash, passed off as a message. Refused before any approval is shown.
const NODE = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const chain = createPublicClient({ chain: foundry, transport: http(NODE) })
const ATTACKER = '0x00000000000000000000000000000000000a77ac' as Hex

const refuse = () => Promise.reject(new Error('the attacker holds no key'))

test('a site cannot get an operation hash of the user\'s smart account signed by the EOA as a "message"', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const eoa = (await page.evaluate(() => window.appkit.getAccount('eip155').address)) as Hex
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').embeddedWalletInfo?.accountType)).toBe(
    'eoa',
  )

  // What the attacker can compute from public data: the user's smart account and an operation of it.
  const settings = (await (
    await fetch(
      `${STACK_ENV.API_INTERNAL_URL}/v1/smart-accounts?projectId=${PROJECT_ID}&siteOrigin=${encodeURIComponent(SITES.host)}`,
    )
  ).json()) as { entryPoint: Hex; factory: Hex }
  const account = await toSoladySmartAccount({
    client: chain,
    owner: toAccount({ address: eoa, signMessage: refuse, signTransaction: refuse, signTypedData: refuse }),
    factoryAddress: settings.factory,
    salt: concat([eoa, pad('0x', { size: 12 })]),
  })
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  })
  const { factory, factoryData } = await account.getFactoryArgs()
  const hash = getUserOperationHash({
    chainId: foundry.id,
    entryPointAddress: settings.entryPoint,
    entryPointVersion: '0.7',
    userOperation: {
      sender: account.address,
      nonce: 0n,
      factory,
      factoryData,
      callData: await account.encodeCalls([{ to: ATTACKER, value: parseEther('0.9') }]),
      callGasLimit: 200_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 80_000n,
      maxFeePerGas: parseGwei('3'),
      maxPriorityFeePerGas: parseGwei('1'),
      signature: '0x',
    },
  })

  const reply = await page.evaluate(
    ([message, from]) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: 'personal_sign', params: [message, from] })
        .then(
          (result) => ({ result }),
          (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
        ),
    [hash, eoa] as const,
  )
  expect(reply).toEqual({
    code: 4001,
    message: 'A 32-byte hash cannot be signed as a message: it could approve a smart-account operation',
  })
  await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
  expect(await chain.getBalance({ address: ATTACKER })).toBe(0n)

  // Messages stay signable: text, and bytes of any other length.
  const signing = page.evaluate(
    (from) =>
      window.appkit
        .getProvider('eip155')!
        .request({ method: 'personal_sign', params: ['0x68656c6c6f', from] }),
    eoa,
  )
  await approveInSecureFrame(page, 'hello')
  expect(
    await chain.verifyMessage({ address: eoa, message: 'hello', signature: (await signing) as Hex }),
  ).toBe(true)
})
