import * as z from 'zod/mini'
import { AppKitError } from '../errors/AppKitError.ts'

// SPEC §7's on-ramp calls: options, quote and the provider URL generator, in the shapes
// SPEC names (Reown's data API's field names), and SPEC §9's limits.

const projectIdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))
const caip2Schema = z.string().check(z.maxLength(80), z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
/** A non-negative decimal amount as text, at most 2 decimals for fiat and 18 for crypto. */
const amountSchema = z.string().check(z.maxLength(40), z.regex(/^[0-9]{1,15}(\.[0-9]{1,18})?$/))
const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const solanaAddressSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))

/** SPEC §9: payment methods and their limits in USD. */
export const ONRAMP_PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export const onrampPaymentMethodSchema = z.enum(ONRAMP_PAYMENT_METHODS)
export type OnrampPaymentMethod = z.infer<typeof onrampPaymentMethodSchema>
export const ONRAMP_LIMITS_USD: Readonly<Record<OnrampPaymentMethod, { min: string; max: string }>> = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
}

export const paymentCurrencySchema = z.strictObject({
  id: z.string().check(z.regex(/^[A-Z]{3}$/)),
  payment_method_limits: z
    .array(z.strictObject({ id: onrampPaymentMethodSchema, min: amountSchema, max: amountSchema }))
    .check(z.maxLength(10)),
})
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>

export const purchaseCurrencySchema = z.strictObject({
  id: z.string().check(z.maxLength(40)),
  name: z.string().check(z.maxLength(100)),
  symbol: z.string().check(z.maxLength(20)),
  networks: z
    .array(
      z.strictObject({
        name: z.string().check(z.maxLength(60)),
        display_name: z.string().check(z.maxLength(100)),
        /** CAIP-2 network id. */
        chain_id: caip2Schema,
        /** Empty for the native currency. */
        contract_address: z.string().check(z.maxLength(120)),
      }),
    )
    .check(z.maxLength(50)),
})
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>

const providerNameSchema = z.string().check(z.maxLength(40), z.regex(/^[a-z0-9-]+$/))
export const onrampProviderSchema = z.strictObject({
  name: providerNameSchema,
  label: z.string().check(z.maxLength(60)),
  feeRange: z.string().check(z.maxLength(40)),
  paymentMethods: z.array(onrampPaymentMethodSchema).check(z.maxLength(10)),
})
export type OnrampProvider = z.infer<typeof onrampProviderSchema>

/** `GET /v1/onramp/options?projectId`. */
export const onrampOptionsQuerySchema = z.strictObject({ projectId: projectIdSchema })
export const onrampOptionsReplySchema = z.strictObject({
  paymentCurrencies: z.array(paymentCurrencySchema).check(z.maxLength(50)),
  purchaseCurrencies: z.array(purchaseCurrencySchema).check(z.maxLength(100)),
  /** SPEC §4: a provider list that is not a list of well-formed providers is an empty list, not a failed reply. */
  providers: z.catch(z.array(onrampProviderSchema).check(z.maxLength(10)), []),
})
export type OnrampOptions = z.infer<typeof onrampOptionsReplySchema>

/** `POST /v1/onramp/quote?projectId`. */
export const onrampQuoteBodySchema = z.strictObject({
  purchaseCurrency: z.strictObject({ id: z.string().check(z.maxLength(40)) }),
  paymentCurrency: z.strictObject({ id: z.string().check(z.regex(/^[A-Z]{3}$/)) }),
  amount: amountSchema,
  /** CAIP-2 network id the purchase is delivered on. */
  network: caip2Schema,
  paymentMethod: z.optional(onrampPaymentMethodSchema),
})
export type OnrampQuoteBody = z.infer<typeof onrampQuoteBodySchema>
const moneySchema = z.strictObject({ amount: amountSchema, currency: z.string().check(z.maxLength(40)) })
export const onrampQuoteReplySchema = z.strictObject({
  quoteId: z.string().check(z.maxLength(80)),
  paymentTotal: moneySchema,
  paymentSubtotal: moneySchema,
  coinbaseFee: moneySchema,
  networkFee: moneySchema,
  purchaseAmount: moneySchema,
})
export type OnrampQuote = z.infer<typeof onrampQuoteReplySchema>

/** `POST /v1/generators/onrampurl?projectId`. */
export const onrampUrlBodySchema = z.strictObject({
  destinationWallets: z
    .array(
      z.strictObject({
        /** An EVM or Solana address; the route checks it against the network's namespace. */
        address: z.union([evmAddressSchema, solanaAddressSchema]),
        blockchains: z.array(caip2Schema).check(z.minLength(1), z.maxLength(10)),
        assets: z.array(z.string().check(z.maxLength(40))).check(z.minLength(1), z.maxLength(10)),
      }),
    )
    .check(z.minLength(1), z.maxLength(1)),
  defaultNetwork: z.optional(caip2Schema),
  partnerUserId: z.string().check(z.minLength(1), z.maxLength(100)),
  defaultExperience: z.optional(z.enum(['buy', 'send'])),
  presetCryptoAmount: z.optional(amountSchema),
  presetFiatAmount: z.optional(amountSchema),
  /** Ours: the fiat currency and payment method the quote was made for (SPEC §9's limits apply). */
  fiatCurrency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  paymentMethod: z.optional(onrampPaymentMethodSchema),
  /** Ours: the provider chosen from the options (the local provider when absent). */
  provider: z.optional(providerNameSchema),
})
export type OnrampUrlBody = z.infer<typeof onrampUrlBodySchema>
export const onrampUrlReplySchema = z.strictObject({
  url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\//)),
  /** Ours: the order the local provider's page completes (none for a provider that delivers itself). */
  orderId: z.optional(z.string().check(z.regex(/^[0-9a-f]{32}$/))),
})
export type OnrampUrlReply = z.infer<typeof onrampUrlReplySchema>

/** An order as the API keeps it; the local provider's signed webhook (`/v1/onramp/webhooks/localramp`) completes it. */
export const onrampOrderSchema = z.strictObject({
  orderId: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  status: z.enum(['pending', 'completed', 'failed']),
  address: evmAddressSchema,
  network: caip2Schema,
  asset: z.string().check(z.maxLength(40)),
  cryptoAmount: amountSchema,
  fiatAmount: amountSchema,
  fiatCurrency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  txHash: z.optional(z.string().check(z.regex(/^0x[0-9a-f]{64}$/))),
})
export type OnrampOrder = z.infer<typeof onrampOrderSchema>

/** A fiat amount outside SPEC §9's limits for the payment method (in the payment currency). */
export class OnrampAmountOutOfRangeError extends AppKitError {
  override name = 'OnrampAmountOutOfRangeError'
  constructor(method: OnrampPaymentMethod, limits: { min: string; max: string }, currency: string) {
    const label = method === 'card' ? 'card' : 'bank account (ACH)'
    super({
      code: 'validation_error',
      shortMessage: `Amount must be between ${limits.min} and ${limits.max} ${currency} for ${label}`,
    })
  }
}

/** Whether `amount` is within `limits` (SPEC §9's, in the same currency). */
export function isWithinOnrampLimits(amount: string, limits: { min: string; max: string }): boolean {
  const value = Number(amount)
  return /^[0-9]+(\.[0-9]+)?$/.test(amount) && value >= Number(limits.min) && value <= Number(limits.max)
}
