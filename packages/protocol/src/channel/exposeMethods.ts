import { AppKitError } from '../errors/AppKitError.ts'
import { serializeError } from '../errors/serializeError.ts'
import { ValidationError } from '../errors/ValidationError.ts'
import type { Contract, ContractInputs, Handlers } from './contract.ts'
import { jsonSize, MAX_MESSAGE_BYTES, type ReplyEnvelope } from './envelope.ts'
import { toValidationIssues } from './toValidationIssues.ts'

export type DropReason = 'oversized' | 'malformed' | 'wrong_origin' | 'wrong_source'
export type OnDrop = (reason: DropReason, detail: string) => void

export const logDrop: OnDrop = (reason, detail) => {
  console.error(`[appkit] dropped message (${reason}): ${detail}`)
}

/**
 * Turns typed handlers into penpal methods that parse their argument by the contract's input schema
 * before the handler runs, and always answer with a reply envelope. Nobody hand-rolls parsing.
 */
export function exposeMethods<C extends Contract>(
  inputs: ContractInputs<C>,
  handlers: Handlers<C>,
  onDrop: OnDrop = logDrop,
): Record<string, (arg?: unknown) => Promise<ReplyEnvelope>> {
  const methods: Record<string, (arg?: unknown) => Promise<ReplyEnvelope>> = {}
  for (const name of Object.keys(inputs)) {
    const input = inputs[name]!
    const handler = handlers[name as keyof C] as (arg: unknown) => unknown
    methods[name] = async (arg?: unknown) => {
      const size = jsonSize(arg)
      if (size === undefined) {
        onDrop('malformed', `${name}(): argument is not JSON data`)
        return { ok: false, error: serializeError(new ValidationError(`${name} argument`, [])) }
      }
      if (size > MAX_MESSAGE_BYTES) {
        onDrop('oversized', `${name}(): ${size} bytes > ${MAX_MESSAGE_BYTES}`)
        return {
          ok: false,
          error: serializeError(
            new ValidationError(`${name} argument`, [
              { code: 'too_big', path: [], message: 'Message too large' },
            ]),
          ),
        }
      }
      const parsed = input.safeParse(arg)
      if (!parsed.success) {
        const issues = toValidationIssues(parsed.error.issues)
        onDrop(
          'malformed',
          `${name}(): ${issues.map((i) => `${i.code} at ${i.path.join('.') || '(root)'}`).join(', ')}`,
        )
        return { ok: false, error: serializeError(new ValidationError(`${name} argument`, issues)) }
      }
      try {
        const value = await handler(parsed.data)
        return { ok: true, value }
      } catch (error) {
        if (!(error instanceof AppKitError)) console.error(`[appkit] ${name}() failed`, error)
        return { ok: false, error: serializeError(error) }
      }
    }
  }
  return methods
}
