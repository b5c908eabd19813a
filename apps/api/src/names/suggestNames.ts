import { NAME_ZONE, type NameSuggestion, nameLabelSchema } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { takenNames } from './nameRecords.ts'

const MAX_ALTERNATIVES = 4

/** Variations on a label, each still a valid label (3–32 characters). */
function variations(label: string): string[] {
  const base = label.slice(0, 28).replace(/-+$/, '')
  const out = [`${base}-id`, `my${base}`.slice(0, 32), `${base}-wallet`]
  for (let n = 1; n <= 9; n++) out.push(`${base}${n}`)
  return out.filter((v) => v !== label && nameLabelSchema.safeParse(v).success)
}

/**
 * SPEC §7 suggestions: the name asked for first, with whether it is taken (the modal's availability),
 * then free variations on it.
 */
export async function suggestNames(db: Db, label: string): Promise<NameSuggestion[]> {
  const candidates = [label, ...variations(label)].map((l) => `${l}.${NAME_ZONE}`)
  const taken = await takenNames(db, candidates)
  const [exact, ...rest] = candidates
  const free = rest.filter((n) => !taken.has(n)).slice(0, MAX_ALTERNATIVES)
  return [
    { name: exact!, registered: taken.has(exact!) },
    ...free.map((name) => ({ name, registered: false })),
  ]
}
