// What the three client pages share: the log list (same shape as index.html's, newest first) and
// button wiring. Nothing here is Modalkit- or library-specific.

/** Appends one line to the page's log: `<li data-kind="…">kind: value</li>`. */
export function log(kind: string, value: unknown): void {
  const item = document.createElement('li')
  item.dataset.kind = kind
  item.textContent = `${kind}: ${typeof value === 'string' ? value : JSON.stringify(value, bigints)}`
  document.getElementById('log')?.prepend(item)
}

const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)

/** A library's error in one line: its code when it has one, then its short message. */
export function errorText(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: unknown; message?: unknown }
  const code = typeof e?.code === 'number' || typeof e?.code === 'string' ? `${e.code} ` : ''
  const message = typeof e?.shortMessage === 'string' ? e.shortMessage : String(e?.message ?? error)
  return `${code}${message}`
}

/** Runs `action` on a click of `[data-testid=testId]`; logs its result (if any) under `kind`, or the error. */
export function onClick(testId: string, kind: string, action: () => Promise<unknown>): void {
  const button = document.querySelector(`[data-testid="${testId}"]`)
  button?.addEventListener('click', async () => {
    try {
      const result = await action()
      if (result !== undefined) log(kind, result)
    } catch (error) {
      log('error', errorText(error))
    }
  })
}

/** Shows a value in `[data-testid=testId]` (the page's live address, chain and balance). */
export function show(testId: string, value: string): void {
  const element = document.querySelector(`[data-testid="${testId}"]`)
  if (element) element.textContent = value
}
