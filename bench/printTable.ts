/** A heading, or a figure with its budget and the comparison's figure, already formatted. */
export type TableRow =
  | { section: string }
  | {
      label: string
      ours: string
      budget?: string
      appkit?: string /** false: misses its budget. */
      ok?: boolean
    }

export type TableHeader = { title: string; ours: string; appkit: string }

/**
 * The bench's one table, as plain text: a figure per row, its budget (✓ met, ✗ missed) and the
 * comparison's figure beside it. Columns are as wide as their widest cell.
 */
export function printTable(header: TableHeader, rows: readonly TableRow[]): string {
  const cells = (row: TableRow): [string, string, string, string] =>
    'section' in row
      ? [row.section, '', '', '']
      : [
          `  ${row.label}`,
          row.ours,
          row.budget === undefined ? '' : `${row.budget}${row.ok === undefined ? '' : row.ok ? ' ✓' : ' ✗'}`,
          row.appkit ?? '',
        ]
  const lines = [['', header.ours, 'budget', header.appkit] as const, ...rows.map(cells)]
  const widths = [0, 1, 2, 3].map((i) => Math.max(...lines.map((line) => [...line[i]!].length)))
  const pad = (text: string, width: number) => text + ' '.repeat(width - [...text].length)
  const body = lines.map((line, index) => {
    const row = index === 0 ? undefined : rows[index - 1]
    if (row && 'section' in row) return row.section
    return line
      .map((cell, i) => pad(cell, widths[i]!))
      .join('  ')
      .trimEnd()
  })
  return [header.title, ...body].join('\n')
}
