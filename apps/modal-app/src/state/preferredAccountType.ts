import { type AccountType, accountTypeSchema, type InitOptions } from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS, STORAGE_PREFIX } from '@modalkit/shared'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { log } from '../log.ts'

/** SPEC §3 local storage: the account type chosen per namespace, kept across visits. */
export const PREFERRED_ACCOUNT_TYPES_KEY = `${STORAGE_PREFIX}PREFERRED_ACCOUNT_TYPES`

type Namespaced = 'eip155' | 'solana'

type Stored = Partial<Record<Namespaced, AccountType>>

/** The stored choices; anything unreadable counts as no choice. */
export function readPreferredAccountTypes(storage: Storage | undefined): Stored {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(PREFERRED_ACCOUNT_TYPES_KEY) ?? '{}')
    const stored: Stored = {}
    for (const namespace of ['eip155', 'solana'] as const) {
      const parsed = accountTypeSchema.safeParse((raw as Record<string, unknown> | null)?.[namespace])
      if (parsed.success) stored[namespace] = parsed.data
    }
    return stored
  } catch {
    return {}
  }
}

export function writePreferredAccountType(
  storage: Storage | undefined,
  namespace: Namespaced,
  type: AccountType,
): void {
  try {
    const next = { ...readPreferredAccountTypes(storage), [namespace]: type }
    storage?.setItem(PREFERRED_ACCOUNT_TYPES_KEY, JSON.stringify(next))
  } catch {
    // Storage denied to this frame: the choice lasts for the page only.
  }
}

/** SPEC §4: the stored choice, then the site's default for the namespace, then an EOA. */
export function resolvePreferredAccountType(
  namespace: Namespaced,
  stored: Stored,
  defaults: InitOptions['defaultAccountTypes'],
): AccountType {
  return stored[namespace] ?? defaults?.[namespace] ?? 'eoa'
}

/**
 * Sets the preferred EVM account type in the secure frame after a login and answers the type in
 * use: the preferred one when the frame sets it up (and it is stored as the choice), else an EOA
 * (SPEC §4: on a set-preferred-account error, EOA).
 */
export async function settlePreferredAccountType(
  frame: FrameClient,
  storage: Storage | undefined,
  defaults: InitOptions['defaultAccountTypes'],
  address: string | undefined,
): Promise<AccountType> {
  const wanted = resolvePreferredAccountType('eip155', readPreferredAccountTypes(storage), defaults)
  if (wanted === 'eoa') return 'eoa'
  try {
    const reply = await frame.request('SET_PREFERRED_ACCOUNT', { type: wanted }, CONNECT_TIMEOUT_MS)
    // A smart account has its own address (GET_USER then answers it); an EOA is the one logged in.
    if (reply.type === 'eoa' && reply.address.toLowerCase() !== address?.toLowerCase())
      throw new Error(`the frame answered for another account: ${reply.address}`)
    writePreferredAccountType(storage, 'eip155', reply.type)
    return reply.type
  } catch (error) {
    log.warn(`preferred account type ${wanted} is not available; using an EOA`, error)
    return 'eoa'
  }
}
