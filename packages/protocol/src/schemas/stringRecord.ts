import * as z from 'zod/mini'

/** A plain object: what a page builds with `{}` or JSON, not a Map, a Date, a typed array or a class's. */
function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return false
  const prototype = Object.getPrototypeOf(input)
  return prototype === Object.prototype || prototype === null
}

/**
 * A plain object whose keys each pass `key` and values each pass `value`, into a new object of the
 * values' parsed outputs: what `z.record` is for the protocol's records, all keyed by strings. Built of
 * a custom schema and a check, which both bundles hold already, rather than zod's record parser with
 * its enum and numeric keys, or a pipe (issue 11: about 1 KB gzip on each side of the channel). Like
 * `z.record` it refuses an object of any other kind (a Map, a Date, a typed array), and each issue
 * names the key it is about in its path.
 */
export function stringRecord<V extends z.ZodMiniType>(key: z.ZodMiniType<string, string>, value: V) {
  return z
    .custom<Record<string, z.output<V>>, Record<string, z.input<V>>>(isPlainObject, {
      message: 'Invalid input: expected a plain object',
      abort: true,
    })
    .check(
      z.check((payload) => {
        const record: Record<string, z.output<V>> = {}
        for (const [name, item] of Object.entries(payload.value)) {
          if (!key.safeParse(name).success)
            payload.issues.push({ code: 'custom', message: 'Invalid key', input: name, path: [name] })
          const parsed = value.safeParse(item)
          // A parsed issue is a raw one with its message set, which zod keeps as it finalises them.
          if (!parsed.success)
            for (const issue of parsed.error.issues)
              payload.issues.push({ ...issue, path: [name, ...issue.path] } as z.core.$ZodRawIssue)
          // A key such as "__proto__" is an own property of the copy, as of the input, never its prototype.
          else
            Object.defineProperty(record, name, {
              value: parsed.data,
              enumerable: true,
              writable: true,
              configurable: true,
            })
        }
        payload.value = record
      }),
    )
}
