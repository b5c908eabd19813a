import type { DirectoryWallet } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { useEffect, useId, useRef, useState } from 'react'
import { useT } from '../../i18n/useT.ts'
import { networksAtom } from '../../state/atoms.ts'
import { directoryNamespaces, type ListedWallet, nameMatches, pickFeatured } from '../../state/walletList.ts'
import { ListedWalletIcon } from '../../ui/ListedWalletIcon.tsx'
import { useSiteWalletList } from '../../ui/useSiteWalletList.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

type Page = { query: string; wallets: DirectoryWallet[]; count: number; page: number }

/**
 * The wallet directory as a grid of tiles, as AppKit shows it: searched on the API (debounced), the
 * site's namespaces only, and the next page loaded as the user scrolls to the end of the grid. The
 * site's featured wallets and its own (`customWallets`) come first, searched by name here; the
 * directory's pages leave the featured out and keep to the site's include and exclude lists.
 */
export function AllWallets() {
  const actions = useViewActions()
  const t = useT()
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<Page | undefined>()
  const [failed, setFailed] = useState(false)
  const loading = useRef(false)
  const grid = useRef<HTMLUListElement>(null)
  const end = useRef<HTMLLIElement>(null)
  const id = useId()
  const networks = useAtomValue(networksAtom)
  const namespaces = directoryNamespaces(networks)
  const { list, featured } = useSiteWalletList()

  const load = (search: string, page: number, signal?: { cancelled: boolean }) => {
    loading.current = true
    return actions
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
      .finally(() => {
        loading.current = false
      })
  }

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
  const more = result !== undefined && wallets.length < result.count
  // First the site's: its featured wallets, then its own, those whose name holds the search.
  const pinned = result
    ? [...pickFeatured(featured, list, { rdns: [], ids: [] }), ...list.custom].filter((wallet) =>
        nameMatches(wallet, result.query),
      )
    : []

  // Infinite scroll: the tile after the last one coming into the grid's view loads the next page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed again for each page shown
  useEffect(() => {
    const target = end.current
    if (!more || !target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || loading.current || !result) return
        void load(result.query, result.page + 1)
      },
      { root: grid.current, rootMargin: '120px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [more, result])

  return (
    <ViewRoot name="AllWallets">
      <label htmlFor={id} className="mk-visually-hidden">
        {t('allWallets.search')}
      </label>
      <input
        id={id}
        className="mk-input mk-search"
        type="search"
        placeholder={t('allWallets.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="wallet-search"
      />
      {failed ? (
        <p className="mk-empty" role="alert">
          {t('allWallets.loadFailed')}
        </p>
      ) : result && wallets.length === 0 && pinned.length === 0 ? (
        <p className="mk-empty">{t('allWallets.noMatch', { query: result.query })}</p>
      ) : (
        <ul
          ref={grid}
          className="mk-wallet-grid"
          data-testid="wallet-directory"
          data-count={result?.count}
          aria-busy={!result}
          aria-label={t('allWallets.list')}
        >
          {[...pinned, ...wallets].map((wallet: ListedWallet) => {
            const kind = wallet.custom ? 'custom' : pinned.includes(wallet) ? 'featured' : 'directory'
            return (
              <li key={`${kind}-${wallet.id}`}>
                <button
                  type="button"
                  className="mk-wallet-tile"
                  onClick={() => actions.pickWalletConnect(wallet)}
                  data-testid={`${kind}-${wallet.id}`}
                >
                  <ListedWalletIcon wallet={wallet} size={56} />
                  <span className="mk-wallet-tile-name">{wallet.name}</span>
                </button>
              </li>
            )
          })}
          {more ? (
            <li ref={end} className="mk-wallet-grid-end" aria-hidden="true">
              <span className="mk-spinner" />
            </li>
          ) : null}
        </ul>
      )}
    </ViewRoot>
  )
}
