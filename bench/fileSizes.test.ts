import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addSizes, builtPage, sizesOf } from './fileSizes.ts'

describe('sizesOf', () => {
  it('compresses repetitive text well below its raw size, brotli at least as well as gzip', () => {
    const text = Buffer.from('export const x = 1;\n'.repeat(500))
    const sizes = sizesOf(text)
    expect(gunzipSync(gzipSync(text)).equals(text)).toBe(true)
    expect(sizes.raw).toBe(10_000)
    expect(sizes.gzip).toBeLessThan(200)
    expect(sizes.brotli).toBeLessThanOrEqual(sizes.gzip)
  })

  it('adds sizes up', () => {
    expect(
      addSizes([
        { raw: 1, gzip: 2, brotli: 3 },
        { raw: 10, gzip: 20, brotli: 30 },
      ]),
    ).toEqual({ raw: 11, gzip: 22, brotli: 33 })
  })
})

describe('builtPage', () => {
  let dist = ''
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bench-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(
      join(dist, 'index.html'),
      `<script type="module" crossorigin src="/assets/index-a.js"></script>
       <link rel="modulepreload" crossorigin href="/assets/react-b.js">
       <link rel="stylesheet" crossorigin href="/assets/index-c.css">`,
    )
    await writeFile(join(dist, 'bare.html'), '<script type="module" src="/assets/bare-d.js"></script>')
    for (const file of [
      'index-a.js',
      'react-b.js',
      'index-c.css',
      'bare-d.js',
      'Swap-e.js',
      'Swap-e.js.map',
    ]) {
      await writeFile(join(dist, 'assets', file), `/* ${file} */`)
    }
  })
  afterAll(() => rm(dist, { recursive: true, force: true }))

  it('splits the initial files listed in the HTML from the lazy chunks', async () => {
    const page = await builtPage(dist, 'index.html', ['bare.html'])
    expect(page.initialJs.map((f) => f.file)).toEqual(['index-a.js', 'react-b.js'])
    expect(page.initialCss.map((f) => f.file)).toEqual(['index-c.css'])
    expect(page.lazyJs.map((f) => f.file)).toEqual(['Swap-e.js'])
    expect(page.lazyJs[0]!.raw).toBe('/* Swap-e.js */'.length)
  })
})
