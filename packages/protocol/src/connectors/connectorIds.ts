/**
 * The connector ids an account carries (`AccountState.connectorId`), written once: the modal sets
 * them, the host loader reads them (which wallet answers in the host page, whether the account is
 * the embedded wallet's). Names as Reown AppKit's, so sites that read them can switch.
 */
export const WALLET_CONNECT_CONNECTOR_ID = 'WALLET_CONNECT'
export const EMBEDDED_CONNECTOR_ID = 'AUTH'
/** A browser wallet found as a legacy `window.ethereum` (no EIP-6963 announcement). */
export const LEGACY_INJECTED_CONNECTOR_ID = 'INJECTED'
const ANNOUNCED_PREFIX = 'ANNOUNCED:'
/** A Bitcoin browser wallet of the host page (Bitcoin Wallet Standard or sats-connect). */
const BITCOIN_ANNOUNCED_PREFIX = 'BITCOIN_ANNOUNCED:'

export type ConnectorId =
  | typeof WALLET_CONNECT_CONNECTOR_ID
  | typeof EMBEDDED_CONNECTOR_ID
  | typeof LEGACY_INJECTED_CONNECTOR_ID
  | `${typeof ANNOUNCED_PREFIX}${string}`
  | `${typeof BITCOIN_ANNOUNCED_PREFIX}${string}`

/** Whether a connector id is a browser wallet of the host page (announced, or `window.ethereum`). */
export function isInjectedConnector(connectorId: string | undefined): boolean {
  return connectorId === LEGACY_INJECTED_CONNECTOR_ID || connectorId?.startsWith(ANNOUNCED_PREFIX) === true
}

/**
 * The connector id of a browser wallet the host page announced (EIP-6963, by its rdns), or of the
 * legacy `window.ethereum`.
 *
 * @example
 * injectedConnectorId({ rdns: 'io.metamask' }) // 'ANNOUNCED:io.metamask'
 */
export function injectedConnectorId(wallet: { rdns: string; legacy?: boolean | undefined }): ConnectorId {
  return wallet.legacy ? LEGACY_INJECTED_CONNECTOR_ID : `${ANNOUNCED_PREFIX}${wallet.rdns}`
}

/**
 * The connector id of a Bitcoin browser wallet of the host page, by the loader's id for it.
 *
 * @example
 * bitcoinWalletConnectorId({ id: 'sats-connect:XverseProviders.BitcoinProvider' }) // 'BITCOIN_ANNOUNCED:sats-connect:XverseProviders.BitcoinProvider'
 */
export function bitcoinWalletConnectorId(wallet: { id: string }): ConnectorId {
  return `${BITCOIN_ANNOUNCED_PREFIX}${wallet.id}`
}

/** Whether a connector id is a Bitcoin browser wallet of the host page. */
export function isBitcoinWalletConnector(connectorId: string | undefined): boolean {
  return connectorId?.startsWith(BITCOIN_ANNOUNCED_PREFIX) === true
}
