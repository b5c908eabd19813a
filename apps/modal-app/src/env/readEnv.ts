import { httpUrlSchema } from '@modalkit/protocol'
import * as z from 'zod/mini'

/** Runtime configuration the modal's server writes into the page (same-origin, not a message). */
const envSchema = z.object({
  apiUrl: httpUrlSchema,
  authOrigin: httpUrlSchema,
  version: z.string(),
  /** The WalletConnect relay (the public relay in production, a local one in dev and tests). */
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\//))),
  /**
   * Off with the local relay only: WalletConnect's Verify service is not on loopback, and the SDK
   * waits seconds for it on every connect and request.
   */
  walletConnectVerify: z.optional(z.boolean()),
})
export type ModalEnv = z.infer<typeof envSchema>

export function readEnv(doc: Document = document): ModalEnv {
  const content = doc.querySelector('meta[name="appkit-env"]')?.getAttribute('content')
  if (!content)
    throw new Error('[appkit] the modal page has no appkit-env meta: serve it with the modal server')
  return envSchema.parse(JSON.parse(content))
}
