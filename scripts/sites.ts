import { portOf, readConfig } from './config.ts'
import { createAuthSite, createDemoSite, createModalSite } from './originServers.ts'

/**
 * Only the three static origins (demo, modal + loader, secure frame), for deployments where the API,
 * the database and the chains run elsewhere (docker-compose.yml). `npm start` runs the same servers.
 */
const config = readConfig()
const sites = [
  [createDemoSite(config), config.demoOrigin],
  [createModalSite(config), config.modalOrigin],
  [createAuthSite(config), config.authOrigin],
] as const
for (const [server, origin] of sites) {
  server.listen(portOf(origin), config.bindHost, () =>
    console.log(`serving ${origin} on ${config.bindHost}:${portOf(origin)}`),
  )
}
const stop = () => {
  for (const [server] of sites) server.close()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
