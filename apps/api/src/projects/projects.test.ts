import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { createProject, getProject } from './projects.ts'

let db: Db
beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
}, 30_000)
afterAll(() => db.close())

const create = (allowedOrigins: string[], production = true) =>
  createProject(db, { name: 'Shop', allowedOrigins }, { production })

describe('allowed origins of a project', () => {
  it.each(['https://*.com', '*.co.uk', 'https://*.github.io', 'https://*.vercel.app', 'https://*.test'])(
    'refuses a wildcard on the public suffix %s',
    async (origin) => {
      await expect(create(['https://shop.example', origin])).rejects.toMatchObject({
        status: 400,
        code: 'validation_error',
        message: `a wildcard on a public suffix: ${origin}`,
        field: 'allowedOrigins.1',
      })
    },
  )
  it('accepts a wildcard under a registrable domain', async () => {
    const project = await create(['https://*.shop.co.uk', 'https://*.me.github.io', 'https://*.shop.example'])
    expect((await getProject(db, project.projectId))?.allowedOrigins).toHaveLength(3)
  })
  it('refuses http: in production, except loopback; allows it in development', async () => {
    await expect(create(['http://shop.example'])).rejects.toMatchObject({
      message: 'http is refused in production: http://shop.example',
      field: 'allowedOrigins.0',
    })
    await expect(create(['http://*.shop.example'])).rejects.toMatchObject({ status: 400 })
    expect((await create(['http://localhost:5173', 'http://127.0.0.1:5173'])).allowedOrigins).toHaveLength(2)
    expect((await create(['http://shop.example'], false)).allowedOrigins).toEqual(['http://shop.example'])
  })
})
