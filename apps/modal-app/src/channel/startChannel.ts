import {
  exposeMethods,
  type HostClient,
  type HostContract,
  hostOutputs,
  type ModalContract,
  type ModalHandlers,
  modalInputs,
  wrapRemote,
} from '@modalkit/protocol'
import { connect, WindowMessenger } from 'penpal'
import { log } from '../log.ts'
import { hostOriginAtom, type Store } from '../state/atoms.ts'
import { hostSnapshotAtom } from '../state/hostSnapshotAtom.ts'
import { captureHostOrigin } from './captureHostOrigin.ts'

/**
 * Serves the modal contract to the host loader and mirrors state back. Penpal accepts any origin at
 * the handshake (many sites frame the modal); the origin it locks onto is the one the browser
 * reported, which `captureHostOrigin` records as the site's identity.
 */
export async function startChannel(store: Store, handlers: ModalHandlers): Promise<HostClient> {
  captureHostOrigin((origin) => store.set(hostOriginAtom, origin))
  const connection = connect<Record<string, (arg?: unknown) => Promise<unknown>>>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: ['*'] }),
    methods: exposeMethods<ModalContract>(modalInputs, handlers),
  })
  const host = wrapRemote<HostContract>(hostOutputs, await connection.promise)
  let last = ''
  let scheduled = false
  const push = () => {
    scheduled = false
    const next = store.get(hostSnapshotAtom)
    const key = JSON.stringify(next)
    if (key === last) return
    last = key
    host.stateChanged(next).catch((error: unknown) => log.error('state push failed', error))
  }
  // Bursts of atom writes become one message; the snapshot atom reads every atom the host mirrors.
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    queueMicrotask(push)
  }
  store.sub(hostSnapshotAtom, schedule)
  return host
}
