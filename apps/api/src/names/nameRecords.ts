import type { ProfileNameRecord } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'

type Row = {
  name: string
  address: string
  coin_type: string | number
  attributes: Record<string, string>
  registered_at: string | number
  updated_at: string | number
}

const COLUMNS = 'name, address, coin_type, attributes, registered_at, updated_at'

function toRecord(row: Row): ProfileNameRecord {
  const registered = Math.floor(Number(row.registered_at) / 1000)
  return {
    name: row.name,
    registered,
    updated: Math.floor(Number(row.updated_at) / 1000),
    addresses: {
      [String(row.coin_type)]: { address: row.address, created: new Date(registered * 1000).toISOString() },
    },
    attributes: Object.keys(row.attributes).length > 0 ? [row.attributes] : [],
  }
}

/** The record of one name, or undefined when nobody holds it. */
export async function readName(db: Db, name: string): Promise<ProfileNameRecord | undefined> {
  const rows = await db.query<Row>(`select ${COLUMNS} from profile_names where name = $1`, [name])
  return rows[0] ? toRecord(rows[0]) : undefined
}

/** Every name an address holds, the newest first (the first is the account's display name). */
export async function readNamesOf(db: Db, address: string): Promise<ProfileNameRecord[]> {
  const rows = await db.query<Row>(
    `select ${COLUMNS} from profile_names where address = $1 order by registered_at desc, name limit 50`,
    [address.toLowerCase()],
  )
  return rows.map(toRecord)
}

/** Which of `names` are taken. */
export async function takenNames(db: Db, names: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>('select name from profile_names where name = any($1)', [
    names,
  ])
  return new Set(rows.map((r) => r.name))
}
