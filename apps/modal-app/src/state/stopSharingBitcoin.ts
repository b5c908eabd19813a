import { AppKitError, SomethingWentWrongError } from '@modalkit/protocol'
import { translateError } from '../i18n/flows/describeError.ts'
import { translate } from '../i18n/translate.ts'
import { hostOriginAtom, type Store, type Toast } from './atoms.ts'

export type StopSharingBitcoinDeps = {
  store: Store
  embedded: { stopSharingBitcoin(): Promise<void> } | undefined
  showToast(variant: Toast['variant'], message: string): void
}

/**
 * Account's "Stop sharing my Bitcoin address": the secure frame drops this site's grant, and the
 * modal says how it ended.
 */
export async function stopSharingBitcoin({
  store,
  embedded,
  showToast,
}: StopSharingBitcoinDeps): Promise<void> {
  try {
    await embedded?.stopSharingBitcoin()
    showToast(
      'success',
      translate(store, 'account.bitcoin.stopped', { site: store.get(hostOriginAtom) ?? '' }),
    )
  } catch (error) {
    showToast(
      'error',
      translateError(store, error instanceof AppKitError ? error : new SomethingWentWrongError()),
    )
  }
}
