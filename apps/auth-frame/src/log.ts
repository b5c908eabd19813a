import { createLogger, type Logger } from '@modalkit/shared'

/**
 * The secure frame's logger (SPEC §9: level error, a bounded buffer, every line redacted). The
 * modal turns it off with the frame URL's `enableLogger=false` (SPEC §7): applyFrameLogSetting.
 */
export const log: Logger = createLogger({ prefix: '[appkit-frame]' })

/** `enableLogger=false` silences the frame; anything else (or nothing) keeps the default, errors. */
export function applyFrameLogSetting(query: URLSearchParams, logger: Logger = log): void {
  logger.setLevel(query.get('enableLogger') === 'false' ? 'silent' : 'error')
}
