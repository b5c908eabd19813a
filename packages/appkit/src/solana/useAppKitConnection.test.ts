// @vitest-environment jsdom
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AppKit, AppKitNetworkState } from '@modalkit/host-loader/types'
import { Connection } from '@solana/web3.js'
import { act, createElement, type FunctionComponent } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setCurrentAppKit } from '../current.ts'
import { localA, solanaDevnet, solanaTestnet } from '../networks.ts'
import { rememberSiteNetworks } from '../siteNetworks.ts'
import { useAppKitConnection } from './react.ts'

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true)

// The site's Solana RPC: a local JSON-RPC server answering `getSlot`, so the test sees the
// Connection reach the URL the site gave (a Solana node is more than this hook needs).
let rpc: Server
let rpcUrl: string
const methods: string[] = []
beforeAll(async () => {
  rpc = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: string; method: string }
      methods.push(method)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: 4242 }))
    })
  })
  rpc.listen(0, '127.0.0.1')
  await once(rpc, 'listening')
  rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`
})
afterAll(() => rpc.close())

// The modal's network getters and subscriptions (the real ones need the modal's cross-origin frame,
// which a unit test has no local form of; hooks.test.ts's stand-in is the same shape): getters answer
// now, `subscribeNetwork` calls back on later changes.
function standIn(caipNetworkId: string) {
  let current = caipNetworkId
  const listeners = new Set<(network: AppKitNetworkState) => void>()
  const appkit = {
    getCaipNetwork: () => undefined,
    getCaipNetworkId: () => current,
    getChainId: () => current.split(':')[1],
    subscribeNetwork: (callback: (network: AppKitNetworkState) => void) => {
      listeners.add(callback)
      return () => listeners.delete(callback)
    },
    subscribeState: () => () => undefined,
  }
  const select = (next: string) => {
    current = next
    const network = {
      caipNetwork: undefined,
      chainId: next.split(':')[1],
      caipNetworkId: next,
      approvedCaipNetworkIds: undefined,
      supportsAllNetworks: true,
    } as AppKitNetworkState
    for (const listener of listeners) listener(network)
  }
  return { appkit: appkit as unknown as AppKit, select }
}

let container: HTMLElement
let root: Root
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

const Probe: FunctionComponent<{ report: (value: { connection: Connection | undefined }) => void }> = ({
  report,
}) => {
  report(useAppKitConnection())
  return null
}

/** Renders the hook twice (two components); `latest()` is each one's last result. */
function render() {
  const seen: { connection: Connection | undefined }[][] = [[], []]
  act(() =>
    root.render([
      createElement(Probe, { key: 0, report: (value) => seen[0]?.push(value) }),
      createElement(Probe, { key: 1, report: (value) => seen[1]?.push(value) }),
    ]),
  )
  return { latest: (index = 0) => seen[index]?.at(-1)?.connection }
}

describe("useAppKitConnection, the Solana adapter's hook", () => {
  it("gives a Connection to the site's RPC URL for the selected Solana network, the same one everywhere", async () => {
    // The site's network object, as `createAppKit({ networks })` keeps it (index.ts).
    rememberSiteNetworks([{ ...solanaDevnet, rpcUrls: { default: { http: [rpcUrl] } } }, localA])
    const modal = standIn(solanaDevnet.caipNetworkId)
    setCurrentAppKit(modal.appkit)
    const hook = render()
    const connection = hook.latest()
    expect(connection).toBeInstanceOf(Connection)
    expect(connection?.rpcEndpoint).toBe(rpcUrl)
    expect(connection?.commitment).toBe('confirmed')
    expect(hook.latest(1)).toBe(connection)
    expect(await connection?.getSlot()).toBe(4242)
    expect(methods).toEqual(['getSlot'])
  })

  it('follows the selected network: a known Solana network given by id, then none on an EVM one', () => {
    const modal = standIn(solanaDevnet.caipNetworkId)
    setCurrentAppKit(modal.appkit)
    const hook = render()
    const devnet = hook.latest()
    act(() => modal.select(solanaTestnet.caipNetworkId))
    expect(hook.latest()?.rpcEndpoint).toBe('https://api.testnet.solana.com')
    act(() => modal.select(localA.caipNetworkId))
    expect(hook.latest()).toBeUndefined()
    act(() => modal.select(solanaDevnet.caipNetworkId))
    expect(hook.latest()).toBe(devnet)
  })

  it('gives no Connection for a Solana network whose RPC URL neither the site nor the package has', () => {
    const modal = standIn('solana:unknownGenesisHash00000000000000')
    setCurrentAppKit(modal.appkit)
    expect(render().latest()).toBeUndefined()
  })
})
