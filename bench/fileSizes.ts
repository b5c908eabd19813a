import { readdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Sizes = { raw: number; gzip: number; brotli: number }
export type FileSizes = Sizes & { file: string }

/**
 * Raw, gzip and brotli sizes, compressed here at the levels a CDN uses for static files (gzip 9,
 * brotli 11): the bench serves everything uncompressed, so transfer sizes are computed, not observed.
 */
export function sizesOf(bytes: Uint8Array): Sizes {
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  }
}

export function addSizes(files: readonly Sizes[]): Sizes {
  return files.reduce(
    (sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  )
}

export async function fileSizes(path: string): Promise<FileSizes> {
  return { file: basename(path), ...sizesOf(await readFile(path)) }
}

export type BuiltPage = { initialJs: FileSizes[]; initialCss: FileSizes[]; lazyJs: FileSizes[] }

/**
 * What a Vite build's page loads first (its scripts, module preloads and stylesheets, as listed in its
 * HTML) and which chunks come only on demand (every other `.js` under `assets/`). `others` are the
 * build's other pages, whose initial files are not this page's lazy chunks.
 */
export async function builtPage(dist: string, page: string, others: string[] = []): Promise<BuiltPage> {
  const referenced = async (html: string, pattern: RegExp) =>
    [...(await readFile(join(dist, html), 'utf8')).matchAll(pattern)].map((m) => m[1]!.replace(/^\//, ''))
  const scripts = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g
  const styles = /<link[^>]*rel="stylesheet"[^>]*\shref="([^"]+\.css)"/g
  const initialJs = await referenced(page, scripts)
  const initialCss = await referenced(page, styles)
  const elsewhere = new Set((await Promise.all(others.map((other) => referenced(other, scripts)))).flat())
  const lazy = (await readdir(join(dist, 'assets')))
    .sort()
    .map((file) => `assets/${file}`)
    .filter((file) => file.endsWith('.js') && !initialJs.includes(file) && !elsewhere.has(file))
  const sizes = (files: string[]) => Promise.all(files.map((file) => fileSizes(join(dist, file))))
  return { initialJs: await sizes(initialJs), initialCss: await sizes(initialCss), lazyJs: await sizes(lazy) }
}
