import { AppKitError, type SmartAccountsReply, smartAccountsReplySchema } from '@modalkit/protocol'

/**
 * What the API says about ERC-4337 for this project and site (the networks with a
 * bundler, the factory, whether gas is sponsored). The reply crosses from the API's origin, so it is
 * parsed; a failure is a typed error, never a guessed network list.
 */
export async function fetchSmartAccounts(
  apiUrl: string,
  projectId: string,
  siteOrigin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SmartAccountsReply> {
  const url = new URL('/v1/smart-accounts', apiUrl)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('siteOrigin', siteOrigin)
  const res = await fetchImpl(url)
  const reply = smartAccountsReplySchema.safeParse(await res.json().catch(() => undefined))
  if (!res.ok || !reply.success)
    throw new AppKitError({
      code: 5000,
      shortMessage: `smart-account settings unavailable: HTTP ${res.status}`,
    })
  return reply.data
}
