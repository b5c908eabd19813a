import type { Eip1193Provider } from '@modalkit/host-loader/types'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import { findAppKit, whenAppKit } from '../current.ts'

/** The connector's id: the rdns the provider announces by EIP-6963, so wagmi lists it once. */
export const MODALKIT_CONNECTOR_ID = 'dev.modalkit'

function providerOf(): Eip1193Provider | undefined {
  return findAppKit()?.getProvider('eip155')
}

function requireProvider(): Eip1193Provider {
  const provider = providerOf()
  if (!provider) throw new Error('[appkit] call createAppKit() before connecting through wagmi')
  return provider
}

async function readAccounts(provider: Eip1193Provider, method: 'eth_accounts' | 'eth_requestAccounts') {
  const accounts = (await provider.request({ method })) as string[]
  return accounts.map((account) => getAddress(account))
}

/**
 * wagmi's connector for the modal's EIP-1193 provider, as AppKit's wagmi adapter has its own: connecting
 * opens the modal (`eth_requestAccounts`), reconnecting only reads the accounts, disconnecting
 * disconnects the modal, and the provider's events become wagmi's. It follows the modal the page makes
 * later: wagmi sets it up when the config is made, which AppKit's quick start does before
 * `createAppKit()`.
 */
export function modalkitConnector() {
  return createConnector<Eip1193Provider | undefined>((config) => {
    let accounts: readonly Address[] = []

    const onAccountsChanged = (next: string[]) => {
      const had = accounts.length > 0
      accounts = next.map((account) => getAddress(account))
      if (accounts.length === 0) config.emitter.emit('disconnect')
      else if (had) config.emitter.emit('change', { accounts })
      else
        void requireProvider()
          .request({ method: 'eth_chainId' })
          .then((chainId) => config.emitter.emit('connect', { accounts, chainId: Number(chainId) }))
    }
    const onChainChanged = (chainId: string) => config.emitter.emit('change', { chainId: Number(chainId) })
    const onDisconnect = () => {
      accounts = []
      config.emitter.emit('disconnect')
    }

    return {
      id: MODALKIT_CONNECTOR_ID,
      name: 'Modalkit',
      rdns: MODALKIT_CONNECTOR_ID,
      type: 'modalkit',

      async setup() {
        whenAppKit((appkit) => {
          const provider = appkit.getProvider('eip155')
          provider.on('accountsChanged', onAccountsChanged)
          provider.on('chainChanged', onChainChanged)
          provider.on('disconnect', onDisconnect)
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const provider = requireProvider()
        // Reconnecting (wagmi's on every page load) must not open the modal: it only reads.
        accounts = await readAccounts(provider, isReconnecting ? 'eth_accounts' : 'eth_requestAccounts')
        let current = Number(await provider.request({ method: 'eth_chainId' }))
        if (chainId !== undefined && chainId !== current && this.switchChain) {
          current = (await this.switchChain({ chainId })).id
        }
        return {
          // wagmi types this by the caller's `withCapabilities`; its own connectors narrow it the same way.
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: current,
        }
      },

      async disconnect() {
        accounts = []
        await findAppKit()?.disconnect('eip155')
      },

      async getAccounts() {
        return readAccounts(requireProvider(), 'eth_accounts')
      },

      async getChainId() {
        return Number(await requireProvider().request({ method: 'eth_chainId' }))
      },

      async getProvider() {
        return providerOf()
      },

      async isAuthorized() {
        const provider = providerOf()
        return provider ? (await readAccounts(provider, 'eth_accounts')).length > 0 : false
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new ChainNotConfiguredError()
        await requireProvider().request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        return chain
      },

      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    }
  })
}
