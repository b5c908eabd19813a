import * as z from 'zod/mini'
import { APP_KIT_ERROR_CODES, AppKitError, type AppKitErrorCode } from './AppKitError.ts'
import { NodeError, nodeRpcErrorSchema, toNodeError } from './nodeErrors.ts'
import { ValidationError } from './ValidationError.ts'

/** The data form of an error: what crosses a frame boundary (classes do not survive postMessage). */
export const serializedErrorSchema = z.object({
  code: z.union([z.number(), z.string()]),
  shortMessage: z.string().check(z.maxLength(500)),
  details: z.optional(z.string().check(z.maxLength(2000))),
  issues: z.optional(
    z
      .array(
        z.object({
          code: z.string(),
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string(),
        }),
      )
      .check(z.maxLength(50)),
  ),
  /** A chain node's own error (NodeError): rebuilt on arrival so its code, message and data survive. */
  rpc: z.optional(nodeRpcErrorSchema),
})
export type SerializedError = z.infer<typeof serializedErrorSchema>

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ValidationError) {
    return {
      code: error.code,
      shortMessage: error.shortMessage,
      details: error.details,
      issues: error.issues,
    }
  }
  if (error instanceof NodeError) {
    return { code: error.code, shortMessage: error.shortMessage, details: error.details, rpc: error.rpc }
  }
  if (error instanceof AppKitError) {
    return error.details === undefined
      ? { code: error.code, shortMessage: error.shortMessage }
      : { code: error.code, shortMessage: error.shortMessage, details: error.details }
  }
  // Unknown errors keep their text out of the UI: only a developer-facing detail.
  const details = error instanceof Error ? error.message : undefined
  return details === undefined
    ? { code: 5000, shortMessage: 'An error occurred' }
    : { code: 5000, shortMessage: 'An error occurred', details }
}

function isKnownCode(code: string | number): code is AppKitErrorCode {
  return (APP_KIT_ERROR_CODES as readonly (string | number)[]).includes(code)
}

/** Rebuilds an error that arrived as data; unknown codes become 5000. */
export function deserializeError(data: SerializedError): AppKitError {
  if (data.rpc) return toNodeError(data.rpc)
  const code = isKnownCode(data.code) ? data.code : 5000
  if (code === 'validation_error') {
    const error = new ValidationError('input', data.issues ?? [])
    return Object.assign(error, { shortMessage: data.shortMessage })
  }
  return new AppKitError({ code, shortMessage: data.shortMessage, details: data.details })
}
