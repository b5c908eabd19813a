import type { Db } from './Db.ts'

/** Ordered, append-only. SQL that both PostgreSQL 15 and PGlite accept. */
export const MIGRATIONS: readonly string[] = [
  `create table projects (
     id text primary key,
     name text not null,
     allowed_origins jsonb not null,
     features jsonb not null,
     created_at timestamptz not null default now()
   )`,
  `create table analytics_events (
     event_id uuid primary key,
     project_id text not null references projects(id),
     event text not null,
     url text not null,
     domain text not null,
     ts bigint not null,
     props jsonb not null,
     received_at timestamptz not null default now()
   )`,
]

/** Applies the migrations not applied yet; safe to run at every start. */
export async function migrate(db: Db): Promise<number> {
  await db.query(
    'create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())',
  )
  const rows = await db.query<{ version: number }>('select version from schema_migrations')
  const done = new Set(rows.map((r) => Number(r.version)))
  let applied = 0
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1
    if (done.has(version)) continue
    await db.transaction(async (query) => {
      await query(sql)
      await query('insert into schema_migrations (version) values ($1)', [version])
    })
    applied++
  }
  return applied
}
