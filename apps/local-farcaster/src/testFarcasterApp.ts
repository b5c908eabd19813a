import { type CreateClientArgs, createWalletClient } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * A test "Farcaster app" (the role of a Farcaster client such as Warpcast): it reads a sign-in link
 * (`url` of a relay channel), writes the Sign In With Farcaster message for `fid` with the link's
 * parameters, signs it with `signWith` (the fid's custody key, or another key to play an attacker)
 * and approves the channel on the relay with the relay's client key.
 */
export type ApproveChannelParameters = {
  relayUrl: string
  authKey: string
  url: string
  fid: number
  username?: string
  signWith: Hex
  /** Overrides of the message's expiration (ISO time), e.g. one in the past. */
  expirationTime?: string
}

/** The wallet side needs no chain: it only builds, signs and posts. */
const noChain: CreateClientArgs['ethereum'] = {
  getFid: () => Promise.reject(new Error('not used by the wallet side')),
  isValidAuthAddress: () => Promise.reject(new Error('not used by the wallet side')),
  publicClient: undefined as unknown as CreateClientArgs['ethereum']['publicClient'],
}

export async function approveChannel(params: ApproveChannelParameters): Promise<void> {
  const client = createWalletClient({ relay: params.relayUrl, ethereum: noChain })
  const link = new URL(params.url)
  const parsed = client.parseSignInURI({ uri: params.url })
  if (parsed.isError) throw parsed.error ?? new Error('bad sign-in link')
  const get = (name: string) => link.searchParams.get(name) ?? undefined
  const account = privateKeyToAccount(params.signWith)
  const expirationTime = params.expirationTime ?? get('expirationTime')
  const notBefore = get('notBefore')
  const built = client.buildSignInMessage({
    address: account.address,
    fid: params.fid,
    uri: get('siweUri') ?? '',
    domain: get('domain') ?? '',
    nonce: get('nonce') ?? '',
    ...(get('requestId') ? { requestId: get('requestId') } : {}),
    ...(expirationTime ? { expirationTime: new Date(expirationTime) } : {}),
    ...(notBefore ? { notBefore: new Date(notBefore) } : {}),
  })
  if (built.isError) throw built.error ?? new Error('could not build the sign-in message')
  const signature = await account.signMessage({ message: built.message })
  const done = await client.authenticate({
    channelToken: parsed.channelToken,
    authKey: params.authKey,
    message: built.message,
    signature,
    fid: params.fid,
    authMethod: 'custody',
    ...(params.username ? { username: params.username, displayName: params.username } : {}),
  })
  if (done.isError) throw done.error ?? new Error('the relay did not answer')
  // auth-client hands back any HTTP answer: the relay's refusal is its status code.
  if (done.response.status !== 201)
    throw new Error(`the relay refused the approval: HTTP ${done.response.status}`)
}
