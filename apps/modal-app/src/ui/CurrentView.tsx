import type { View } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { Suspense } from 'react'
import { useT } from '../i18n/useT.ts'
import { featuresAtom } from '../state/derivedAtoms.ts'
import { renderView } from '../views/registry.tsx'
import { ViewLoadBoundary } from './ViewLoadBoundary.tsx'

/** One view's route element: its component, or a notice when its feature is off (SPEC §1). */
export function CurrentView({ view }: { view: View }) {
  const features = useAtomValue(featuresAtom)
  const t = useT()
  const content = renderView(view, features)
  if (content === undefined) {
    return (
      <section className="mk-view" data-testid={`view-${view}`}>
        <p className="mk-notice">{t('view.featureDisabled')}</p>
      </section>
    )
  }
  return (
    <ViewLoadBoundary key={view}>
      <Suspense fallback={<div className="mk-view mk-view-loading" />}>{content}</Suspense>
    </ViewLoadBoundary>
  )
}
