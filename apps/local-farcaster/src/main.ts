import { readFileSync } from 'node:fs'
import { startFarcasterRelay } from './startFarcasterRelay.ts'

/**
 * The test stack (MODALKIT_TEST_STACK=true) may shift this relay's clock with the API's
 * `AUTH_CLOCK_OFFSET_FILE`, so an e2e test can let a channel expire without waiting.
 */
const clockFile = process.env.MODALKIT_TEST_STACK === 'true' ? process.env.AUTH_CLOCK_OFFSET_FILE : undefined
const now = () => {
  if (!clockFile) return Date.now()
  try {
    return Date.now() + Math.max(0, Number.parseInt(readFileSync(clockFile, 'utf8'), 10) || 0)
  } catch {
    return Date.now()
  }
}

const authKey = process.env.FARCASTER_RELAY_AUTH_KEY
if (!authKey) throw new Error('FARCASTER_RELAY_AUTH_KEY is required')
const relay = await startFarcasterRelay({
  host: process.env.FARCASTER_RELAY_HOST ?? '127.0.0.1',
  port: Number(process.env.FARCASTER_RELAY_PORT ?? 8796),
  authKey,
  now,
})
console.log(`Farcaster auth relay listening on ${relay.origin}`)

const shutdown = () => void relay.close().finally(() => process.exit(0))
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
