import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Frame, type Page, type Request } from '@playwright/test'
import { type Sizes, sizesOf } from './fileSizes.ts'
import { firstTimeWhen, type Sample } from './firstTimeWhen.ts'

/** A page to measure: ours (the demo site with the loader) or a comparison's (AppKit, RainbowKit, Privy on React). */
export type Product = {
  name: string
  url: string
  /** The same page without the modal: the baseline for "navigation to a clickable button". */
  bareUrl: string
  /** The page with the click queue's line before its script tag (ours: queued.html). */
  queuedUrl?: string
  button: string
  /** A window property that exists once the button's handler can work (the loader's `appkit`). */
  readyGlobal?: string
  /** An element that exists once the button's handler can work (Privy's button, enabled when ready). */
  readySelector?: string
  /** The first view's marker; found through iframes and open shadow roots. */
  marker: string
  /**
   * Why its modal cannot open here (Privy offline). A run whose button is still not usable once the
   * page is quiet then measures without a click: bytes, load and heap, the click's figures null.
   */
  clickUnavailable?: string
}

/**
 * warm: the page preloads as it ships; cold: no idle callbacks, so an iframe loads on the click;
 * bare: the page without the modal; queued: the page with the click queue, measured to clickable.
 */
export type Scenario = 'warm' | 'cold' | 'bare' | 'queued'

export type MeasureRunParameters = {
  product: Product
  scenario: Scenario
  /** Chrome DevTools CPU throttling: 1 = none, 4 = four times slower, in every frame's process. */
  cpuRate: number
  browserArgs: string[]
  roundTrips?: { count: number; nodeUrl: string }
  /** Keep the scripts fetched before the click (sized after the run: compressing blocks Node). */
  scripts?: boolean
  /** Write a Chrome trace (every process) of the click, from just before it to the view's paint. */
  tracePath?: string | undefined
}

export type ScriptBytes = Sizes & { url: string; frame: 'host' | 'iframe' }
export type RoundTrips = {
  chainId: number[] | null
  blockNumber: number[] | null
  blockNumberDirect: number[]
}

export type RunResult = {
  /** Navigation start to the connect button on screen with its handler ready. */
  clickableMs: number | null
  /** Navigation start to the connect button on screen, usable or not (absent in older results). */
  buttonShownMs?: number | null
  /** How the button's paint was timed: Element Timing, or its first box where no entry came. */
  buttonTiming?: 'paint' | 'box' | null
  clickToVisibleMs: number | null
  clickToOpaqueMs: number | null
  longTaskLoadMs: number | null
  longTaskAfterClickMs: number | null
  heapHostBytes: number | null
  heapFrameBytes: number | null
  /** Every script fetched before the click, its sizes computed from the body. */
  scripts: ScriptBytes[]
  /** Child frames present before the click (a cold run must have none of the modal's). */
  framesBeforeClick: string[]
  roundTrips?: RoundTrips
}

export type ProbeReport = {
  href: string
  readyAt: number | null
  buttonAt: number | null
  buttonBoxAt: number | null
  buttonTiming: 'paint' | 'box' | null
  clickAt: number | null
  longTasks: { start: number; duration: number }[]
  marker: Sample[]
  frames: Record<string, Sample[]>
}

const probeSource = readFile(new URL('./probe.js', import.meta.url), 'utf8')

/** What `probe.js` reads as `config`. */
export type ProbeConfig = {
  button: string
  readyGlobal?: string | undefined
  readySelector?: string | undefined
  marker: string
  suppressIdle: boolean
}

/** The probe as an init script for every frame, with its config. */
export async function probeInitScript(config: ProbeConfig): Promise<string> {
  return `{\nconst config = ${JSON.stringify(config)}\n${await probeSource}\n}`
}
const QUIET_MS = 1_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One run in a fresh browser profile: navigation to a clickable button, the page left quiet for a
 * second, a click, then click → first view visible and opaque (rAF probes in every frame), host
 * long tasks, heap after a forced GC, and the scripts fetched before the click.
 */
export async function measureRun({
  product,
  scenario,
  cpuRate,
  browserArgs,
  roundTrips,
  scripts = false,
  tracePath,
}: MeasureRunParameters): Promise<RunResult> {
  const profile = await mkdtemp(join(tmpdir(), 'modalkit-bench-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: browserArgs,
    viewport: { width: 1280, height: 800 },
  })
  try {
    const config: ProbeConfig = {
      button: product.button,
      // The page without the modal has no loader to wait for: its button works once painted.
      readyGlobal: scenario === 'bare' ? undefined : product.readyGlobal,
      readySelector: scenario === 'bare' ? undefined : product.readySelector,
      marker: product.marker,
      suppressIdle: scenario === 'cold',
    }
    await context.addInitScript({ content: await probeInitScript(config) })
    const page = context.pages()[0] ?? (await context.newPage())
    if (cpuRate > 1) await throttle(context, page, cpuRate)
    const network = watchNetwork(context, page, scripts)

    const url = { bare: product.bareUrl, queued: product.queuedUrl, warm: product.url, cold: product.url }[
      scenario
    ]
    if (url === undefined) throw new Error(`${product.name} has no page for ${scenario}`)
    await page.goto(url, {
      waitUntil: 'load',
      timeout: 30_000 * cpuRate,
    })
    // A product that cannot become usable here is waited for only until its button is painted.
    const mayStayUnusable = scenario !== 'bare' && product.clickUnavailable !== undefined
    const enough = (r: ProbeReport) => r.buttonAt !== null && (r.readyAt !== null || mayStayUnusable)
    let host = await clickable(page, 15_000 * cpuRate, enough)
    if (scenario === 'warm' || scenario === 'cold') {
      await network.quiet()
      host = await clickable(page, 15_000 * cpuRate, enough)
    }
    const clickableMs =
      host.buttonAt === null || host.readyAt === null ? null : Math.max(host.buttonAt, host.readyAt)
    const result: RunResult = {
      clickableMs,
      buttonShownMs: host.buttonAt,
      buttonTiming: host.buttonTiming,
      clickToVisibleMs: null,
      clickToOpaqueMs: null,
      longTaskLoadMs: null,
      longTaskAfterClickMs: null,
      heapHostBytes: null,
      heapFrameBytes: null,
      scripts: [],
      framesBeforeClick: page
        .frames()
        .slice(1)
        .map((f) => f.url()),
    }
    if (scenario === 'bare' || scenario === 'queued') return result

    network.clicked()
    // Not usable once quiet (clickUnavailable): no click; the rest is measured on the loaded page.
    const click = clickableMs !== null || !mayStayUnusable
    let painted: Awaited<ReturnType<typeof paintTimes>> = {}
    const trace = tracePath ? await startTrace(context, page) : undefined
    if (click) {
      await page.click(product.button, { timeout: 10_000 })
      const deadline = Date.now() + 10_000 * cpuRate
      painted = await paintTimes(page)
      while (painted.opaque === undefined && Date.now() < deadline) {
        await sleep(50)
        painted = await paintTimes(page)
      }
    }
    await sleep(300) // long tasks are reported after they end
    if (trace && tracePath) await writeFile(tracePath, await trace.stop())
    const after = (await report(page.mainFrame()))!
    const clickAt = after.clickAt ?? Number.POSITIVE_INFINITY
    const longTasks = (from: number, to: number) =>
      after.longTasks.filter((t) => t.start >= from && t.start < to).reduce((sum, t) => sum + t.duration, 0)
    await Promise.all(
      page.frames().map((f) => f.evaluate('window.__bench && window.__bench.stop()').catch(() => {})),
    )

    result.clickToVisibleMs = painted.visible === undefined ? null : painted.visible - clickAt
    result.clickToOpaqueMs = painted.opaque === undefined ? null : painted.opaque - clickAt
    result.longTaskLoadMs = longTasks(0, clickAt)
    result.longTaskAfterClickMs = click ? longTasks(clickAt, Number.POSITIVE_INFINITY) : null
    result.heapHostBytes = await heapAfterGc(context, page)
    result.heapFrameBytes =
      painted.frame && painted.frame !== page.mainFrame() ? await heapAfterGc(context, painted.frame) : null
    if (roundTrips) {
      result.roundTrips = (await page.evaluate(
        `window.__bench.roundTrips(${JSON.stringify(roundTrips)})`,
      )) as RoundTrips
    }
    const bodies = await network.scripts()
    await context.close()
    result.scripts = bodies.map(({ body, ...script }) => ({ ...script, ...sizesOf(body) }))
    return result
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
}

/** The top frame's report once its button is clickable (or `enough`), or at the deadline. */
async function clickable(
  page: Page,
  timeoutMs: number,
  enough: (host: ProbeReport) => boolean,
): Promise<ProbeReport> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const host = await report(page.mainFrame())
    if (!host) throw new Error(`no probe in ${page.url()}`)
    if (enough(host) || Date.now() > deadline) return host
    await sleep(50)
  }
}

async function report(frame: Frame): Promise<ProbeReport | undefined> {
  try {
    return (await frame.evaluate('window.__bench && window.__bench.report()')) as ProbeReport | undefined
  } catch {
    return undefined // a frame that went away, or one the probe never ran in (an error page)
  }
}

/**
 * When the marker was first visible (> 0.01) and opaque (≥ 0.99) after the click: its opacity in its
 * frame times its frame element's in each parent, so a frame rendered but hidden does not count.
 */
async function paintTimes(page: Page): Promise<{ visible?: number; opaque?: number; frame?: Frame }> {
  const frames = page.frames()
  const reports = new Map<Frame, ProbeReport | undefined>(
    await Promise.all(
      frames.map(async (f): Promise<[Frame, ProbeReport | undefined]> => [f, await report(f)]),
    ),
  )
  const clickAt = reports.get(page.mainFrame())?.clickAt
  if (clickAt === null || clickAt === undefined) return {}
  for (const frame of frames) {
    const own = reports.get(frame)
    if (!own?.marker.some((s) => s.t >= clickAt && s.v > 0)) continue
    const timelines: Sample[][] = [own.marker]
    for (
      let child = frame, parent = frame.parentFrame();
      parent;
      child = parent, parent = parent.parentFrame()
    ) {
      timelines.push(reports.get(parent)?.frames[new URL(child.url()).origin] ?? [])
    }
    const visible = firstTimeWhen(timelines, clickAt, (v) => v > 0.01)
    const opaque = firstTimeWhen(timelines, clickAt, (v) => v >= 0.99)
    if (visible === undefined) continue
    return { frame, visible, ...(opaque === undefined ? {} : { opaque }) }
  }
  return {}
}

/**
 * Chrome's tracing through the page's DevTools session: tracing is browser-wide, so the trace holds
 * the host page's, the modal's and the browser's processes. `stop` returns the trace's JSON.
 */
async function startTrace(context: BrowserContext, page: Page): Promise<{ stop(): Promise<string> }> {
  const session = await context.newCDPSession(page)
  await session.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        'loading',
        'netlog',
        'toplevel',
        'v8',
        'v8.execute',
        'cc',
        'gpu',
        'viz',
        'navigation',
        'ipc',
        'mojom',
        // V8's sampling profiler, per process: DevTools shows each frame's JS call tree.
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  })
  return {
    async stop() {
      const complete = new Promise<string>((resolve) => {
        session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? ''))
      })
      await session.send('Tracing.end')
      const handle = await complete
      // Decoded once: a character split across two chunks stays whole.
      const chunks: Buffer[] = []
      for (;;) {
        const chunk = await session.send('IO.read', { handle })
        chunks.push(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'))
        if (chunk.eof) break
      }
      const text = Buffer.concat(chunks).toString('utf8')
      await session.send('IO.close', { handle })
      await session.detach()
      return text
    },
  }
}

/** CPU throttling is per renderer process: the page's, then each out-of-process iframe's on commit. */
async function throttle(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const session = await context.newCDPSession(page)
  await session.send('Emulation.setCPUThrottlingRate', { rate })
  const done = new Set<Frame>()
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() || done.has(frame)) return
    done.add(frame)
    context
      .newCDPSession(frame)
      .then((frameSession) => frameSession.send('Emulation.setCPUThrottlingRate', { rate }))
      .catch(() => {}) // an in-process frame shares the page's throttling
  })
}

async function heapAfterGc(context: BrowserContext, target: Page | Frame): Promise<number | null> {
  try {
    const session = await context.newCDPSession(target)
    await session.send('HeapProfiler.collectGarbage')
    const { usedSize } = await session.send('Runtime.getHeapUsage')
    await session.detach()
    return usedSize
  } catch {
    return null
  }
}

/** In-flight requests (for "quiet") and the scripts requested before the click, host or iframe. */
type ScriptBody = { url: string; frame: 'host' | 'iframe'; body: Buffer }

function watchNetwork(context: BrowserContext, page: Page, keepScripts: boolean) {
  let inflight = 0
  let lastActivity = Date.now()
  let clicked = false
  const beforeClick = new WeakSet<Request>()
  const scripts: Promise<ScriptBody | undefined>[] = []
  context.on('request', (request) => {
    inflight++
    if (!clicked) beforeClick.add(request)
  })
  // Offline, the comparison's remote calls fail at once (unresolvable names) and it retries some:
  // failures end a request but are not activity, or its page would never be quiet.
  context.on('requestfailed', () => {
    inflight--
  })
  context.on('requestfinished', (request) => {
    inflight--
    lastActivity = Date.now()
    if (!keepScripts || !beforeClick.has(request)) return
    scripts.push(
      (async () => {
        const response = await request.response()
        const type = response?.headers()['content-type'] ?? ''
        if (!response || (request.resourceType() !== 'script' && !type.includes('javascript')))
          return undefined
        let frame: 'host' | 'iframe' = 'host'
        try {
          frame = request.frame() === page.mainFrame() ? 'host' : 'iframe'
        } catch {
          // A worker's request: counted with the host page.
        }
        return { url: request.url(), frame, body: await response.body() }
      })().catch(() => undefined),
    )
  })
  return {
    /** Resolves once nothing is in flight and nothing was answered for a second (at most 10 s). */
    async quiet(): Promise<void> {
      const cap = Date.now() + 10_000
      while (Date.now() < cap && (inflight > 0 || Date.now() - lastActivity < QUIET_MS)) await sleep(50)
    },
    clicked() {
      clicked = true
    },
    async scripts(): Promise<ScriptBody[]> {
      return (await Promise.all(scripts)).filter((s): s is ScriptBody => s !== undefined)
    },
  }
}
