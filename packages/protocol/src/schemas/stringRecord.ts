import * as z from 'zod/mini'

/**
 * An object whose keys each pass `key` and values each pass `value`: what `z.record` is for the
 * protocol's records, all keyed by strings. It is an object schema's catchall and a check, which both
 * bundles hold already, rather than zod's record parser with its enum and numeric keys (about 0.8 KB
 * gzip on each side of the channel, issue 11). It takes what an object schema takes: any non-array
 * object, its own enumerable keys.
 */
export function stringRecord<V extends z.ZodMiniType>(key: z.ZodMiniType<string, string>, value: V) {
  return z
    .catchall(z.object({}), value)
    .check(
      z.refine((record) => Object.keys(record).every((name) => key.safeParse(name).success), 'Invalid key'),
    )
}
