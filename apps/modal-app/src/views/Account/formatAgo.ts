import { relativeDateUnit } from '@modalkit/shared'
import type { Translate } from '../../i18n/useT.ts'

/**
 * How long ago `then` was at `now`, in the locale's words for SPEC §9's units. The unit is chosen
 * as `formatRelativeDate` chooses it, so English reads exactly as SPEC writes it ('5 sec', 'now');
 * other languages get their own plural forms.
 */
export function formatAgo(t: Translate, then: number, now: number): string {
  const ago = relativeDateUnit(then, now)
  return ago ? t(`account.ago.${ago.unit}`, { count: ago.count }) : t('account.ago.now')
}
