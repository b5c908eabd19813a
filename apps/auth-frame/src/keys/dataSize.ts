import { phrase, type Shown } from '../i18n/phrase.ts'

/** The size of a call's data as an approval says it: 'none', or its bytes (the count as written). */
export function dataSize(data: string | undefined): Shown {
  const length = ((data ?? '0x').length - 2) / 2
  return length === 0 ? phrase('value.noData') : phrase('value.bytes', { count: String(length) })
}
