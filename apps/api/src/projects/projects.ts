import { randomBytes } from 'node:crypto'
import { type CreateProject, type Features, type ProjectConfig, parseOriginPattern } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'
import { isPublicSuffix } from './isPublicSuffix.ts'

type ProjectRow = { id: string; name: string; allowed_origins: string[]; features: Features }

const toConfig = (row: ProjectRow): ProjectConfig => ({
  projectId: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  features: row.features,
})

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** Production: NODE_ENV=production or an https API origin (as readAuthSecret and readClock decide). */
export const isProduction = (env: NodeJS.ProcessEnv = process.env) =>
  env.NODE_ENV === 'production' || env.API_ORIGIN?.startsWith('https:') === true

/**
 * Every allowed origin must be an origin pattern: a typo must not silently allow nothing, or
 * everything. A wildcard on a public suffix (`*.com`, `*.co.uk`, `*.github.io`) would allow every
 * site registered under it; `http:` in production would let a network attacker be the site. Loopback
 * stays allowed over http (the machine's own pages; compose runs production mode on localhost).
 */
function checkOrigins(origins: readonly string[], production: boolean): void {
  origins.forEach((origin, index) => {
    const refuse = (why: string) =>
      new HttpError(400, 'validation_error', `${why}: ${origin}`, `allowedOrigins.${index}`)
    const pattern = parseOriginPattern(origin)
    if (!pattern) throw refuse('not an origin pattern')
    if (pattern.wildcard && isPublicSuffix(pattern.host)) throw refuse('a wildcard on a public suffix')
    if (production && pattern.scheme === 'http:' && !LOOPBACK.test(pattern.host))
      throw refuse('http is refused in production')
  })
}

export type ProjectWriteOptions = { production?: boolean }

export async function createProject(
  db: Db,
  input: CreateProject,
  { production = isProduction() }: ProjectWriteOptions = {},
): Promise<ProjectConfig> {
  checkOrigins(input.allowedOrigins, production)
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
export async function upsertProject(
  db: Db,
  input: CreateProject & { id: string },
  { production = isProduction() }: ProjectWriteOptions = {},
): Promise<ProjectConfig> {
  checkOrigins(input.allowedOrigins, production)
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
