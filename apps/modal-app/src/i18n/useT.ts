import { useAtomValue } from 'jotai/react'
import { useCallback } from 'react'
import { catalogueAtom } from '../state/atoms.ts'
import type { MessageKey } from './en.ts'
import { formatMessage } from './locales.ts'

/** The current locale's message for a key, parameters filled: `t('social.continueWith', { provider })`. */
export function useT(): (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string {
  const catalogue = useAtomValue(catalogueAtom)
  return useCallback((key, params) => formatMessage(catalogue[key], params), [catalogue])
}
