import type { IncomingMessage } from 'node:http'
import {
  isAllowlistEnforced,
  isOriginAllowed,
  type ProjectConfig,
  SITE_ORIGIN_HEADER,
} from '@modalkit/protocol'
import { invalidAppConfiguration } from '../auth/authErrors.ts'

const FIELD = `header.${SITE_ORIGIN_HEADER}`

/** The site origin the modal or the secure frame sent: its header, else (URLs only) `siteOrigin`. */
export function readSiteOrigin(req: IncomingMessage, fallback?: string): string | undefined {
  const header = req.headers[SITE_ORIGIN_HEADER]
  const value = typeof header === 'string' ? header : fallback
  return value && value.length <= 300 ? value : undefined
}

/**
 * Serves a site only on the project's allowlist, decided here from the project's own configuration
 * (SPEC §5: enforced while e-mail or socials are on for the project). What the host page asked for
 * (`basic`, local `features`) never reaches this decision, and no body field names the site: the
 * origin is the one the browser reported to the modal in the handshake. 403 'Invalid App
 * Configuration', which the modal shows.
 */
export function checkSiteOrigin(project: ProjectConfig, siteOrigin: string | undefined): void {
  if (!isAllowlistEnforced(project.features)) return
  if (siteOrigin && isOriginAllowed(siteOrigin, project.allowedOrigins)) return
  throw invalidAppConfiguration(FIELD)
}
