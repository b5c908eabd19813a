import { startRelay } from './startRelay.ts'

const relay = await startRelay({
  host: process.env.RELAY_HOST ?? '127.0.0.1',
  port: Number(process.env.RELAY_PORT ?? 8789),
})
console.log(`WalletConnect relay listening on ${relay.url}`)

const shutdown = () => void relay.close().finally(() => process.exit(0))
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
