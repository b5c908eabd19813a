import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { seededPgliteDir } from '../test/openTestDb.ts'
import { readSocialClient } from './auth/socialClients.ts'
import { openDb } from './db/openDb.ts'
import { runProjectCli } from './projects/runProjectCli.ts'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../..')

/**
 * The same command in this process (a new process costs seconds of TypeScript start): what it prints
 * on stdout and stderr, and its exit code; a non-zero code is thrown, as execFile does.
 */
async function cli(dir: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const printed = { stdout: '', stderr: '' }
  const code = await runProjectCli(
    args,
    { PGLITE_DIR: dir },
    {
      log: (line) => {
        printed.stdout += `${line}\n`
      },
      error: (line) => {
        printed.stderr += `${line}\n`
      },
    },
  )
  if (code !== 0) throw Object.assign(new Error(`exit ${code}`), { code, ...printed })
  return printed
}

/** Exactly as the quick start in docs/embedding.md types it: `npm run project -- create …` from the repo root. */
const npmRunProject = (dir: string, ...args: string[]) =>
  run('npm', ['run', 'project', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' },
  })

describe('the project CLI', () => {
  it('creates and lists through `npm run project -- create …` (no "project" noun), as docs/embedding.md says', async () => {
    const dir = await seededPgliteDir()
    const created = await npmRunProject(
      dir,
      'create',
      '--name',
      'My site',
      '--origins',
      'https://my-site.test',
      '--id',
      'my-site',
    )
    expect(JSON.parse(created.stdout.slice(created.stdout.indexOf('{')))).toEqual({
      projectId: 'my-site',
      name: 'My site',
      allowedOrigins: ['https://my-site.test'],
      features: {},
    })
    // The listing in this process: the npm script's wiring is what the create above proves.
    const listed = await cli(dir, 'list')
    expect(listed.stdout).toContain('id\tname\tallowed origins\nmy-site\tMy site\thttps://my-site.test\n')
  }, 60_000)

  it("sets a project's own OAuth client per provider, never printing the secret, and refuses an incomplete one", async () => {
    const dir = await seededPgliteDir()
    await cli(dir, 'create', '--name', 'Shop', '--origins', 'https://shop.test', '--id', 'shop')
    const set = await cli(
      dir,
      'social',
      '--id',
      'shop',
      '--provider',
      'github',
      '--client-id',
      'Iv1.abc',
      '--client-secret',
      'gh-secret-123',
    )
    expect(set.stdout).toBe('shop: github client Iv1.abc set\n')
    const apple = await cli(
      dir,
      'social',
      '--id',
      'shop',
      '--provider',
      'apple',
      '--client-id',
      'com.shop',
    ).catch((e: { code: number; stderr: string }) => e)
    expect(apple).toMatchObject({ code: 1, stderr: 'error: apple needs teamId, keyId, privateKey\n' })
    const unknown = await cli(dir, 'social', '--id', 'shop', '--provider', 'myspace').catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error: provider: one of google'),
    })
    const db = await openDb({ pgliteDir: dir })
    try {
      // The project's client wins over the deployment's SOCIAL_PROVIDERS entry.
      const fallback = { github: { clientId: 'env', clientSecret: 'env-secret' } }
      expect(await readSocialClient(db, fallback, 'shop', 'github')).toEqual({
        clientId: 'Iv1.abc',
        clientSecret: 'gh-secret-123',
      })
      expect(await readSocialClient(db, fallback, 'other', 'github')).toEqual(fallback.github)
    } finally {
      await db.close()
    }
  }, 90_000)

  it('prints the help and exits 1 for an unknown command', async () => {
    const dir = await seededPgliteDir()
    const error = await cli(dir, 'delete').catch((e: { code: number; stdout: string }) => e)
    expect(error).toMatchObject({ code: 1, stdout: expect.stringContaining('npm run project -- create') })
  }, 60_000)

  it('creates and lists projects', async () => {
    const dir = await seededPgliteDir()
    const created = await cli(
      dir,
      'project',
      'create',
      '--name',
      'Shop',
      '--origins',
      'https://shop.test,https://*.shop.test',
      '--id',
      'shop',
    )
    expect(JSON.parse(created.stdout)).toEqual({
      projectId: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.test', 'https://*.shop.test'],
      features: {},
    })
    const listed = await cli(dir, 'project', 'list')
    expect(listed.stdout).toBe(
      'id\tname\tallowed origins\nshop\tShop\thttps://shop.test,https://*.shop.test\n',
    )
  }, 60_000)

  it('refuses an origin that is not a pattern, with one clear line', async () => {
    const dir = await seededPgliteDir()
    const error = await cli(
      dir,
      'project',
      'create',
      '--name',
      'X',
      '--origins',
      'https://ok.test,not a url/x',
    ).catch((e: { code: number; stderr: string }) => e)
    expect(error).toMatchObject({
      code: 1,
      stderr: 'error: allowedOrigins.1: not an origin pattern: not a url/x\n',
    })
  }, 60_000)
})
