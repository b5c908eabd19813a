import { useAtomValue } from 'jotai/react'
import { useCallback } from 'react'
import { catalogueAtom, localeAtom } from '../../state/atoms.ts'
import { describeError, type ShownError } from './describeError.ts'

/** describeError in the current locale, for a view: `const describe = useDescribeError()`. */
export function useDescribeError(): (error: ShownError) => string {
  const catalogue = useAtomValue(catalogueAtom)
  const locale = useAtomValue(localeAtom)
  return useCallback((error) => describeError(error, catalogue, locale), [catalogue, locale])
}
