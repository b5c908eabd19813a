import type { DirectoryWallet, Namespace } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { useEffect, useId, useState } from 'react'
import { networksAtom } from '../../state/atoms.ts'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

type Page = { query: string; wallets: DirectoryWallet[]; count: number; page: number }

/** The wallet directory, searched on the API (debounced), the site's namespaces only, paged by 40. */
export function AllWallets() {
  const actions = useViewActions()
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<Page | undefined>()
  const [failed, setFailed] = useState(false)
  const id = useId()
  const networks = useAtomValue(networksAtom)
  const namespaces = [...new Set(networks.map((n) => n.chainNamespace))].filter(
    (n): n is Namespace => n === 'eip155' || n === 'solana',
  )

  const load = (search: string, page: number, signal?: { cancelled: boolean }) =>
    actions
      .searchWallets({ search, namespaces, page })
      .then(({ data, count }) => {
        if (signal?.cancelled) return
        setFailed(false)
        setResult((previous) => ({
          query: search,
          count,
          page,
          wallets: page > 1 && previous?.query === search ? [...previous.wallets, ...data] : data,
        }))
      })
      .catch(() => {
        if (!signal?.cancelled) setFailed(true)
      })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search only when the text changes
  useEffect(() => {
    const signal = { cancelled: false }
    const timer = setTimeout(() => void load(query.trim(), 1, signal), query ? 200 : 0)
    return () => {
      signal.cancelled = true
      clearTimeout(timer)
    }
  }, [query])

  const wallets = result?.wallets ?? []
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
      {failed ? (
        <p className="mk-empty" role="alert">
          The wallet list could not be loaded.
        </p>
      ) : result && wallets.length === 0 ? (
        <p className="mk-empty">No wallet matches “{result.query}”</p>
      ) : (
        <div className="mk-list mk-wallet-list" data-testid="wallet-directory" aria-busy={!result}>
          {wallets.map((wallet) => (
            <ListItem
              key={wallet.id}
              icon={<img className="mk-wallet-icon" src={wallet.imageUrl} alt="" width={28} height={28} />}
              label={wallet.name}
              onClick={() => actions.pickWalletConnect(wallet)}
              testId={`directory-${wallet.id}`}
            />
          ))}
          {result && wallets.length < result.count ? (
            <button
              type="button"
              className="mk-button mk-button-secondary"
              onClick={() => void load(result.query, result.page + 1)}
            >
              Show more
            </button>
          ) : null}
        </div>
      )}
    </ViewRoot>
  )
}
