import { invalidInput, type TypedData } from '@modalkit/protocol'
import { phrase } from '../i18n/phrase.ts'
import type { RequestField } from './RequestDescription.ts'

/** More fields than a person can read is refused rather than shown in part. */
export const MAX_TYPED_FIELDS = 400

const ARRAY = /\[(\d*)\]$/

function show(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value) ?? String(value)
}

/**
 * Every field of a typed-data message, in the order its type declares them, nested structs and
 * arrays walked to the leaves: the label is the path (`details.amount`, `permitted[1].token`) and
 * the depth indents it. What is hashed is exactly these fields (parseTypedData keeps only types
 * reachable from primaryType), so nothing signed is left off the screen.
 */
export function describeTypedMessage(
  data: Pick<TypedData, 'types' | 'primaryType' | 'message'>,
): RequestField[] {
  const fields: RequestField[] = []
  const push = (field: RequestField) => {
    if (fields.length >= MAX_TYPED_FIELDS)
      throw invalidInput('typed data', `more than ${MAX_TYPED_FIELDS} fields to show`)
    fields.push(field)
  }
  const walk = (type: string, value: unknown, path: string, depth: number): void => {
    const array = ARRAY.exec(type)
    if (array) {
      const inner = type.slice(0, array.index)
      const items = Array.isArray(value) ? value : []
      push({ label: path, value: phrase('value.items', { count: String(items.length) }), depth })
      for (const [index, item] of items.entries()) walk(inner, item, `${path}[${index}]`, depth + 1)
      return
    }
    const struct = data.types[type]
    if (!struct) {
      push({ label: path, value: show(value), depth })
      return
    }
    if (path) push({ label: path, value: type, depth })
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
    for (const field of struct) {
      walk(
        field.type,
        record[field.name],
        path ? `${path}.${field.name}` : field.name,
        path ? depth + 1 : depth,
      )
    }
  }
  walk(data.primaryType, data.message, '', 0)
  return fields
}
