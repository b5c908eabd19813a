import type { ReactNode } from 'react'

export type ListItemProps = {
  icon?: ReactNode
  label: string
  /** A second, quieter line under the label (an address). */
  sub?: string | undefined
  tag?: string | undefined
  selected?: boolean | undefined
  onClick?: (() => void) | undefined
  disabled?: boolean | undefined
  testId?: string | undefined
}

/** A 56 px row: icon, label (and a second line under it), optional tag. */
export function ListItem({ icon, label, sub, tag, selected, onClick, disabled, testId }: ListItemProps) {
  return (
    <button
      type="button"
      className="mk-row"
      data-selected={selected ? '' : undefined}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {icon ? <span className="mk-row-icon">{icon}</span> : null}
      {sub === undefined ? (
        <span className="mk-row-label">{label}</span>
      ) : (
        <span className="mk-row-label mk-row-stack">
          <span>{label}</span>
          <span className="mk-row-sub">{sub}</span>
        </span>
      )}
      {tag ? <span className="mk-tag">{tag}</span> : null}
    </button>
  )
}
