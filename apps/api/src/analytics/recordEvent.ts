import {
  type AnalyticsEvent,
  isAllowlistEnforced,
  isOriginAllowed,
  type ProjectConfig,
} from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'

/** SPEC §7: the modal-created event is not recorded. */
const SKIPPED_EVENTS = new Set(['MODAL_CREATED'])

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Stores one analytics event (SPEC §7 `POST /e`). While the project's allowlist is enforced, an
 * event from a site off the list is refused with 403, which the modal shows once as 'Invalid App
 * Configuration'. The same eventId twice is stored once.
 */
export async function recordEvent(db: Db, project: ProjectConfig, event: AnalyticsEvent): Promise<void> {
  const origin = originOf(event.url)
  if (isAllowlistEnforced(project.features) && !(origin && isOriginAllowed(origin, project.allowedOrigins))) {
    throw new HttpError(403, 'invalid_app_configuration', 'Invalid App Configuration', 'body.url')
  }
  if (SKIPPED_EVENTS.has(event.props.event)) return
  await db.query(
    `insert into analytics_events (event_id, project_id, event, url, domain, ts, props)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (event_id) do nothing`,
    [
      event.eventId,
      project.projectId,
      event.props.event,
      event.url,
      event.domain,
      event.timestamp,
      JSON.stringify(event.props),
    ],
  )
}
