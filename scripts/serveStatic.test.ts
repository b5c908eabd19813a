import { mkdtemp, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticSite, resolveInside } from './serveStatic.ts'

describe('resolveInside', () => {
  it('keeps paths inside the root', () => {
    expect(resolveInside('/srv/site', '/index.html')).toBe('/srv/site/index.html')
    expect(resolveInside('/srv/site', '/a/../b.js')).toBe('/srv/site/b.js')
  })
  it('refuses paths that escape it, encoded or not', () => {
    expect(resolveInside('/srv/site', '/../etc/passwd')).toBeUndefined()
    expect(resolveInside('/srv/site', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined()
    expect(resolveInside('/srv/site', '/..%2fsecret')).toBeUndefined()
    expect(resolveInside('/srv/site', '/%00')).toBeUndefined()
    expect(resolveInside('/srv/site', '/%E0%A4%A')).toBeUndefined()
  })
})

describe('createStaticSite', () => {
  let base = ''
  let server: Server
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'static-'))
    await writeFile(join(root, 'index.html'), '<head><!--ENV--></head>')
    await writeFile(join(root, 'app-AbCdEf12.js'), 'console.log(1)')
    server = createStaticSite({
      root,
      headers: () => ({ 'x-site': 'test' }),
      transformHtml: (html) => html.replace('<!--ENV-->', '<meta name="env">'),
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('serves index.html transformed, with the site headers and no caching', async () => {
    const res = await fetch(`${base}/`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('<head><meta name="env"></head>')
    expect(res.headers.get('x-site')).toBe('test')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })
  it('caches content-hashed assets for a year', async () => {
    const res = await fetch(`${base}/app-AbCdEf12.js`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })
  it('answers 404 for missing files and traversal, 405 for other methods', async () => {
    expect((await fetch(`${base}/nope.js`)).status).toBe(404)
    expect((await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404)
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405)
  })
})
