import { BLOB_LIMIT_BYTES, LOG_BUFFER_BYTES } from './constants.ts'

/** SPEC §9 log levels, most severe first; `silent` records and prints nothing. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
type EntryLevel = Exclude<LogLevel, 'silent'>

export type Logger = {
  [level in EntryLevel]: (message: string, detail?: unknown) => void
} & {
  setLevel(level: LogLevel): void
  getLevel(): LogLevel
  /** The buffered entries as text, newest last, cut from the oldest end to `limitBytes`. */
  exportText(limitBytes?: number): string
}

export type LoggerOptions = {
  /** Written before each console line: `[appkit]`, `[appkit-frame]`. */
  prefix: string
  /** SPEC §9 default: error. */
  level?: LogLevel
  bufferBytes?: number
  now?: () => number
  sink?: Pick<Console, EntryLevel>
}

/** An entry longer than this is cut: one huge line must not push out the whole buffer. */
const MAX_ENTRY_CHARS = 4096

/**
 * What looks like a secret is replaced before anything is kept or printed: recovery text, tokens
 * (JWT), long hex (keys, shares, signatures), long base64/base58 runs and six-digit codes. Addresses
 * fall under the long runs too; a log is for errors, not for naming accounts.
 */
const SECRETS = [
  /mkr1-[-_A-Za-z0-9]+/g,
  /eyJ[-_A-Za-z0-9]+\.[-_A-Za-z0-9]+\.?[-_A-Za-z0-9]*/g,
  /(0x)?[0-9a-fA-F]{40,}/g,
  /[-_+/A-Za-z0-9]{40,}={0,2}/g,
  /(?<![0-9])[0-9]{6}(?![0-9])/g,
]
export const redactSecrets = (text: string): string =>
  SECRETS.reduce((out, pattern) => out.replace(pattern, '[redacted]'), text)

/** Only an error's name and message, never its fields or an object's contents (they may hold secrets). */
const describe = (detail: unknown): string => {
  if (detail instanceof Error) return `${detail.name}: ${detail.message}`
  if (detail === null || typeof detail !== 'object') return String(detail)
  return Object.prototype.toString.call(detail)
}

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length

/**
 * The SPEC §9 logger: entries at or above the level go to the console and to a buffer of at most
 * `bufferBytes` (LOG_BUFFER_BYTES) UTF-8 bytes, the oldest dropped first; an export is at most
 * BLOB_LIMIT_BYTES, also cut from the oldest end. Every line is redacted first (redactSecrets).
 */
export function createLogger(options: LoggerOptions): Logger {
  const { prefix, bufferBytes = LOG_BUFFER_BYTES, now = Date.now, sink = console } = options
  let level: LogLevel = options.level ?? 'error'
  const entries: { text: string; bytes: number }[] = []
  let total = 0

  const write = (entryLevel: EntryLevel) => (message: string, detail?: unknown) => {
    if (LOG_LEVELS.indexOf(entryLevel) > LOG_LEVELS.indexOf(level)) return
    const line = redactSecrets(
      (detail === undefined ? message : `${message}: ${describe(detail)}`).slice(0, MAX_ENTRY_CHARS),
    )
    sink[entryLevel](`${prefix} ${line}`)
    const text = `${new Date(now()).toISOString()} ${entryLevel.toUpperCase()} ${line}\n`
    const bytes = utf8Bytes(text)
    entries.push({ text, bytes })
    total += bytes
    while (total > bufferBytes && entries.length > 0) total -= entries.shift()?.bytes ?? 0
  }

  return {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    setLevel: (next) => {
      level = next
    },
    getLevel: () => level,
    exportText: (limitBytes = BLOB_LIMIT_BYTES) => {
      let size = 0
      let first = entries.length
      while (first > 0 && size + (entries[first - 1]?.bytes ?? 0) <= limitBytes) {
        first -= 1
        size += entries[first]?.bytes ?? 0
      }
      return entries
        .slice(first)
        .map((entry) => entry.text)
        .join('')
    },
  }
}
