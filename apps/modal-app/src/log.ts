import { createLogger, type Logger } from '@modalkit/shared'

/**
 * The modal's logger (SPEC §9: level error, a bounded buffer, every line redacted); init's
 * `debug: true` raises it to debug (createHostHandlers.ts).
 */
export const log: Logger = createLogger({ prefix: '[appkit]' })
