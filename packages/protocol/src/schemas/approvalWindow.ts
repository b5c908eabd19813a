import * as z from 'zod/mini'
import { hexDataSchema } from './embeddedRpc.ts'
import { frameThemeSchema } from './initOptions.ts'
import { localeSchema } from './locale.ts'

/**
 * The approval popup (SECURITY.md: where the browser cannot tell whether the secure frame is seen,
 * an approval is made in a window of the secure origin, which no page can cover). The frame that
 * opened the popup and the popup talk only to each other, on the secure origin, each checking the
 * other's exact window: the popup says it is READY, the frame sends the REQUEST to show with a
 * single-use nonce, the popup answers with the DECISION for that nonce.
 */
export const APPROVAL_WINDOW_PREFIX = '@modalkit-approval/'

const nonceSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/))

export const approvalWindowReadySchema = z.strictObject({
  type: z.literal(`${APPROVAL_WINDOW_PREFIX}READY`),
})

/**
 * Text as the frame resolved it in its language, in runs: the catalogue's words, and each
 * value (`value: true`: an address, an amount, the site's text) apart, so the popup shows it as its
 * own node exactly as the frame does.
 */
const textRunsSchema = (maxText: number) =>
  z
    .array(
      z.strictObject({
        text: z.string().check(z.maxLength(maxText)),
        value: z.optional(z.literal(true)),
      }),
    )
    .check(z.maxLength(512))

/** What the popup shows: the same title and fields as the frame's own screen, in its language. */
export const approvalWindowRequestSchema = z.strictObject({
  type: z.literal(`${APPROVAL_WINDOW_PREFIX}REQUEST`),
  nonce: nonceSchema,
  /** The language the frame's screen speaks: the popup speaks it too, whatever the site says later. */
  locale: localeSchema,
  /** The site's theme as the frame has it: the popup looks like the screen that opened it. */
  theme: z.optional(frameThemeSchema),
  site: z.string().check(z.maxLength(500)),
  title: z.string().check(z.maxLength(200)),
  fields: z
    .array(
      z.strictObject({
        label: textRunsSchema(200),
        value: textRunsSchema(100_000),
        /** Nesting level inside a structure (typed data's `details.amount` is 1). */
        depth: z.optional(z.int().check(z.minimum(0), z.maximum(32))),
        /** A line the user must not miss (an unlimited allowance, a fee far above the estimate). */
        warning: z.optional(z.literal(true)),
        /** Bytes the wallet could not read (an unknown call's data), shown whole behind a disclosure. */
        data: z.optional(hexDataSchema),
      }),
    )
    // A typed-data message is shown whole, one line per field, nested ones included.
    .check(z.maxLength(2_000)),
})
export type ApprovalWindowRequest = z.infer<typeof approvalWindowRequestSchema>

export const approvalWindowDecisionSchema = z.strictObject({
  type: z.literal(`${APPROVAL_WINDOW_PREFIX}DECISION`),
  nonce: nonceSchema,
  approved: z.boolean(),
})

/** What the frame accepts from its popup. */
export const approvalWindowReplySchema = z.discriminatedUnion('type', [
  approvalWindowReadySchema,
  approvalWindowDecisionSchema,
])
export type ApprovalWindowReply = z.infer<typeof approvalWindowReplySchema>
