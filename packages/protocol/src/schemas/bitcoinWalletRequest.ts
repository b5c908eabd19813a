import * as z from 'zod/mini'
import { bitcoinAddressSchema } from './bitcoinAddress.ts'
import {
  bitcoinGetAccountAddressesParamsShape,
  bitcoinSendTransferParamsShape,
  bitcoinSignMessageParamsShape,
  bitcoinSignPsbtParamsShape,
} from './bitcoinRpc.ts'

const account = { account: bitcoinAddressSchema }

/**
 * A Bitcoin request the modal asks the loader to send to the connected browser wallet: WalletConnect's
 * bip122 RPC, already parsed by the modal and with the connected account filled in. The loader says
 * it in the wallet's own dialect and answers in WalletConnect's reply shapes, which the modal parses.
 */
export const bitcoinWalletRequestSchema = z.union([
  z.strictObject({
    method: z.literal('signMessage'),
    params: z.strictObject({ ...bitcoinSignMessageParamsShape, ...account }),
  }),
  z.strictObject({
    method: z.literal('signPsbt'),
    params: z.strictObject({ ...bitcoinSignPsbtParamsShape, ...account }),
  }),
  z.strictObject({
    method: z.literal('sendTransfer'),
    params: z.strictObject({ ...bitcoinSendTransferParamsShape, ...account }),
  }),
  z.strictObject({
    method: z.literal('getAccountAddresses'),
    params: z.strictObject({ ...bitcoinGetAccountAddressesParamsShape, ...account }),
  }),
])
export type BitcoinWalletRequest = z.infer<typeof bitcoinWalletRequestSchema>
