import { createHash } from 'node:crypto'

/**
 * The id of a client's subscription to a topic: sha256 hex of topic + client id (a did:key). The
 * 2.x clients compute it themselves (core `getSubscriptionId`) and match pushes by it, so it must
 * be exactly this.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex')
}
