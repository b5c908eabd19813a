/** One rAF sample of a frame's probe: when (absolute ms) and the effective opacity seen then. */
export type Sample = { t: number; v: number }

/**
 * The first sample time at or after `from` at which `holds` accepts the product of every timeline's
 * latest value: the marker's opacity inside its frame times its frame element's in each parent.
 * Samples before `from` (the click) do not count: a frame that has not sampled since counts as 0,
 * so a frame rendered before the click but hidden by its parent is not taken as painted.
 */
export function firstTimeWhen(
  timelines: readonly (readonly Sample[])[],
  from: number,
  holds: (value: number) => boolean,
): number | undefined {
  if (timelines.length === 0) return undefined
  const times = [...new Set(timelines.flatMap((samples) => samples.map((s) => s.t)))]
    .filter((t) => t >= from)
    .sort((a, b) => a - b)
  for (const t of times) {
    let product = 1
    for (const samples of timelines) {
      let latest = 0
      for (const s of samples) if (s.t >= from && s.t <= t) latest = s.v
      product *= latest
    }
    if (holds(product)) return t
  }
  return undefined
}
