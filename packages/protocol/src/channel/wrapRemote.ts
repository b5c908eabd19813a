import { deserializeError } from '../errors/serializeError.ts'
import { ValidationError } from '../errors/ValidationError.ts'
import type { Client, Contract, ContractOutputs } from './contract.ts'
import { jsonSize, MAX_MESSAGE_BYTES, replyEnvelopeSchema } from './envelope.ts'
import { logDrop, type OnDrop } from './exposeMethods.ts'
import { toValidationIssues } from './toValidationIssues.ts'

type RemoteCall = (arg?: unknown) => Promise<unknown>

/**
 * The calling side of a contract over a penpal remote proxy: every reply is parsed by the
 * envelope schema and then by the method's output schema; errors are rebuilt as `AppKitError`s.
 */
export function wrapRemote<C extends Contract>(
  outputs: ContractOutputs<C>,
  remote: Record<string, unknown>,
  onDrop: OnDrop = logDrop,
): Client<C> {
  const client: Record<string, (arg?: unknown) => Promise<unknown>> = {}
  for (const name of Object.keys(outputs)) {
    const output = outputs[name]!
    client[name] = async (arg?: unknown) => {
      const call = remote[name]
      if (typeof call !== 'function') throw new ValidationError(`${name} call`, [])
      const raw = await (call as RemoteCall)(arg)
      const size = jsonSize(raw)
      if (size === undefined || size > MAX_MESSAGE_BYTES) {
        onDrop(size === undefined ? 'malformed' : 'oversized', `${name}() reply`)
        throw new ValidationError(`${name} reply`, [])
      }
      const envelope = replyEnvelopeSchema.safeParse(raw)
      if (!envelope.success) {
        onDrop('malformed', `${name}() reply envelope`)
        throw new ValidationError(`${name} reply`, toValidationIssues(envelope.error.issues))
      }
      if (!envelope.data.ok) throw deserializeError(envelope.data.error)
      const value = output.safeParse(envelope.data.value)
      if (!value.success) {
        onDrop('malformed', `${name}() reply value`)
        throw new ValidationError(`${name} reply`, toValidationIssues(value.error.issues))
      }
      return value.data
    }
  }
  return client as Client<C>
}
