import { describe, expect, it } from 'vitest'
import { toAuthApiError } from './toAuthApiError.ts'

const body = (code: string, message = 'ignored words', field?: string) => ({
  error: { code, message, ...(field ? { field } : {}) },
})
const summary = (error: Error & { code?: unknown; shortMessage?: unknown; reason?: unknown }) => [
  error.name,
  error.code,
  error.shortMessage,
  error.reason,
]

describe('toAuthApiError', () => {
  it('makes a 503 service_unavailable (the API lost its database) the retryable ServiceUnavailableError', () => {
    const error = toAuthApiError(503, body('service_unavailable'), '/v1/auth/email/verify')
    expect(error).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'service_unavailable',
      shortMessage: 'Service Unavailable: try again shortly',
      retryable: true,
    })
  })

  it('gives SPEC §8 codes their protocol classes and auth codes an AuthApiError with fixed words', () => {
    const cases = [
      body('rate_limited', 'Rate Limited'),
      body('connection_rejected'),
      body('social_start_failed'),
      body('invalid_project_id'),
      body('invalid_app_configuration', 'x', 'body.siteOrigin'),
      body('session_expired', 'anything the server says', 'header.authorization'),
      body('invalid_otp'),
      body('device_not_approved'),
      body('share_not_found'),
      body('server_error'),
      body('no_such_code'),
    ].map((b) => summary(toAuthApiError(400, b, '/x')))
    expect(cases).toMatchInlineSnapshot(`
      [
        [
          "RateLimitedError",
          "rate_limited",
          "Rate Limited",
          undefined,
        ],
        [
          "ConnectionRejectedError",
          4001,
          "Connection rejected",
          undefined,
        ],
        [
          "AuthApiError",
          5000,
          "Failed to initiate social connection",
          "social_start_failed",
        ],
        [
          "InvalidProjectIdError",
          "invalid_project_id",
          "Invalid Project ID",
          undefined,
        ],
        [
          "InvalidAppConfigurationError",
          "invalid_app_configuration",
          "Invalid App Configuration",
          undefined,
        ],
        [
          "AuthApiError",
          "session_expired",
          "Session Expired",
          "session_expired",
        ],
        [
          "AuthApiError",
          "validation_error",
          "Invalid code",
          "invalid_otp",
        ],
        [
          "AuthApiError",
          4100,
          "Device not approved",
          "device_not_approved",
        ],
        [
          "AuthApiError",
          5000,
          "No auth share stored",
          "share_not_found",
        ],
        [
          "ServerError",
          "server_error",
          "Server Error",
          undefined,
        ],
        [
          "ServerError",
          "server_error",
          "Server Error",
          undefined,
        ],
      ]
    `)
  })

  it('never takes words from the wire: the message of an auth error is the fixed one', () => {
    const error = toAuthApiError(400, body('invalid_otp', '<img src=x onerror=alert(1)>'), '/email/verify')
    expect(error.message).toBe('Invalid code\n\nDetails: /email/verify: HTTP 400')
  })

  it('keeps the issue code and path of a validation error, and nothing else of its message', () => {
    const error = toAuthApiError(
      400,
      body('validation_error', 'invalid_format: body.email', 'body.email'),
      '/p',
    )
    expect(error).toMatchObject({
      name: 'ValidationError',
      code: 'validation_error',
      issues: [{ code: 'invalid_format', path: ['body', 'email'] }],
      details: 'invalid_format at body.email',
    })
  })

  it('turns a body that is not an API error into a ServerError', () => {
    for (const bad of [null, 'text', { error: 'x' }, { error: { code: 1, message: 'm' } }]) {
      expect(toAuthApiError(502, bad, '/p')).toMatchObject({ name: 'ServerError', code: 'server_error' })
    }
  })
})
