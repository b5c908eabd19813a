import type { Db } from '../db/Db.ts'
import type { RpcUpstreams } from '../rpc/proxyRpc.ts'
import { backfillNftMetadata, type MetadataTries } from './backfillNftMetadata.ts'
import { callNode } from './callNode.ts'
import { readEvmRange, writeEvmRange } from './indexEvmRange.ts'
import { MAX_SOLANA_RANGE, readSolanaRange, writeSolanaRange } from './indexSolanaRange.ts'

/** Blocks per eth_getLogs call: small enough for any node's range limit. */
const MAX_RANGE = 200
const POLL_MS = 500

export type Indexer = {
  /**
   * Resolves once every chain is indexed up to the node's head at the time of the call, and a pass of
   * NFT metadata fetches has run after that.
   */
  caughtUp(): Promise<void>
  /** Stops polling; resolves when the step under way has finished. */
  stop(): Promise<void>
}

/**
 * Follows every EVM and Solana upstream: from the stored cursor to the head, then each
 * new block (a Solana slot), polling. The cursor moves only after a range is stored, so a crash re-reads it (inserts are
 * idempotent). Several API replicas may all run it against one database.
 */
export function startIndexer(db: Db, upstreams: RpcUpstreams, pollMs = POLL_MS): Indexer {
  const chains = [...upstreams].filter(
    ([chain]) => chain.startsWith('eip155:') || chain.startsWith('solana:'),
  )
  let stopped = false
  const waiters: { target: Map<string, number>; resolve: () => void }[] = []
  const heights = new Map<string, number>()
  const metadataTries: MetadataTries = new Map()

  const cursorOf = async (chain: string, genesis: string): Promise<number> => {
    const rows = await db.query<{ block: string; genesis: string }>(
      'select block, genesis from chain_cursors where chain = $1',
      [chain],
    )
    const row = rows[0]
    if (row && row.genesis === genesis) return Number(row.block)
    // A new chain under the same id (anvil restarted by a new `npm start`): forget the old one.
    await db.transaction(async (query) => {
      for (const table of ['chain_transactions', 'chain_events', 'chain_tokens', 'chain_nfts']) {
        await query(`delete from ${table} where chain = $1`, [chain])
      }
      await query('delete from balance_cache')
      await query(
        `insert into chain_cursors (chain, genesis, block) values ($1, $2, -1)
         on conflict (chain) do update set genesis = excluded.genesis, block = -1`,
        [chain, genesis],
      )
    })
    return -1
  }
  /** The ranges are read from the node first, outside the transaction: it holds the database only to write. */
  const stepSolana = async (chain: string, url: string): Promise<void> => {
    const [slot, genesis] = await Promise.all([
      callNode<number>(url, 'getSlot', [{ commitment: 'finalized' }]),
      callNode<string>(url, 'getGenesisHash'),
    ])
    // The slot under way may still be filling: everything before it is final.
    const head = slot - 1
    let cursor = await cursorOf(chain, genesis)
    // A new chain: from the node's first block (a cluster's slots do not start at 0).
    if (cursor < 0) cursor = (await callNode<number>(url, 'getFirstAvailableBlock')) - 1
    while (cursor < head && !stopped) {
      const to = Math.min(head, cursor + MAX_SOLANA_RANGE)
      const range = await readSolanaRange(url, cursor + 1, to)
      await db.transaction(async (query) => {
        await writeSolanaRange(query, chain, range)
        await query('update chain_cursors set block = greatest(block, $2) where chain = $1', [chain, to])
      })
      cursor = to
    }
    heights.set(chain, cursor)
  }
  const step = async (chain: string, url: string): Promise<void> => {
    if (chain.startsWith('solana:')) return stepSolana(chain, url)
    const [head, genesis] = await Promise.all([
      callNode<string>(url, 'eth_blockNumber').then(Number),
      callNode<{ hash: string }>(url, 'eth_getBlockByNumber', ['0x0', false]).then((block) => block.hash),
    ])
    let cursor = await cursorOf(chain, genesis)
    while (cursor < head && !stopped) {
      const to = Math.min(head, cursor + MAX_RANGE)
      // The node's half first, outside the transaction: the database is held only for the writes.
      const range = await readEvmRange({ query: db.query, chain, url, from: cursor + 1, to })
      await db.transaction(async (query) => {
        await writeEvmRange(query, chain, range)
        // Another replica may have gone further meanwhile: the cursor never moves back.
        await query('update chain_cursors set block = greatest(block, $2) where chain = $1', [chain, to])
      })
      cursor = to
    }
    heights.set(chain, cursor)
  }
  const settle = () => {
    for (const waiter of [...waiters]) {
      if ([...waiter.target].every(([chain, block]) => (heights.get(chain) ?? -1) >= block)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
  }
  const loop = async (chain: string, url: string) => {
    while (!stopped) {
      try {
        await step(chain, url)
        settle()
      } catch (error) {
        console.error(`indexer ${chain}: ${error instanceof Error ? error.message : String(error)}`)
      }
      await new Promise((r) => setTimeout(r, pollMs))
    }
  }
  /** Resolved when a metadata pass that started after the call has ended, per chain. */
  const passWaiters = new Map<string, (() => void)[]>()
  const nextMetadataPass = (chain: string) =>
    new Promise<void>((resolve) => passWaiters.set(chain, [...(passWaiters.get(chain) ?? []), resolve]))
  // NFT metadata is fetched in a loop of its own: a slow tokenURI never holds the blocks' indexing.
  const metadataLoop = async (chain: string, url: string) => {
    while (!stopped) {
      const waiting = passWaiters.get(chain) ?? []
      passWaiters.set(chain, [])
      try {
        await backfillNftMetadata(db, chain, url, metadataTries)
      } catch (error) {
        console.error(`nft metadata ${chain}: ${error instanceof Error ? error.message : String(error)}`)
      }
      for (const resolve of waiting) resolve()
      await new Promise((r) => setTimeout(r, pollMs))
    }
    for (const resolve of passWaiters.get(chain) ?? []) resolve()
  }
  const evmChains = chains.filter(([chain]) => chain.startsWith('eip155:'))
  const loops = [
    ...chains.map(([chain, url]) => loop(chain, url)),
    ...evmChains.map(([chain, url]) => metadataLoop(chain, url)),
  ]
  return {
    async caughtUp() {
      const target = new Map<string, number>()
      for (const [chain, url] of chains) {
        const head = chain.startsWith('solana:')
          ? (await callNode<number>(url, 'getSlot', [{ commitment: 'finalized' }])) - 1
          : Number(await callNode<string>(url, 'eth_blockNumber'))
        target.set(chain, head)
      }
      await new Promise<void>((resolve) => {
        waiters.push({ target, resolve })
        settle()
      })
      // And the NFTs met so far have had a metadata fetch.
      await Promise.all(evmChains.map(([chain]) => nextMetadataPass(chain)))
    },
    async stop() {
      stopped = true
      await Promise.all(loops)
    },
  }
}
