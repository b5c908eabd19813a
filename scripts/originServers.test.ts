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

  it("has the browser preload the project's configuration with the modal page, for a well-formed id only", async () => {
    const { apiOrigin } = readConfig({})
    const page = await fetch(`${base}/?projectId=demo&origin=${encodeURIComponent('http://shop.test')}`)
    expect(page.headers.get('link')).toBe(
      `<${apiOrigin}/v1/projects/demo/config>; rel=preload; as=fetch; crossorigin`,
    )
    for (const projectId of ['', 'a>b', 'a%0d%0aX-Injected:%201', 'x'.repeat(129)]) {
      const refused = await fetch(`${base}/?projectId=${projectId}`)
      expect(refused.headers.get('link')).toBeNull()
      expect(refused.headers.get('x-injected')).toBeNull()
    }
    // Not on the modal's other files.
    expect((await fetch(`${base}/appkit.js?projectId=demo`)).headers.get('link')).toBeNull()
  })

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
