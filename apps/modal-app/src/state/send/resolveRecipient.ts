import { InvalidRecipientError, type Namespace } from '@modalkit/protocol'
import { isAddressForNamespace } from '@modalkit/shared'

/**
 * Send's recipient: what the user typed, as an address of `namespace`. On eip155 a name of the
 * `<name>.reown.id` registry (`alice` or `alice.reown.id`) is resolved by `lookupName` first, so
 * every caller gets an address or InvalidRecipientError.
 */
export async function resolveRecipient(
  nameOrAddress: string,
  namespace: Namespace,
  lookupName?: (name: string) => Promise<string | undefined>,
): Promise<string> {
  const text = nameOrAddress.trim()
  if (
    namespace === 'eip155' &&
    lookupName &&
    !isAddressForNamespace(namespace, text) &&
    /^[a-z0-9.-]+$/i.test(text)
  ) {
    const address = await lookupName(text)
    if (address && isAddressForNamespace(namespace, address)) return address
    throw new InvalidRecipientError(`no address is registered for ${JSON.stringify(text.slice(0, 80))}`)
  }
  if (!isAddressForNamespace(namespace, text))
    throw new InvalidRecipientError(`not a ${namespace} address: ${JSON.stringify(text.slice(0, 80))}`)
  return namespace === 'eip155' && !text.startsWith('0x') ? `0x${text}` : text
}
