import { NAME_ZONE } from '@modalkit/protocol'
import { isEvmAddress } from '@modalkit/shared'
import type { ApiClient } from '../../api/createApiClient.ts'

/**
 * A recipient as typed (an address, `alice` or `alice.reown.id`) as the EVM address it names, or
 * undefined when it is neither an address nor a registered name: the Send view's `resolveRecipient`.
 */
export async function resolveName(
  api: Pick<ApiClient, 'resolveProfileName'>,
  projectId: string,
  nameOrAddress: string,
): Promise<string | undefined> {
  const text = nameOrAddress.trim()
  if (/^0x[0-9a-fA-F]{40}$/.test(text) && isEvmAddress(text)) return text
  const name = text.toLowerCase().endsWith(`.${NAME_ZONE}`)
    ? text.toLowerCase()
    : `${text.toLowerCase()}.${NAME_ZONE}`
  const record = await api.resolveProfileName(projectId, name).catch(() => undefined)
  const first = record && Object.values(record.addresses)[0]
  return first?.address
}
