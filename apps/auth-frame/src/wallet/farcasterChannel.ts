import { createAppClient, viemConnector } from '@farcaster/auth-client'
import {
  ConnectionRejectedError,
  type FarcasterChannelStatus,
  FarcasterConnectFailedError,
  farcasterChannelCreatedSchema,
  farcasterChannelStatusSchema,
} from '@modalkit/protocol'

/** How often the frame asks the relay whether the user approved (the relay's own clients poll at 1 s). */
export const FARCASTER_POLL_MS = 1000

export type FarcasterChannelConfig = {
  /** The Farcaster auth relay (`/v1/channel…`). */
  relayUrl: string
  /** JSON-RPC of the chain with the ID registry: the API's chain proxy for that chain. */
  rpcUrl: string
}

/** `site`: the host of the site that asked, which the message names as its Request ID. */
export type OpenChannel = {
  channelToken: string
  url: string
  nonce: string
  expiresAt: number
  site: string
}
export type SignedIn = { message: string; signature: `0x${string}`; fid: number; username?: string }

const failed = (why: string) => new FarcasterConnectFailedError(why)

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new ConnectionRejectedError('Farcaster login given up'))
      },
      { once: true },
    )
  })

/**
 * The relay side of Farcaster login, in the secure frame: opens a channel for the frame's own domain
 * with the API's nonce, polls its status, and verifies the signed message itself before the API sees
 * it: Farcaster's message shape (statement, chain 10, one fid resource), this nonce, this frame's
 * domain and URI, not expired, and signed by the fid's custody address as the ID registry on the
 * node holds it (`idOf(signer) == fid`).
 */
export function createFarcasterChannel(config: FarcasterChannelConfig, now: () => number = Date.now) {
  const client = createAppClient({
    relay: config.relayUrl,
    ethereum: viemConnector({ rpcUrl: config.rpcUrl }),
  })

  return {
    async open({
      nonce,
      expiresAt,
      siteOrigin,
    }: {
      nonce: string
      expiresAt: number
      siteOrigin: string
    }): Promise<OpenChannel> {
      // The message is for this frame's domain (where it is verified), and names the site that asked
      // as its Request ID, so the Farcaster app shows the user which site they sign in to.
      const site = new URL(siteOrigin).host
      const created = await client.createChannel({
        siweUri: location.origin,
        domain: location.host,
        requestId: site,
        nonce,
        expirationTime: new Date(expiresAt).toISOString(),
        acceptAuthAddress: false,
      })
      if (created.isError) throw failed(`relay: ${created.error?.message ?? 'no answer'}`)
      if (created.response.status !== 201) throw failed(`relay: HTTP ${created.response.status}`)
      const parsed = farcasterChannelCreatedSchema.safeParse(created.data)
      if (!parsed.success) throw failed('relay: unreadable channel')
      // The relay must keep the nonce the API issued: the message is checked against that one.
      if (parsed.data.nonce !== nonce) throw failed('relay: another nonce')
      const { channelToken, url } = parsed.data
      return { channelToken, url, nonce, expiresAt, site }
    },

    /** Polls until the channel is approved (verified here), expired or refused, or `signal` aborts. */
    async wait(channel: OpenChannel, signal: AbortSignal): Promise<SignedIn> {
      let status: FarcasterChannelStatus | undefined
      for (;;) {
        if (now() >= channel.expiresAt) throw failed('the sign-in request expired')
        const answer = await client.status({ channelToken: channel.channelToken })
        if (signal.aborted) throw new ConnectionRejectedError('Farcaster login given up')
        if (answer.isError) throw failed(`relay: ${answer.error?.message ?? 'no answer'}`)
        // The relay forgets a channel when it expires: status answers 401 then.
        if (answer.response.status !== 200 && answer.response.status !== 202)
          throw failed(`relay: HTTP ${answer.response.status}`)
        const parsed = farcasterChannelStatusSchema.safeParse(answer.data)
        if (!parsed.success) throw failed('relay: unreadable status')
        if (parsed.data.state === 'completed') {
          status = parsed.data
          break
        }
        await sleep(FARCASTER_POLL_MS, signal)
      }
      const { message, signature, fid, username } = status
      if (!message || !signature || !/^0x[0-9a-fA-F]{130}$/.test(signature) || !fid)
        throw failed('relay: no signed message')
      const verified = await client.verifySignInMessage({
        nonce: channel.nonce,
        domain: location.host,
        message,
        signature: signature as `0x${string}`,
        acceptAuthAddress: false,
      })
      if (verified.isError) throw failed(verified.error?.message ?? 'the message did not verify')
      const expiration = verified.data.expirationTime?.getTime()
      if (expiration === undefined || expiration > channel.expiresAt || now() >= expiration)
        throw failed('the message has no expiry, a later one, or expired')
      if (new URL(verified.data.uri).origin !== location.origin)
        throw failed('the message is for another site')
      if (verified.fid !== fid) throw failed('the message names another fid')
      if (verified.data.requestId !== channel.site) throw failed('the message names another site')
      return { message, signature: signature as `0x${string}`, fid, ...(username ? { username } : {}) }
    },
  }
}

export type FarcasterChannel = ReturnType<typeof createFarcasterChannel>
