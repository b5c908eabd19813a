import { createProjectKeyCheck } from './createProjectKeyCheck.ts'
import { startRelay } from './startRelay.ts'

// RELAY_PROJECTS_URL: the API whose projects are the relay's project keys (unset: any key).
// RELAY_WALLET_KEYS: the keys of wallet apps (a wallet has its own WalletConnect project), comma-separated.
const projectsUrl = process.env.RELAY_PROJECTS_URL
const walletKeys = new Set((process.env.RELAY_WALLET_KEYS ?? '').split(',').filter(Boolean))
const isApiProject = projectsUrl ? createProjectKeyCheck(projectsUrl) : undefined
const relay = await startRelay({
  host: process.env.RELAY_HOST ?? '127.0.0.1',
  port: Number(process.env.RELAY_PORT ?? 8789),
  isProjectKey: isApiProject && (async (key) => walletKeys.has(key) || isApiProject(key)),
})
console.log(`WalletConnect relay listening on ${relay.url}`)

const shutdown = () => void relay.close().finally(() => process.exit(0))
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
