import { randomUUID } from 'node:crypto'
import { createMemoryStorage } from '@modalkit/local-relay/createMemoryStorage'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { ed25519 } from '@noble/curves/ed25519'
import { VersionedTransaction } from '@solana/web3.js'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { JsonRpcProvider, Wallet } from 'ethers'
import { decodeBase58, encodeBase58 } from '../packages/shared/src/base58.ts'
import { answerBitcoin, type Broadcast, BTC_CHAINS, createBitcoinKey } from './bitcoinWallet.ts'
import { PROJECT_ID, STACK_ENV } from './sites.ts'

// The wallet side runs in the test process: WalletConnect's Verify service has no local stand-in,
// and the SDK skips it (and its analytics ping) in test runs.
process.env.IS_VITEST = 'true'

export const WC_EVM_CHAIN = 'eip155:31337'
export const WC_SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
/** The wallet's Solana key: a local cluster test keypair (funded there), so its signatures are real. */
export const WC_SOLANA_KEYPAIR = testKeypairs[1]!
export const WC_SOLANA_ADDRESS = WC_SOLANA_KEYPAIR.publicKey.toBase58()
const solanaSecret = WC_SOLANA_KEYPAIR.secretKey.subarray(0, 32)

type Respond = (result: unknown) => Promise<void>

/**
 * The wallet's Solana answers, in WalletConnect's Solana RPC shapes: solana_signMessage
 * `{ message: base58, pubkey }` → `{ signature: base58 }`; solana_signTransaction `{ transaction:
 * base64 }` → `{ signature }` alone, as older wallets answer (the modal builds the signed transaction).
 */
async function answerSolana(method: string, args: unknown, respond: Respond): Promise<boolean> {
  if (method === 'solana_signMessage') {
    const { message, pubkey } = args as { message: string; pubkey: string }
    if (pubkey !== WC_SOLANA_ADDRESS) return false
    await respond({ signature: encodeBase58(ed25519.sign(decodeBase58(message)!, solanaSecret)) })
    return true
  }
  if (method === 'solana_signTransaction') {
    const { transaction } = args as { transaction: string }
    const message = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64')).message.serialize()
    await respond({ signature: encodeBase58(ed25519.sign(message, solanaSecret)) })
    return true
  }
  return false
}

/**
 * A site's own WalletConnect client (what AppKit's `manualWCControl` sites hold), over the local relay:
 * the dapp side of a pairing the modal only shows (`open({ uri })`).
 */
export async function createSiteWalletConnectClient(name: string) {
  const client = await SignClient.init({
    // The site's own project key, as its AppKit setup has: the relay knows the API's projects.
    projectId: PROJECT_ID,
    relayUrl: `ws://127.0.0.1:${STACK_ENV.RELAY_PORT}`,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: `site-${randomUUID()}`,
    storage: createMemoryStorage(),
    metadata: {
      name,
      description: 'a site with its own WalletConnect client',
      url: 'https://site.test',
      icons: [],
    },
  })
  return {
    /** Starts a pairing: its URI, and the session the wallet's approval gives. */
    connect: () =>
      client.connect({
        optionalNamespaces: {
          eip155: { chains: [WC_EVM_CHAIN], methods: ['personal_sign'], events: ['accountsChanged'] },
          solana: { chains: [WC_SOLANA_CHAIN], methods: ['solana_signMessage'], events: [] },
        },
      }),
    async close() {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}

/**
 * A real WalletConnect wallet (the 2.25 sign client) holding a real key, over the local relay: it
 * approves proposals with eip155 and solana accounts and signs `personal_sign`, `solana_signMessage`
 * and `solana_signTransaction` requests, and sends `eth_sendTransaction` with its own key on EVM A.
 * With `bitcoin`, it holds a Bitcoin key too and approves only the namespaces proposed, bip122 with
 * an account on Bitcoin mainnet and testnet each (bitcoinWallet.ts answers its requests).
 */
export async function createWalletConnectWallet(options: { bitcoin?: boolean } = {}) {
  const signer = Wallet.createRandom()
  const bitcoinKey = options.bitcoin ? createBitcoinKey() : undefined
  /** Transactions the wallet signed to broadcast (sendTransfer, signPsbt with broadcast). */
  const broadcasts: Broadcast[] = []
  const clientOptions: SignClientTypes.Options = {
    projectId: 'e2e-wallet',
    relayUrl: `ws://127.0.0.1:${STACK_ENV.RELAY_PORT}`,
    logger: 'silent',
    telemetryEnabled: false,
    customStoragePrefix: `wallet-${randomUUID()}`,
    storage: createMemoryStorage(),
    metadata: { name: 'E2E Wallet', description: 'test wallet', url: 'https://wallet.test', icons: [] },
  }
  const client = await SignClient.init(clientOptions)
  const requests: { method: string; params: unknown; chainId: string }[] = []
  const proposals: { origin: string; name: string; description: string; chains: string[] }[] = []

  client.on('session_proposal', ({ id, params }) => {
    const evm = params.optionalNamespaces.eip155
    const solana = params.optionalNamespaces.solana
    const btc = params.optionalNamespaces.bip122
    proposals.push({
      origin: params.proposer.metadata.url,
      name: params.proposer.metadata.name,
      description: params.proposer.metadata.description,
      chains: [...(evm?.chains ?? []), ...(solana?.chains ?? []), ...(btc?.chains ?? [])],
    })
    const namespaces: SessionTypes.Namespaces = {
      eip155: {
        chains: [WC_EVM_CHAIN],
        accounts: [`${WC_EVM_CHAIN}:${signer.address}`],
        methods: evm?.methods ?? [],
        events: evm?.events ?? [],
      },
      solana: {
        chains: [WC_SOLANA_CHAIN],
        accounts: [`${WC_SOLANA_CHAIN}:${WC_SOLANA_ADDRESS}`],
        methods: solana?.methods ?? [],
        events: [],
      },
    }
    if (bitcoinKey) {
      if (!evm) delete namespaces.eip155
      if (!solana) delete namespaces.solana
      const chains = BTC_CHAINS.filter((chain) => btc?.chains?.includes(chain))
      if (chains.length > 0)
        namespaces.bip122 = {
          chains,
          accounts: chains.map((chain) => `${chain}:${bitcoinKey.addresses[chain]}`),
          methods: btc?.methods ?? [],
          events: btc?.events ?? [],
        }
    }
    void client.approve({ id, namespaces })
  })

  client.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request
    requests.push({ method, params: args, chainId: params.chainId })
    const respond: Respond = (result) => client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    if (await answerSolana(method, args, respond)) return
    if (bitcoinKey) {
      try {
        if (await answerBitcoin(bitcoinKey, broadcasts, params.chainId, method, args, respond)) return
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        // Invalid params (JSON-RPC's -32602), not WalletConnect's 5000, which means the user rejected.
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: -32602, message } } })
        return
      }
    }
    if (method === 'personal_sign') {
      const [message] = args as [string]
      const signature = await signer.signMessage(
        message.startsWith('0x') ? Buffer.from(message.slice(2), 'hex') : message,
      )
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    } else if (method === 'eth_sendTransaction') {
      // Signed with the wallet's own key and sent to the local node it is paired on (EVM A).
      const [tx] = args as [{ to: string; data?: string; value?: string; gas?: string }]
      const node = new JsonRpcProvider(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`, undefined, {
        staticNetwork: true,
      })
      try {
        const sent = await signer.connect(node).sendTransaction({
          to: tx.to,
          data: tx.data ?? '0x',
          value: BigInt(tx.value ?? '0x0'),
          ...(tx.gas ? { gasLimit: BigInt(tx.gas) } : {}),
        })
        await respond(sent.hash)
      } finally {
        node.destroy()
      }
    } else {
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 5000, message: 'User rejected the request' } },
      })
    }
  })

  return {
    address: signer.address,
    /** With `bitcoin`: the wallet's Bitcoin key, its address per network, and what it broadcast. */
    bitcoin: bitcoinKey && { key: bitcoinKey, addresses: bitcoinKey.addresses, broadcasts },
    requests,
    proposals,
    pair: (uri: string) => client.pair({ uri }),
    sessions: (): SessionTypes.Struct[] => client.session.getAll(),
    async disconnectAll() {
      for (const session of client.session.getAll()) {
        await client.disconnect({
          topic: session.topic,
          reason: { code: 6000, message: 'User disconnected' },
        })
      }
    },
    async close() {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}
