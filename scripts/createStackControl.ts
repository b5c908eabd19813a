import { createServer, type Server } from 'node:http'

/**
 * The production-shape test stack's fault switch, on loopback only: `POST /<action>` runs that action
 * (kill a replica, restart the database, …) and answers 200 once it is done, or 500 with its error.
 * `start.ts` offers it only with MODALKIT_TEST_STACK=true: a real deployment has no such door.
 */
export function createStackControl(actions: Readonly<Record<string, () => Promise<void>>>): Server {
  return createServer((req, res) => {
    const name = (req.url ?? '/').slice(1)
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined
    if (req.method !== 'POST' || !action) {
      res.statusCode = 404
      return void res.end(`actions: ${Object.keys(actions).join(', ')}\n`)
    }
    action().then(
      () => {
        res.statusCode = 200
        res.end('done\n')
      },
      (error: unknown) => {
        res.statusCode = 500
        res.end(`${error instanceof Error ? error.message : String(error)}\n`)
      },
    )
  })
}
