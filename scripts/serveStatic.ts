import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export type Route = (
  req: IncomingMessage,
  url: URL,
) => Promise<RouteResult | undefined> | RouteResult | undefined
export type RouteResult = {
  file: string
  headers?: Record<string, string>
  transform?: (html: string) => string
}

export type StaticSiteParameters = {
  root: string
  /** Headers on every reply (CSP and friends). */
  headers?: (req: IncomingMessage, url: URL) => Promise<Record<string, string>> | Record<string, string>
  /** Special paths first (a template, a file from another folder); then files under root. */
  routes?: Route[]
  /** Rewrites HTML files before they are sent (runtime configuration). */
  transformHtml?: (html: string, url: URL) => string
}

/** Resolves a URL path inside root, or `undefined` when it would escape it. */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const path = normalize(join(root, decoded))
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : undefined
}

async function send(
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  transform?: (html: string) => string,
) {
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  if (type.startsWith('text/html') && transform) {
    const html = transform(await readFile(file, 'utf8'))
    res.writeHead(200, { ...headers, 'content-type': type, 'cache-control': 'no-cache' })
    res.end(html)
    return
  }
  const hashed = /-[A-Za-z0-9_-]{8}\.(js|css)$/.test(file)
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  createReadStream(file).pipe(res)
}

/** A small static file server with per-site headers: what a CDN with an edge function would do. */
export function createStaticSite({
  root,
  headers,
  routes = [],
  transformHtml,
}: StaticSiteParameters): Server {
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://static.invalid')
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end()
        return
      }
      const base = { 'x-content-type-options': 'nosniff', ...(await headers?.(req, url)) }
      for (const route of routes) {
        const hit = await route(req, url)
        if (hit) {
          await send(
            res,
            hit.file,
            { ...base, ...hit.headers },
            hit.transform ?? ((html) => transformHtml?.(html, url) ?? html),
          )
          return
        }
      }
      let path = resolveInside(root, url.pathname)
      if (path && (await stat(path).catch(() => undefined))?.isDirectory()) path = join(path, 'index.html')
      const info = path ? await stat(path).catch(() => undefined) : undefined
      if (!path || !info?.isFile()) {
        res.writeHead(404, { ...base, 'content-type': 'text/plain' }).end('Not found')
        return
      }
      await send(res, path, base, transformHtml ? (html) => transformHtml(html, url) : undefined)
    } catch (error) {
      console.error('static server error', error)
      if (!res.headersSent) res.writeHead(500).end()
    }
  })
}
