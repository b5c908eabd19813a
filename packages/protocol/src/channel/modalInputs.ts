import * as z from 'zod/mini'
import { bitcoinWalletEventSchema, bitcoinWalletsSchema } from '../schemas/bitcoinWallets.ts'
import { caipNetworkIdSchema, namespaceSchema } from '../schemas/caip.ts'
import { openArgsSchema, rpcRequestSchema } from '../schemas/channel.ts'
import { initOptionsSchema, themeModeSchema, themeVariablesSchema } from '../schemas/initOptions.ts'
import { payOptionsSchema } from '../schemas/pay.ts'
import { announcedWalletsSchema, injectedEventSchema } from '../schemas/wallets.ts'
import { MAX_READS_PER_MESSAGE, none } from './contractParts.ts'

/** What the modal parses each call of the host loader by (the modal serves these methods). */
export const modalInputs = {
  init: initOptionsSchema,
  open: z.optional(openArgsSchema),
  close: none,
  switchNetwork: caipNetworkIdSchema,
  /** The site's networks array, changed after init (Reown AppKit's addNetwork / removeNetwork). */
  setNetworks: z.array(caipNetworkIdSchema).check(z.minLength(1), z.maxLength(100)),
  disconnect: z.optional(namespaceSchema),
  setThemeMode: themeModeSchema,
  setThemeVariables: themeVariablesSchema,
  request: rpcRequestSchema,
  /**
   * Reads the page made in one task, as one message (SPEC §9 batching across the page → modal hop):
   * each answered on its own, in order, as `request` would have answered it.
   */
  requestReads: z.array(rpcRequestSchema).check(z.minLength(1), z.maxLength(MAX_READS_PER_MESSAGE)),
  /** The host page's browser wallets (EIP-6963), whenever the list changes. */
  walletsChanged: announcedWalletsSchema,
  /** An event of the connected browser wallet. */
  injectedEvent: injectedEventSchema,
  /** The host page's Bitcoin browser wallets (Wallet Standard, sats-connect), whenever the list changes. */
  bitcoinWalletsChanged: bitcoinWalletsSchema,
  /** An event of the connected Bitcoin browser wallet. */
  bitcoinWalletEvent: bitcoinWalletEventSchema,
  /** Pay: opens the Pay view; answers once the payment is sent, refused or given up. */
  pay: payOptionsSchema,
} as const
