/** A heading, or a figure with its budget and each comparison's figure (by its id), already formatted. */
export type TableRow =
  | { section: string }
  | {
      label: string
      ours: string
      budget?: string
      /** Each comparison's figure by its id; a missing one prints empty. */
      others?: Readonly<Record<string, string>>
      /** false: misses its budget. */
      ok?: boolean
    }

export type TableHeader = {
  title: string
  ours: string
  /** The comparisons' columns, in order: their id (as in `TableRow.others`) and their heading. */
  others: readonly { id: string; name: string }[]
}

/**
 * The bench's one table, as plain text: a figure per row, its budget (✓ met, ✗ missed) and each
 * comparison's figure beside it, a column per product. Columns are as wide as their widest cell.
 */
export function printTable(header: TableHeader, rows: readonly TableRow[]): string {
  const cells = (row: TableRow): string[] =>
    'section' in row
      ? [row.section]
      : [
          `  ${row.label}`,
          row.ours,
          row.budget === undefined ? '' : `${row.budget}${row.ok === undefined ? '' : row.ok ? ' ✓' : ' ✗'}`,
          ...header.others.map(({ id }) => row.others?.[id] ?? ''),
        ]
  const lines = [['', header.ours, 'budget', ...header.others.map(({ name }) => name)], ...rows.map(cells)]
  const columns = 3 + header.others.length
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(...lines.filter((line) => line.length > 1).map((line) => [...line[i]!].length)),
  )
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
