import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'
import { createModalSite } from './originServers.ts'

describe('createModalSite', () => {
  let base = ''
  let server: Server
  beforeAll(async () => {
    server = createModalSite(readConfig({}))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('answers a loader core that is not in this build with 404, and keeps serving', async () => {
    // Any hash matches the core's route: a missing file must not reach the file stream.
    for (const path of [
      '/appkit-core-AAAAAAAA.js',
      '/appkit-core-AAAAAAAA.js.map',
      '/appkit-core-BBBBBBBB.js',
    ]) {
      expect((await fetch(`${base}${path}`)).status).toBe(404)
    }
  })
})
