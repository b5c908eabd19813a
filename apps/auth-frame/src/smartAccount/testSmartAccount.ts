import {
  SMART_ACCOUNT_CHAIN,
  SMART_ACCOUNT_SITE,
  type SmartAccountTestStack,
} from '@modalkit/api/smartAccountTestStack'
import { smartAccountsReplySchema } from '@modalkit/protocol'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createChainRpc } from '../router/createChainRpc.ts'
import { createSmartAccount } from './createSmartAccount.ts'
import type { SmartAccountCall, SmartAccountSession, UserOperationStatus } from './SmartAccountSession.ts'

/**
 * Tests only: the smart account of a new (or the given) owner on the smart-account test stack, through
 * the API's chain proxy, bundler and paymaster of `project` ('paid' sponsors, 'plain' does not), with
 * the owner logged in at the API as the frame's session is.
 */
export async function openTestSmartAccount(
  stack: SmartAccountTestStack,
  project: 'paid' | 'plain' = 'paid',
  ownerKey: Hex = generatePrivateKey(),
): Promise<SmartAccountSession> {
  const site = encodeURIComponent(SMART_ACCOUNT_SITE)
  const query = `chainId=${SMART_ACCOUNT_CHAIN}&projectId=${project}&siteOrigin=${site}`
  const rpc = createChainRpc(() => `${stack.base}/v1/?${query}`)
  const config = smartAccountsReplySchema.parse(
    await (await fetch(`${stack.base}/v1/smart-accounts?projectId=${project}&siteOrigin=${site}`)).json(),
  )
  const owner = privateKeyToAccount(ownerKey)
  const authorization = await stack.login(owner.address)
  return createSmartAccount({
    owner,
    chainId: foundry.id,
    rpc: (method, params) => rpc(SMART_ACCOUNT_CHAIN, method, params),
    bundlerUrl: `${stack.base}/v1/bundler?${query}`,
    paymasterUrl: `${stack.base}/v1/paymaster?${query}`,
    authorization: () => authorization,
    config,
  })
}

/** Tests only: a user operation of `calls`, prepared and sent as a request's plan sends it once approved. */
export const sendCalls = async (
  account: SmartAccountSession,
  calls: readonly SmartAccountCall[],
): Promise<Hex> => account.send(await account.prepare(calls))

/** Tests only: the operation's status once it is no longer pending. */
export async function settled(account: SmartAccountSession, hash: Hex): Promise<UserOperationStatus> {
  for (;;) {
    const status = await account.status(hash)
    if (status.status !== 'pending') return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
