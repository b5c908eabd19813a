import { httpUrlSchema } from '@modalkit/protocol'
import * as z from 'zod/mini'

/** Runtime configuration the secure origin's server writes into the page (same origin, not a message). */
const frameEnvSchema = z.strictObject({
  apiUrl: httpUrlSchema,
  /** The only origin whose messages the frame accepts, and the only one it answers. */
  modalOrigin: httpUrlSchema,
  /**
   * The Farcaster auth relay and the CAIP-2 chain of Farcaster's ID registry (read through
   * the API's chain proxy). Without it, Farcaster login answers 'Failed to connect to farcaster'.
   */
  farcaster: z.optional(
    z.strictObject({
      relayUrl: httpUrlSchema,
      registryChainId: z.string().check(z.regex(/^eip155:[0-9]{1,12}$/)),
    }),
  ),
})
export type FrameEnv = z.infer<typeof frameEnvSchema>

export function readFrameEnv(doc: Document = document): FrameEnv {
  const content = doc.querySelector('meta[name="appkit-frame-env"]')?.getAttribute('content')
  if (!content)
    throw new Error('[appkit] the secure frame has no appkit-frame-env meta: serve it with its server')
  return frameEnvSchema.parse(JSON.parse(content))
}
