import * as z from 'zod/mini'

/**
 * What the channel's four contract halves share. Each half is a module of its own, so each side's
 * first chunk reaches only the schemas it parses by, and nothing else of their modules.
 */
export const none = z.optional(z.undefined())

/** The most reads the host sends in one `requestReads` message. */
export const MAX_READS_PER_MESSAGE = 100
