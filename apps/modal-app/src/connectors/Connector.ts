import type { Namespace, SiwxMessage } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'

/** What a connector's wallet is listed by in ProfileWallets. */
export type ConnectorDescription = { name: string; icon?: string | undefined }

/** A request that needs the user's approval, for the wallet active in `namespace`. */
export type ConnectorRequest = {
  namespace: Namespace
  method: string
  params: unknown
  /** The configured network it is for: the selected one of its namespace, else the account's. */
  network: Network | undefined
}

/**
 * One kind of wallet (a browser wallet of the host page, WalletConnect, the embedded wallet), as the
 * modal's core sees it. Each kind lives in its own folder under `connectors/<kind>/` and has a line
 * in `connectors/registry.ts`; the core looks a connector up by the account's connector id there
 * instead of asking which kind it is. Kinds write the accounts they connect into `accountsAtom`.
 */
export interface Connector<ConnectParameters = void> {
  /** Whether `connectorId` (an account's) is one of this kind's wallets. */
  owns(connectorId: string | undefined): boolean
  /** Whether one of its wallets is the connected account of `namespace` (of any, without one). */
  isConnected(namespace?: Namespace): boolean
  /** Starts connecting; the outcome shows in the atoms its view reads. */
  connect(parameters: ConnectParameters): Promise<void>
  /** Asks the wallet to approve and answer a request (SPEC §6); refused when the kind cannot. */
  request(request: ConnectorRequest): Promise<unknown>
  /** Moves the wallet to `network`, or refuses it (SPEC §5); the core then selects it. */
  switchChain(network: Network): Promise<void>
  /**
   * Ends the connection for real (every namespace it serves). With the id of one of its wallets it
   * also clears that wallet's account when it is the active one; without, the caller clears them.
   */
  disconnect(connectorId?: string): Promise<void>
  /** Restores a connection kept from an earlier visit. */
  restore(): Promise<void>
  /** Loads what connecting needs ahead of need (SPEC §4: opening prefetches). */
  preload(): void
  describe(connectorId: string): ConnectorDescription
  /**
   * The site's sign-in signed in the turn of a login that consented to it (the embedded
   * wallet), so SIWX asks once; undefined when the wallet wants its own approval for it.
   */
  signInAtLogin?(message: SiwxMessage): Promise<string | undefined>
}
