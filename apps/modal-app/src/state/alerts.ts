import type { AppKitErrorCode } from '@modalkit/protocol'

/** SPEC §8 alerts: short and long text, picked by error code (never by message text). */
export const ALERTS: Partial<Record<AppKitErrorCode, { short: string; long: string }>> = {
  invalid_app_configuration: {
    short: 'Invalid App Configuration',
    long: "This site's origin is not allowed for this project. The site owner must add it to the project's allowed origins.",
  },
  invalid_project_id: {
    short: 'Invalid Project ID',
    long: 'The project ID is unknown. Check the projectId passed to the modal.',
  },
  project_id_not_configured: { short: 'Project ID Not Configured', long: 'Pass a projectId to the modal.' },
  server_error: { short: 'Server Error', long: 'Failed to get the app configuration. Try again later.' },
  service_unavailable: {
    short: 'Service Unavailable: try again shortly',
    long: 'The server is restarting. Nothing was lost: try the same step again in a few seconds.',
  },
  rate_limited: { short: 'Rate Limited', long: 'Too many requests. Try again in a moment.' },
  network_not_found: {
    short: 'Network Not Found',
    long: 'The network is not in the networks configured by the site.',
  },
  iframe_load_failed: { short: 'Network Error - Could not load embedded wallet', long: 'Try again later.' },
  iframe_request_timeout: { short: 'Embedded Wallet Request Timed Out', long: 'Try again later.' },
  session_expired: {
    short: 'Session Expired',
    long: 'Your session is invalid. Check your time settings and reconnect.',
  },
}
