import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { activeChainAtom, activeChainTargetAtom, networksAtom } from '../../state/atoms.ts'
import { CHAIN_FAMILY_NAMES } from '../../state/needsActiveChainSwitch.ts'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * Picking a network of another chain family than the connected wallet's (SPEC §2): the wallet
 * cannot follow there, so the user confirms, then connects a wallet of that family. The connected
 * wallet stays connected in its own family and is used again when one of its networks is picked.
 */
export function SwitchActiveChain() {
  const actions = useViewActions()
  const t = useT()
  const targetId = useAtomValue(activeChainTargetAtom)
  const active = useAtomValue(activeChainAtom)
  const target = useAtomValue(networksAtom).find((n) => n.caipNetworkId === targetId)
  if (!target || !active) {
    return (
      <ViewRoot name="SwitchActiveChain">
        <p className="mk-hint">{t('activeChain.pickFirst')}</p>
      </ViewRoot>
    )
  }
  const family = CHAIN_FAMILY_NAMES[target.chainNamespace]
  return (
    <ViewRoot name="SwitchActiveChain">
      <div className="mk-center">
        <NetworkIcon network={target} size={64} />
        <h2 className="mk-view-heading" data-testid="switch-active-chain-title">
          {t('activeChain.title', { network: target.name })}
        </h2>
        <p className="mk-hint">
          {t('activeChain.hint', { family, network: target.name, active: CHAIN_FAMILY_NAMES[active] })}
        </p>
      </div>
      <button
        type="button"
        className="mk-button"
        onClick={() => void actions.confirmActiveChainSwitch()}
        data-testid="switch-active-chain"
      >
        {t('activeChain.confirm', { family })}
      </button>
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => actions.back()}
        data-testid="switch-active-chain-cancel"
      >
        {t('activeChain.cancel')}
      </button>
    </ViewRoot>
  )
}
