import * as z from 'zod/mini'
import { hostSnapshotSchema } from '../schemas/channel.ts'
import { payResultSchema } from '../schemas/pay.ts'
import { MAX_READS_PER_MESSAGE, none } from './contractParts.ts'
import { replyEnvelopeSchema } from './envelope.ts'
import type { modalInputs } from './modalInputs.ts'

/** What the host loader parses each of the modal's replies by. */
export const modalOutputs = {
  init: hostSnapshotSchema,
  open: none,
  close: none,
  switchNetwork: none,
  setNetworks: none,
  disconnect: none,
  setThemeMode: none,
  setThemeVariables: none,
  request: z.unknown(),
  requestReads: z.array(replyEnvelopeSchema).check(z.maxLength(MAX_READS_PER_MESSAGE)),
  walletsChanged: none,
  injectedEvent: none,
  bitcoinWalletsChanged: none,
  bitcoinWalletEvent: none,
  pay: payResultSchema,
} as const satisfies Record<keyof typeof modalInputs, z.ZodMiniType>
