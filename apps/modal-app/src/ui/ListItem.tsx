import type { ReactNode } from 'react'

export type ListItemProps = {
  icon?: ReactNode
  label: string
  tag?: string | undefined
  selected?: boolean | undefined
  onClick?: (() => void) | undefined
  disabled?: boolean | undefined
  testId?: string | undefined
}

/** A 56 px row: icon, label, optional tag. */
export function ListItem({ icon, label, tag, selected, onClick, disabled, testId }: ListItemProps) {
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
      <span className="mk-row-label">{label}</span>
      {tag ? <span className="mk-tag">{tag}</span> : null}
    </button>
  )
}
