import { GENESIS_HASH, LOCAL_SOLANA_CAIP2 } from './genesisHash.ts'
import { startSolanaRpc } from './startSolanaRpc.ts'
import { testKeypairs } from './testKeypairs.ts'

// Started by `npm start` (scripts/start.ts) or alone: `tsx apps/local-solana/src/main.ts`.
const { httpUrl, wsUrl, close } = await startSolanaRpc({
  host: process.env.SOLANA_HOST ?? '127.0.0.1',
  port: Number(process.env.SOLANA_PORT ?? 8899),
  corsOrigins: (process.env.SOLANA_CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
  seedTokens: true,
})
console.log(
  `local Solana (litesvm) ${httpUrl} ws ${wsUrl}, genesis ${GENESIS_HASH} (${LOCAL_SOLANA_CAIP2}), ${testKeypairs.length} test accounts with 1000 SOL`,
)
const stop = () => void close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
