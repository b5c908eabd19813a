import { createHash } from 'node:crypto'
import {
  chainForCoinType,
  NAME_MESSAGE_WINDOW_SECONDS,
  type RegisterNameBody,
  registerNameMessageSchema,
} from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'
import { verifyNameSignature } from './verifyNameSignature.ts'

export type RegisterNameDeps = { db: Db; now: () => number; rpcUrl: (chain: string) => string | undefined }

function parseMessage(text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const parsed = registerNameMessageSchema.safeParse(json)
  if (!parsed.success)
    throw new HttpError(400, 'invalid_message', 'Invalid registration message', 'body.message')
  return parsed.data
}

/**
 * Registers the name the signed message names for `address` (SPEC §7 `POST /v1/profile/account`).
 * Refused, with nothing stored: a message that is not Reown's JSON, a timestamp outside the window,
 * a coin type of no EVM chain, a signature the account did not make (EIP-191, or EIP-1271 through the
 * chain's node for a contract account), a message already used, a name already taken.
 */
export async function registerName(deps: RegisterNameDeps, body: RegisterNameBody): Promise<string> {
  const { db, now, rpcUrl } = deps
  const message = parseMessage(body.message)
  const ageSeconds = Math.abs(now() / 1000 - message.timestamp)
  if (ageSeconds > NAME_MESSAGE_WINDOW_SECONDS)
    throw new HttpError(400, 'message_expired', 'Registration message expired', 'body.message')
  const chainId = chainForCoinType(body.coin_type)
  if (chainId === undefined)
    throw new HttpError(400, 'unsupported_coin_type', 'Unsupported coin type', 'body.coin_type')
  const signed = await verifyNameSignature({
    address: body.address as `0x${string}`,
    message: body.message,
    signature: body.signature as `0x${string}`,
    rpcUrl: rpcUrl(`eip155:${chainId}`),
  })
  if (!signed) throw new HttpError(401, 'invalid_signature', 'Invalid signature', 'body.signature')
  const at = now()
  const messageHash = createHash('sha256')
    .update(body.address.toLowerCase())
    .update('\0')
    .update(body.message)
    .digest('hex')
  await db.transaction(async (query) => {
    const fresh = await query(
      'insert into name_messages (message_hash, used_at) values ($1, $2) on conflict do nothing returning message_hash',
      [messageHash, at],
    )
    if (fresh.length === 0)
      throw new HttpError(409, 'message_used', 'Registration message already used', 'body.message')
    const taken = await query(
      `insert into profile_names (name, address, coin_type, attributes, registered_at, updated_at)
       values ($1, $2, $3, $4, $5, $5) on conflict (name) do nothing returning name`,
      [
        message.name,
        body.address.toLowerCase(),
        body.coin_type,
        JSON.stringify(message.attributes ?? {}),
        at,
      ],
    )
    if (taken.length === 0) throw new HttpError(409, 'name_taken', 'Name is already taken', 'body.message')
  })
  return message.name
}
