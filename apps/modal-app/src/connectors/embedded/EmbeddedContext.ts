import type { ModalContext } from '../../state/ModalContext.ts'
import type { FrameClient } from './createFrameClient.ts'

/** What the embedded wallet's modules receive: the modal's context and the secure frame. */
export type EmbeddedContext = ModalContext & {
  /** The secure frame, loaded on first use. */
  frame(): FrameClient
  /** The secure origin: the social popup's callback page is accepted from it only. */
  authOrigin: string
  projectId: string
  version: string
  /** The API's chain proxy URL for a network: the frame reads and sends through it. */
  rpcUrl(caipNetworkId: string): string
  /** SPEC §4: after an unsafe success the native balance refreshes before the modal closes. */
  refreshBalance?: () => Promise<void>
}
