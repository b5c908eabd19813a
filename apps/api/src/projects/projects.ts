import { randomBytes } from 'node:crypto'
import { type CreateProject, type Features, type ProjectConfig, parseOriginPattern } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'

type ProjectRow = { id: string; name: string; allowed_origins: string[]; features: Features }

const toConfig = (row: ProjectRow): ProjectConfig => ({
  projectId: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  features: row.features,
})

/** Every allowed origin must be an origin pattern: a typo must not silently allow nothing, or everything. */
function checkOrigins(origins: readonly string[]): void {
  origins.forEach((origin, index) => {
    if (!parseOriginPattern(origin)) {
      throw new HttpError(
        400,
        'validation_error',
        `not an origin pattern: ${origin}`,
        `allowedOrigins.${index}`,
      )
    }
  })
}

export async function createProject(db: Db, input: CreateProject): Promise<ProjectConfig> {
  checkOrigins(input.allowedOrigins)
  const id = input.id ?? randomBytes(16).toString('hex')
  const rows = await db.query<ProjectRow>(
    `insert into projects (id, name, allowed_origins, features) values ($1, $2, $3, $4)
     on conflict (id) do nothing returning id, name, allowed_origins, features`,
    [id, input.name, JSON.stringify(input.allowedOrigins), JSON.stringify(input.features ?? {})],
  )
  const row = rows[0]
  if (!row) throw new HttpError(409, 'project_exists', `a project with id ${id} exists`, 'id')
  return toConfig(row)
}

/** Creates or replaces a project (seeding the demo project at start). */
export async function upsertProject(db: Db, input: CreateProject & { id: string }): Promise<ProjectConfig> {
  checkOrigins(input.allowedOrigins)
  const rows = await db.query<ProjectRow>(
    `insert into projects (id, name, allowed_origins, features) values ($1, $2, $3, $4)
     on conflict (id) do update set name = excluded.name, allowed_origins = excluded.allowed_origins,
       features = excluded.features
     returning id, name, allowed_origins, features`,
    [input.id, input.name, JSON.stringify(input.allowedOrigins), JSON.stringify(input.features ?? {})],
  )
  return toConfig(rows[0]!)
}

export async function getProject(db: Db, id: string): Promise<ProjectConfig | undefined> {
  const rows = await db.query<ProjectRow>(
    'select id, name, allowed_origins, features from projects where id = $1',
    [id],
  )
  return rows[0] ? toConfig(rows[0]) : undefined
}

export async function listProjects(db: Db): Promise<ProjectConfig[]> {
  const rows = await db.query<ProjectRow>(
    'select id, name, allowed_origins, features from projects order by created_at, id',
  )
  return rows.map(toConfig)
}
