import * as z from 'zod/mini'

/** A plain object: what a page builds with `{}` or JSON, not a Map, a Date, a typed array or a class's. */
function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return false
  const prototype = Object.getPrototypeOf(input)
  return prototype === Object.prototype || prototype === null
}

/**
 * A plain object whose keys each pass `key` and values each pass `value`, into a new object of the
 * values' parsed outputs: `z.record` for the protocol's records, all keyed by strings and parsed
 * synchronously. Built of a custom schema and a check, which both bundles hold already, rather than
 * zod's record parser with its enum and numeric keys, or a pipe (about 1 KB gzip on each
 * side of the channel). As `z.record` it refuses an object of another kind (a Map, a Date, a typed
 * array: `invalid_type`) and a key that does not pass or is a symbol (`invalid_key`, its value then
 * unread), names the key in each issue's path, and drops a "__proto__" key. Unlike it, an object of
 * another realm is refused: the protocol's records arrive by structured clone or JSON, in this one.
 */
export function stringRecord<V extends z.ZodMiniType>(key: z.ZodMiniType<string, string>, value: V) {
  return z.custom<Record<string, z.output<V>>, Record<string, z.input<V>>>().check(
    z.check((payload) => {
      const input: unknown = payload.value
      if (!isPlainObject(input)) {
        payload.issues.push({ code: 'invalid_type', expected: 'record', input })
        return
      }
      const record: Record<string, z.output<V>> = {}
      for (const name of Object.getOwnPropertySymbols(input))
        payload.issues.push({ code: 'invalid_key', origin: 'record', issues: [], input: name, path: [name] })
      for (const name of Object.keys(input)) {
        if (name === '__proto__') continue
        const keyed = key.safeParse(name)
        if (!keyed.success) {
          payload.issues.push({
            code: 'invalid_key',
            origin: 'record',
            issues: keyed.error.issues,
            input: name,
            path: [name],
          })
          continue
        }
        const parsed = value.safeParse(input[name])
        // A parsed issue is a raw one with its message set, which zod keeps as it finalises them.
        if (parsed.success) record[name] = parsed.data
        else
          for (const issue of parsed.error.issues)
            payload.issues.push({ ...issue, path: [name, ...issue.path] } as z.core.$ZodRawIssue)
      }
      payload.value = record
    }),
  )
}
