import type { View } from '@modalkit/protocol'
import type { ReactNode } from 'react'

/** The root of every view: the marker tests and benchmarks look for. */
export function ViewRoot({ name, children }: { name: View; children: ReactNode }) {
  return (
    <section className="mk-view" data-testid={`view-${name}`}>
      {children}
    </section>
  )
}
