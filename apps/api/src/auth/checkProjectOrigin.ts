import { isOriginAllowed, type ProjectConfig, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import { invalidAppConfiguration, invalidProject } from './authErrors.ts'

/**
 * The project exists and the site (SITE_ORIGIN_HEADER, the handshake origin) is on its allowed origins (SPEC §5: checked whenever e-mail or
 * socials are on, which a login implies), matched as the modal matches it: anchored on scheme, host
 * and port, canonical origins only.
 */
export async function checkProjectOrigin(
  db: Db,
  projectId: string,
  siteOrigin: string | undefined,
): Promise<ProjectConfig & { siteOrigin: string }> {
  const project = await getProject(db, projectId)
  if (!project) throw invalidProject()
  if (!siteOrigin || !isOriginAllowed(siteOrigin, project.allowedOrigins))
    throw invalidAppConfiguration(`header.${SITE_ORIGIN_HEADER}`)
  return { ...project, siteOrigin }
}
