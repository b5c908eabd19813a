import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import { expect } from '@playwright/test'
import { WebDriverSession } from './webDriver.ts'

/** Debian's WebKitGTK WebDriver (`apt-get install webkit2gtk-driver`; `npm test` installs it when missing). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'

/** WebKitGTK's MiniBrowser, which the driver runs: libwebkit2gtk-4.1's own, wherever the arch puts it. */
export function miniBrowser(): string {
  const files = execFileSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }).split('\n')
  const found = files.find((file) => file.endsWith('/MiniBrowser'))
  if (!found) throw new Error('libwebkit2gtk-4.1-0 has no MiniBrowser: apt-get install webkit2gtk-driver')
  return found
}

/** The hosts the lane's browser may reach: the stack's `*.test` sites and loopback, nothing else. */
const onLoopback = (host: string) => host.endsWith('.test') || host === '127.0.0.1' || host === 'localhost'

/**
 * The browser's HTTP proxy: every `*.test` name goes to 127.0.0.1 on the port asked for, as
 * Chromium's host-resolver rules and Firefox's local-domains preference do in the other lanes.
 * WebKitGTK has neither; a proxy is a W3C capability, so no file of the machine (/etc/hosts) is
 * touched. Plain requests are forwarded, WebSockets and any CONNECT are tunnelled; any other host
 * is refused, so the lane never calls out.
 */
async function loopbackProxy(): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/')
    if (!onLoopback(url.hostname)) {
      res.writeHead(502).end()
      return
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  const tunnel = (target: string, client: net.Socket, head: Buffer, preface: string) => {
    const url = new URL(target.includes('://') ? target : `http://${target}`)
    if (!onLoopback(url.hostname)) return client.destroy()
    const upstream = net.connect(Number(url.port || 80), '127.0.0.1', () => {
      if (preface) upstream.write(preface)
      else client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  }
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) =>
    tunnel(req.url ?? '', client, head, ''),
  )
  // A WebSocket asked of the proxy in the clear: its upgrade request, re-sent to the site as is.
  proxy.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/')
    const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`]
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
    tunnel(req.url ?? '', client, head, `${lines.join('\r\n')}\r\n\r\n`)
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  return proxy
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = portOf(server)
  server.close()
  return port
}

const SCREEN = { width: 1280, height: 1024 }

/**
 * Gives the session's current window the keyboard focus, as a desktop's window manager gives it to a
 * window that opens (the approval window arms only in a focused window). The lane's display has no
 * window manager: X focus follows the pointer, which Xvfb rests at the screen's centre, so the window
 * is moved over that spot. The demo site's window covers it from the start.
 */
export async function focusWindow(session: WebDriverSession): Promise<void> {
  const { width, height } = await session.windowRect()
  const centred = {
    x: Math.max(0, Math.round(SCREEN.width / 2 - width / 2)),
    y: Math.max(0, Math.round(SCREEN.height / 2 - height / 2)),
  }
  await session.setWindowRect(centred)
  // A window mapped under the resting pointer is not always entered by it (no pointer motion, no
  // EnterNotify): until the document has the focus, it is moved off the pointer and back.
  await expect
    .poll(
      async () => {
        if (await session.execute<boolean>('return document.hasFocus()')) return true
        await session.setWindowRect({ x: 0, y: 0 })
        await session.setWindowRect(centred)
        return false
      },
      { timeout: 10_000, message: 'the focus in the new window' },
    )
    .toBe(true)
}

/**
 * Sizes the current window so that its page's viewport is `size`: MiniBrowser's toolbar and borders
 * take the rest of the window, measured from the window as it is.
 */
export async function setViewport(
  session: WebDriverSession,
  size: { width: number; height: number },
): Promise<void> {
  const inner = () =>
    session.execute<{ width: number; height: number }>('return { width: innerWidth, height: innerHeight }')
  const rect = await session.windowRect()
  const now = await inner()
  await session.setWindowRect({
    width: rect.width - now.width + size.width,
    height: rect.height - now.height + size.height,
  })
  await expect.poll(inner, { message: 'the viewport at its new size' }).toEqual(size)
}

/** An X display of its own for the browser (Xvfb picks a free one and says which on a pipe). */
async function virtualDisplay(): Promise<{ xvfb: ChildProcess; display: string }> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const [chunk] = (await once(xvfb.stdio[3]!, 'data')) as [Buffer]
  return { xvfb, display: `:${chunk.toString().trim()}` }
}

/** Polls `url` until something answers there. */
async function reachable(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    try {
      await fetch(url)
      return
    } catch (error) {
      if (Date.now() > end) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

export type WebKit = { session: WebDriverSession; close(): Promise<void> }

/**
 * WebKitGTK (MiniBrowser) on a virtual display, driven by WebKitWebDriver over W3C WebDriver.
 * `SecureContextChecks` off: the local stack is http throughout as production is https throughout,
 * and WebKit has no per-origin switch (Chromium's --unsafely-treat-insecure-origin-as-secure,
 * Firefox's dom.securecontext.allowlist); without it WebCrypto and the secure frame's keys are absent.
 */
export async function launchWebKit(): Promise<WebKit> {
  const proxy = await loopbackProxy()
  const { xvfb, display } = await virtualDisplay()
  const port = await freePort()
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  })
  const stop = async () => {
    for (const child of [driver, xvfb]) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill()
        await once(child, 'exit')
      }
    }
    proxy.close()
  }
  try {
    const base = `http://127.0.0.1:${port}`
    await reachable(`${base}/status`, 10_000)
    const session = await WebDriverSession.create(base, {
      browserName: 'MiniBrowser',
      proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${portOf(proxy)}` },
      'webkitgtk:browserOptions': {
        binary: miniBrowser(),
        args: ['--automation', '--features=-SecureContextChecks'],
      },
    })
    return {
      session,
      close: async () => {
        await session.end().catch(() => {})
        await stop()
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}
