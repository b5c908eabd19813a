import * as z from 'zod/mini'
import { frameThemeSchema } from './initOptions.ts'
import { localeSchema } from './locale.ts'

/**
 * The recovery window (SECURITY.md: where the browser cannot tell whether the secure frame is seen,
 * a new recovery text is shown and typed back in a window of the secure origin, never inside the
 * site's page). As with the approval popup, the frame and the window talk only to each other, on
 * the secure origin, each checking the other's exact window: the window says it is READY, the frame
 * sends the TEXT with a single-use nonce, the window sends back what the user TYPED with that nonce,
 * and the frame, which alone decides, answers with the RESULT of its check.
 */
export const RECOVERY_WINDOW_PREFIX = '@modalkit-recovery/'

const nonceSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/))

export const recoveryWindowReadySchema = z.strictObject({
  type: z.literal(`${RECOVERY_WINDOW_PREFIX}READY`),
})

/** What the window shows: the text, in the frame's language and theme. */
export const recoveryWindowTextSchema = z.strictObject({
  type: z.literal(`${RECOVERY_WINDOW_PREFIX}TEXT`),
  nonce: nonceSchema,
  locale: localeSchema,
  theme: z.optional(frameThemeSchema),
  text: z.string().check(z.minLength(1), z.maxLength(2_000)),
})
export type RecoveryWindowText = z.infer<typeof recoveryWindowTextSchema>

/** The text the user typed back in the window, for the frame to check. */
export const recoveryWindowTypedSchema = z.strictObject({
  type: z.literal(`${RECOVERY_WINDOW_PREFIX}TYPED`),
  nonce: nonceSchema,
  typed: z.string().check(z.maxLength(2_000)),
})

/** The frame's check: `confirmed` closes the window; otherwise it says so and stays. */
export const recoveryWindowResultSchema = z.strictObject({
  type: z.literal(`${RECOVERY_WINDOW_PREFIX}RESULT`),
  nonce: nonceSchema,
  confirmed: z.boolean(),
})

/** What the frame accepts from its window. */
export const recoveryWindowReplySchema = z.discriminatedUnion('type', [
  recoveryWindowReadySchema,
  recoveryWindowTypedSchema,
])
export type RecoveryWindowReply = z.infer<typeof recoveryWindowReplySchema>

/** What the window accepts from the frame that opened it. */
export const recoveryWindowMessageSchema = z.discriminatedUnion('type', [
  recoveryWindowTextSchema,
  recoveryWindowResultSchema,
])
export type RecoveryWindowMessage = z.infer<typeof recoveryWindowMessageSchema>
