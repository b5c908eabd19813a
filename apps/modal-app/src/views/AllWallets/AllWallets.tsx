import { useId, useState } from 'react'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function AllWallets() {
  const [query, setQuery] = useState('')
  const id = useId()
  return (
    <ViewRoot name="AllWallets">
      <label htmlFor={id} className="mk-visually-hidden">
        Search wallet
      </label>
      <input
        id={id}
        className="mk-input mk-search"
        type="search"
        placeholder="Search wallet"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="wallet-search"
      />
      <p className="mk-empty">
        {query ? `No wallet matches “${query}”` : 'The wallet directory appears here'}
      </p>
    </ViewRoot>
  )
}
