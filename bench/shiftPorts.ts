/**
 * Adds `by` to every port number in an env map, so the bench's stack never meets the e2e suite's or
 * `npm start`'s: `http://host.test:15173` → `:25173`, `SMTP_PORT: '11025'` → `'21025'`, lists item
 * by item. A bare number is a port only under a name ending in PORT or PORTS (a limit factor of '20'
 * is not one); an origin inside a JSON value (SEED_PROJECTS) moves too. Values without a port (`demo`, `memory://`) stay; ports added later carry over.
 */
export function shiftPorts(env: Readonly<Record<string, string>>, by: number): Record<string, string> {
  const shift = (port: string): string => {
    const next = Number(port) + by
    if (!Number.isInteger(next) || next < 1 || next > 65_535) throw new RangeError(`port ${port} + ${by}`)
    return String(next)
  }
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    out[name] = /_PORTS?$/.test(name)
      ? value.replace(/\d{1,5}/g, shift)
      : value.replace(
          /(\/\/[^/\s,:@]+):(\d{1,5})(?=[/,\s?#"\\]|$)/g,
          (_m, host: string, port: string) => `${host}:${shift(port)}`,
        )
  }
  return out
}
