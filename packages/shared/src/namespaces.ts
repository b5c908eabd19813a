/**
 * SPEC §3 namespaces. The same list as `NAMESPACES` in `@modalkit/protocol` (schemas/caip.ts); kept
 * here because this package imports nothing of ours. Change both together.
 */
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const

export type Namespace = (typeof NAMESPACES)[number]

const known: ReadonlySet<string> = new Set(NAMESPACES)

/** Whether `text` is one of the SPEC §3 namespaces. */
export function isNamespace(text: string): text is Namespace {
  return known.has(text)
}
