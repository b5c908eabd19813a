import type { AccountState, HostSnapshot } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import { safeImageUrl } from '../ui/safeImageUrl.ts'
import {
  accountsAtom,
  activeChainAtom,
  frameHeightAtom,
  loadingAtom,
  openAtom,
  openingAtom,
  optionsAtom,
  selectedNetworkIdAtom,
  themeModeAtom,
  walletConnectApprovedAtom,
} from './atoms.ts'
import { closeDisabledAtom, currentViewAtom, selectedNetworkAtom } from './derivedAtoms.ts'
import { type ProfileName, profileNameAtom } from './names/profileName.ts'
import { type NativeBalance, nativeBalanceAtom } from './nativeBalance.ts'

/** The accounts for the host, the one whose balance was read with it (SPEC §3 cached balances). */
function withBalance(accounts: AccountState[], balance: NativeBalance | undefined): AccountState[] {
  if (!balance) return accounts
  const { value, decimals, symbol } = balance
  return accounts.map((a) =>
    a.status === 'connected' && a.caipAddress === balance.caipAddress
      ? { ...a, balance: { value, decimals, symbol } }
      : a,
  )
}

/** The accounts for the host, the one whose name was read with it (its profile name). */
function withProfileName(accounts: AccountState[], profile: ProfileName | undefined): AccountState[] {
  if (!profile) return accounts
  const avatar = safeImageUrl(profile.avatar)
  const identity = {
    ...(profile.name ? { profileName: profile.name } : {}),
    ...(avatar ? { profileAvatar: avatar } : {}),
  }
  return accounts.map((a) =>
    a.status === 'connected' && a.caipAddress === profile.caipAddress ? { ...a, ...identity } : a,
  )
}

/**
 * Everything the host page mirrors (`window.appkit` getters answer from it), derived from the
 * atoms: the channel subscribes to this one atom, so whatever it reads is what pushes a change.
 */
export const hostSnapshotAtom = atom((get): HostSnapshot => {
  const id = get(selectedNetworkIdAtom)
  const network = get(selectedNetworkAtom)
  const height = get(frameHeightAtom)
  const chain = get(activeChainAtom)
  const embedded = get(optionsAtom)?.enableEmbedded === true
  const approved = get(walletConnectApprovedAtom)
  return {
    open: embedded ? true : get(openAtom),
    loading: get(loadingAtom) || get(openingAtom) > 0,
    view: get(currentViewAtom),
    themeMode: get(themeModeAtom),
    ...(chain ? { activeChain: chain } : {}),
    ...(id ? { selectedNetworkId: id } : {}),
    ...(network
      ? {
          network: {
            caipNetworkId: network.caipNetworkId,
            id: network.id,
            name: network.name,
            chainNamespace: network.chainNamespace,
            nativeCurrency: network.nativeCurrency,
            testnet: network.testnet,
          },
        }
      : {}),
    accounts: withProfileName(withBalance(get(accountsAtom), get(nativeBalanceAtom)), get(profileNameAtom)),
    ...(approved.length > 0 ? { approvedNetworkIds: approved.slice(0, 100) } : {}),
    closeDisabled: get(closeDisabledAtom),
    ...(embedded && height !== undefined ? { frameHeight: height } : {}),
  }
})
