import { InvalidRecipientError, type Namespace } from '@modalkit/protocol'
import { isAddressForNamespace } from '@modalkit/shared'

/**
 * Send's recipient: what the user typed, as an address of `namespace`. The hook point for names
 * (issue 12's `<name>.reown.id` registry): a name is resolved here, before the address check, so
 * every caller gets an address or InvalidRecipientError. Today it takes addresses only.
 */
export async function resolveRecipient(nameOrAddress: string, namespace: Namespace): Promise<string> {
  const text = nameOrAddress.trim()
  if (!isAddressForNamespace(namespace, text))
    throw new InvalidRecipientError(`not a ${namespace} address: ${JSON.stringify(text.slice(0, 80))}`)
  return namespace === 'eip155' && !text.startsWith('0x') ? `0x${text}` : text
}
