import * as z from 'zod/mini'
import { bitcoinWalletConnectionSchema, restoredBitcoinWalletSchema } from '../schemas/bitcoinWallets.ts'
import { injectedConnectionSchema, restoredInjectedSchema } from '../schemas/wallets.ts'
import { siwxMessageShape, siwxSessionsSchema } from '../siwx/siwxMessage.ts'
import { none } from './contractParts.ts'
import type { hostInputs } from './hostInputs.ts'

/** What a site's createMessage answers: the modal writes domain, uri, account and chain itself. */
const siwxMessagePartsSchema = z.strictObject({
  ...siwxMessageShape,
  domain: z.optional(siwxMessageShape.domain),
  uri: z.optional(siwxMessageShape.uri),
  accountAddress: z.optional(siwxMessageShape.accountAddress),
  chainId: z.optional(siwxMessageShape.chainId),
})

/** What the modal parses each of the host loader's replies by. */
export const hostOutputs = {
  stateChanged: none,
  emitEvent: none,
  connectInjected: injectedConnectionSchema,
  injectedRequest: z.unknown(),
  disconnectInjected: none,
  restoreInjected: z.optional(restoredInjectedSchema),
  connectBitcoinWallet: bitcoinWalletConnectionSchema,
  bitcoinWalletRequest: z.unknown(),
  disconnectBitcoinWallet: none,
  restoreBitcoinWallet: z.optional(restoredBitcoinWalletSchema),
  releaseBitcoinWallet: none,
  switchBitcoinWalletNetwork: bitcoinWalletConnectionSchema,
  siwxCreateMessage: siwxMessagePartsSchema,
  siwxAddSession: none,
  siwxGetSessions: siwxSessionsSchema,
  siwxRevokeSession: none,
  siwxSetSessions: none,
  siwxGetRequired: z.boolean(),
} as const satisfies Record<keyof typeof hostInputs, z.ZodMiniType>
