import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { nftsAtom } from '../../state/accountData/accountDataAtoms.ts'

/** Account, NFTs: the account's NFTs with their images; spam collections hidden. */
export function NftsTab() {
  const t = useT()
  const nfts = useAtomValue(nftsAtom)
  if (!nfts || (nfts.status === 'loading' && nfts.data.length === 0)) {
    return (
      <p className="mk-empty" data-testid="nfts-loading">
        {t('account.nfts.loading')}
      </p>
    )
  }
  if (nfts.status === 'error')
    return (
      <p className="mk-empty" data-testid="nfts-error">
        {t('account.nfts.unavailable')}
      </p>
    )
  const shown = nfts.data.filter((nft) => !nft.isSpam)
  if (shown.length === 0) return <p className="mk-empty">{t('account.nfts.empty')}</p>
  return (
    <ul className="mk-nft-grid" data-testid="nfts-list">
      {shown.map((nft) => (
        <li key={`${nft.contract}-${nft.tokenId}`} className="mk-nft" data-testid="nft">
          {nft.imageUrl ? (
            <img src={nft.imageUrl} alt={nft.name} width={96} height={96} loading="lazy" />
          ) : (
            <span className="mk-nft-placeholder" aria-hidden="true" />
          )}
          <span className="mk-nft-name">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
