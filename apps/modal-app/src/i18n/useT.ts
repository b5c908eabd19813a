import { useAtomValue } from 'jotai/react'
import { useCallback } from 'react'
import { catalogueAtom, localeAtom } from '../state/atoms.ts'
import type { MessageKey } from './en.ts'
import { message } from './englishLater.ts'
import { formatMessage, type MessageParams } from './locales.ts'

export type Translate = (key: MessageKey, params?: MessageParams) => string

/** The current locale's message for a key, parameters filled: `t('social.continueWith', { provider })`. */
export function useT(): Translate {
  const catalogue = useAtomValue(catalogueAtom)
  const locale = useAtomValue(localeAtom)
  return useCallback(
    (key, params) => formatMessage(message(catalogue, key), params, locale),
    [catalogue, locale],
  )
}
