import type { AnalyticsEvent, ProjectConfig } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'

/** SPEC §7: the modal-created event is not recorded. */
const SKIPPED_EVENTS = new Set(['MODAL_CREATED'])

/**
 * Stores one analytics event (SPEC §7 `POST /e`). The route checked the site origin first
 * (checkSiteOrigin: a 403 the modal shows once as 'Invalid App Configuration'); the event's own
 * `url` is data, never the proof of the site. The same eventId twice is stored once.
 */
export async function recordEvent(db: Db, project: ProjectConfig, event: AnalyticsEvent): Promise<void> {
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
