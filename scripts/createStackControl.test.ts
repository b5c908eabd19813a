import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { createStackControl } from './createStackControl.ts'

it('runs a named action on POST and answers when it is done; anything else is a 404', async () => {
  const done: string[] = []
  const server = createStackControl({
    'relay/restart': async () => void done.push('relay'),
    'postgres/stop': async () => {
      throw new Error('pg_ctl failed')
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    expect((await fetch(`${base}/relay/restart`, { method: 'POST' })).status).toBe(200)
    expect(done).toEqual(['relay'])
    const failed = await fetch(`${base}/postgres/stop`, { method: 'POST' })
    expect([failed.status, await failed.text()]).toEqual([500, 'pg_ctl failed\n'])
    expect((await fetch(`${base}/relay/restart`)).status).toBe(404)
    expect((await fetch(`${base}/toString`, { method: 'POST' })).status).toBe(404)
  } finally {
    server.close()
  }
})
