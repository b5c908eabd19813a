import type { Namespace } from '../schemas/caip.ts'
import { formatSiwxMessage } from './formatSiwxMessage.ts'
import { type SiwxMessage, siwxMessageSchema } from './siwxMessage.ts'

const HEADER = /^(?<domain>[^\s]+) wants you to sign in with your (?<family>Ethereum|Solana) account:$/
const FIELDS: Record<string, keyof SiwxMessage> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
}

/**
 * Reads a written sign-in message (formatSiwxMessage's layout) back into its fields, so a verifier
 * checks what was signed, not what it was told beside it. `undefined` for any other text, or when
 * writing the fields out again would not give the same text byte for byte.
 */
export function parseSiwxMessage(text: string): SiwxMessage | undefined {
  const lines = text.split('\n')
  const header = HEADER.exec(lines[0] ?? '')
  if (!header?.groups || lines[2] !== '') return undefined
  const namespace: Namespace = header.groups.family === 'Ethereum' ? 'eip155' : 'solana'
  const fields: Record<string, unknown> = { domain: header.groups.domain, accountAddress: lines[1] }
  let index = 3
  if (lines[index] !== '' && !lines[index]?.startsWith('URI: ')) {
    fields.statement = lines[index]
    index++
    if (lines[index] !== '') return undefined
  }
  if (lines[index] === '') index++
  for (; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (line === 'Resources:') {
      fields.resources = lines.slice(index + 1).map((l) => (l.startsWith('- ') ? l.slice(2) : '\n'))
      break
    }
    const at = line.indexOf(': ')
    const key = FIELDS[line.slice(0, at)]
    if (at < 0 || !key || key in fields) return undefined
    fields[key] = line.slice(at + 2)
  }
  if (typeof fields.chainId === 'string') fields.chainId = `${namespace}:${fields.chainId}`
  const parsed = siwxMessageSchema.safeParse(fields)
  if (!parsed.success || formatSiwxMessage(parsed.data) !== text) return undefined
  return parsed.data
}
