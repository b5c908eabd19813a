import { AdapterNotFoundError, type Namespace } from '@modalkit/protocol'
import { optionsAtom, type Store } from './atoms.ts'

/**
 * A site that named its adapters (AppKit's `adapters: [new EthersAdapter()]`, our `adapters:
 * ['eip155']`) has only those namespaces: a call for another is SPEC §8's 'Adapter not found'. A site
 * that named none has every namespace's.
 */
export function assertAdapter(store: Store, namespace: Namespace): void {
  const adapters = store.get(optionsAtom)?.adapters
  if (adapters && !adapters.includes(namespace))
    throw new AdapterNotFoundError(
      `no adapter for ${namespace}: the site's adapters are ${adapters.join(', ') || 'none'}`,
    )
}
