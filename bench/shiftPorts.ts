/**
 * Adds `by` to every port number in an env map, so the bench's stack never meets the e2e suite's or
 * `npm start`'s: `http://host.test:15173` → `:25173`, `'18545'` → `'28545'`, lists item by item.
 * Values without a port (`demo`, `memory://`) stay as they are; ports added to the map later carry over.
 */
export function shiftPorts(env: Readonly<Record<string, string>>, by: number): Record<string, string> {
  const shift = (port: string): string => {
    const next = Number(port) + by
    if (!Number.isInteger(next) || next < 1 || next > 65_535) throw new RangeError(`port ${port} + ${by}`)
    return String(next)
  }
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    out[name] = /^\d{1,5}$/.test(value)
      ? shift(value)
      : value.replace(
          /(\/\/[^/\s,:@]+):(\d{1,5})(?=[/,\s?#]|$)/g,
          (_m, host: string, port: string) => `${host}:${shift(port)}`,
        )
  }
  return out
}
