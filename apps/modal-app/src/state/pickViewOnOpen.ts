import type { View } from '@modalkit/protocol'

export type PickViewOnOpenParameters = {
  manualControl: boolean
  hasAdapters: boolean
  address: string | undefined
  view: View | undefined
  isMobile: boolean
  connected: boolean
}

/**
 * SPEC §2: with manual control, or no adapters and no address, mobile goes to AllWallets and
 * desktop to ConnectingWalletConnectBasic. Otherwise an explicit view if given, Account if
 * connected, else Connect.
 */
export function pickViewOnOpen({
  manualControl,
  hasAdapters,
  address,
  view,
  isMobile,
  connected,
}: PickViewOnOpenParameters): View {
  if (manualControl || (!hasAdapters && !address))
    return isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  if (view) return view
  return connected ? 'Account' : 'Connect'
}
