import { Interface } from 'ethers'
import { phrase } from '../../i18n/phrase.ts'
import { type CallDecoder, decodeWith } from './CallDecoder.ts'

export const ENTRY_POINT = new Interface(['function withdrawTo(address withdrawAddress, uint256 amount)'])

/** ERC-4337 (v0.7) `EntryPoint.withdrawTo`: the sender's deposit paid out, a warning. */
export const decodeEntryPointCall: CallDecoder = (data, { to, native }) =>
  decodeWith(ENTRY_POINT, data, (_fragment, args) => [
    {
      label: phrase('field.transfer'),
      value: phrase('call.withdrawDeposit', {
        amount: native(BigInt(args[1])),
        contract: to,
        recipient: String(args[0]),
      }),
      warning: true,
    },
  ])
