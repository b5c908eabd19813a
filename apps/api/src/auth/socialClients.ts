import type { SocialProvider } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import type { SocialProviderConfig, SocialProviders } from './socialProviders.ts'
import { parseSocialProviderConfig } from './socialProviders.ts'

/**
 * The OAuth client a project logs in with at `provider`: the project's own (set with
 * `npm run project -- social …`), else the deployment's `SOCIAL_PROVIDERS` entry, else none.
 * Read on every start and finish, never from the browser.
 */
export async function readSocialClient(
  db: Db,
  fallback: SocialProviders,
  projectId: string,
  provider: SocialProvider,
): Promise<SocialProviderConfig | undefined> {
  const [row] = await db.query<{ config: unknown }>(
    'select config from project_social_clients where project_id = $1 and provider = $2',
    [projectId, provider],
  )
  if (!row) return fallback[provider]
  const config = typeof row.config === 'string' ? (JSON.parse(row.config) as unknown) : row.config
  return parseSocialProviderConfig(provider, config, `project ${projectId}'s ${provider} client`)
}

/** Sets (or replaces) a project's client for one provider, checked as `SOCIAL_PROVIDERS` entries are. */
export async function writeSocialClient(
  db: Db,
  projectId: string,
  provider: SocialProvider,
  value: unknown,
): Promise<SocialProviderConfig> {
  const config = parseSocialProviderConfig(provider, value, provider)
  const [project] = await db.query('select 1 from projects where id = $1', [projectId])
  if (!project) throw new Error(`no project ${projectId}`)
  await db.query(
    `insert into project_social_clients (project_id, provider, config) values ($1, $2, $3)
     on conflict (project_id, provider) do update set config = excluded.config`,
    [projectId, provider, JSON.stringify(config)],
  )
  return config
}
