import { exposeMethods, type HostClient, hostContract, modalContract, wrapRemote } from '@modalkit/protocol'
import { connect, WindowMessenger } from 'penpal'
import {
  accountsAtom,
  activeChainAtom,
  frameHeightAtom,
  hasSessionAtom,
  historyAtom,
  hostOriginAtom,
  loadingAtom,
  openAtom,
  optionsAtom,
  type Store,
  selectedNetworkIdAtom,
  themeModeAtom,
} from '../state/atoms.ts'
import type { Controller } from '../state/createController.ts'
import { nativeBalanceAtom } from '../state/nativeBalance.ts'
import { captureHostOrigin } from './captureHostOrigin.ts'

/** The atoms the host mirrors: a change to any of them pushes a snapshot. */
const MIRRORED = [
  nativeBalanceAtom,
  openAtom,
  loadingAtom,
  historyAtom,
  themeModeAtom,
  activeChainAtom,
  selectedNetworkIdAtom,
  accountsAtom,
  hasSessionAtom,
  frameHeightAtom,
  optionsAtom,
]

/**
 * Serves the modal contract to the host loader and mirrors state back. Penpal accepts any origin at
 * the handshake (many sites frame the modal); the origin it locks onto is the one the browser
 * reported, which `captureHostOrigin` records as the site's identity.
 */
export async function startChannel(store: Store, controller: Controller): Promise<HostClient> {
  captureHostOrigin((origin) => store.set(hostOriginAtom, origin))
  const connection = connect<Record<string, (arg?: unknown) => Promise<unknown>>>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }),
    methods: exposeMethods(modalContract, controller.handlers),
  })
  const host = wrapRemote(hostContract, await connection.promise)
  let last = ''
  let scheduled = false
  const push = () => {
    scheduled = false
    const next = controller.snapshot()
    const key = JSON.stringify(next)
    if (key === last) return
    last = key
    host.stateChanged(next).catch((error: unknown) => console.error('[appkit] state push failed', error))
  }
  // Bursts of atom writes become one message.
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    queueMicrotask(push)
  }
  for (const atom of MIRRORED) store.sub(atom, schedule)
  return host
}
