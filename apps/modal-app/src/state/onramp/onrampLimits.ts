import {
  isWithinOnrampLimits,
  OnrampAmountOutOfRangeError,
  type OnrampPaymentMethod,
} from '@modalkit/protocol'
import type { OnrampInput } from './onrampAtoms.ts'

/** The limits of `method` in `fiat` from the options, or the typed error SPEC §9's limits give. */
export function checkOnrampAmount(
  options: {
    paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
  },
  { amount, fiat, method }: Pick<OnrampInput, 'amount' | 'fiat' | 'method'>,
): OnrampAmountOutOfRangeError | undefined {
  const limits = options.paymentCurrencies
    .find((c) => c.id === fiat)
    ?.payment_method_limits.find((l) => l.id === method)
  if (!limits)
    return new OnrampAmountOutOfRangeError(method as OnrampPaymentMethod, { min: '0', max: '0' }, fiat)
  return isWithinOnrampLimits(amount, limits)
    ? undefined
    : new OnrampAmountOutOfRangeError(method, limits, fiat)
}
