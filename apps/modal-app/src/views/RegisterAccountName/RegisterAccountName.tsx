import { useId, useState } from 'react'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function RegisterAccountName() {
  const [name, setName] = useState('')
  const id = useId()
  return (
    <ViewRoot name="RegisterAccountName">
      <label htmlFor={id} className="mk-visually-hidden">
        Name
      </label>
      <input
        id={id}
        className="mk-input"
        placeholder="Choose a name"
        value={name}
        onChange={(e) => setName(e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, ''))}
        data-testid="account-name"
      />
    </ViewRoot>
  )
}
