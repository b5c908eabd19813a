// The bench's in-page probe, injected into every frame before the page's own scripts. Plain JS read
// as text: functions that tsx compiles cannot be sent to a page (esbuild adds `__name` calls).
// `measurePage.ts` prepends `const config = {…}` and reads `window.__bench.report()` from each frame.
// Times are absolute (`performance.timeOrigin` + now) so frames in other processes compare; the
// load-time marks stay relative to this page's navigation start.
;(() => {
  /** @type {{ button: string, readyGlobal?: string, readySelector?: string, marker: string, suppressIdle: boolean }} */
  const probeConfig = config // prepended by measurePage.ts
  if (window.__bench) return
  const isTop = window === window.top
  const MAX_SAMPLES = 600
  const BUTTON_TIMING = 'bench-connect-button'
  const now = () => performance.timeOrigin + performance.now()
  const state = {
    href: location.href,
    readyAt: null,
    /** The button on screen: the later of its first box and the paint of the frame drawing it. */
    buttonAt: null,
    buttonBoxAt: null,
    buttonPaintAt: null,
    /** 'paint' (Element Timing) or 'box' (its first rAF with a box, where no paint entry came). */
    buttonTiming: null,
    clickAt: null,
    longTasks: [],
    marker: [],
    frames: {},
    polling: false,
    stopped: false,
  }

  // Cold iframe: the loader preloads its frame in an idle callback; with none, it loads on the click.
  if (isTop && probeConfig.suppressIdle) window.requestIdleCallback = () => 0

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No long-task timing in this browser: the figures stay empty.
  }

  const flatParent = (node) => {
    if (node.assignedSlot) return node.assignedSlot
    if (node.parentElement) return node.parentElement
    const root = node.getRootNode()
    return root instanceof ShadowRoot ? root.host : null
  }

  /** Product of opacities up the flat tree (through shadow roots); 0 without a box or when hidden. */
  const effectiveOpacity = (element) => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return 0
    if (getComputedStyle(element).visibility !== 'visible') return 0
    let opacity = 1
    for (let node = element; node; node = flatParent(node)) {
      opacity *= Number(getComputedStyle(node).opacity)
      if (opacity === 0) return 0
    }
    return opacity
  }

  const deepQuery = (root, selector) => {
    const hit = root.querySelector(selector)
    if (hit) return hit
    for (const element of root.querySelectorAll('*')) {
      if (!element.shadowRoot) continue
      const inner = deepQuery(element.shadowRoot, selector)
      if (inner) return inner
    }
    return null
  }

  const record = (samples, t, v) => {
    samples.push({ t, v: Math.round(v * 1000) / 1000 })
    if (samples.length > MAX_SAMPLES) samples.splice(0, samples.length - MAX_SAMPLES)
  }

  /** One sample per frame: the marker's opacity here, and each child frame element's. */
  const sample = () => {
    const t = now()
    const marker = deepQuery(document, probeConfig.marker)
    record(state.marker, t, marker ? effectiveOpacity(marker) : 0)
    for (const frame of document.querySelectorAll('iframe')) {
      let key
      try {
        key = new URL(frame.src, location.href).origin
      } catch {
        continue
      }
      state.frames[key] ??= []
      record(state.frames[key], t, effectiveOpacity(frame))
    }
  }

  const poll = (until) => {
    if (state.polling) return
    state.polling = true
    const tick = () => {
      if (state.stopped || now() > until) return
      sample()
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }

  if (isTop) {
    // The connect button works once it is on screen and its page's code is ready (`readyGlobal`,
    // `readySelector`: Privy's button is disabled until its SDK is ready).
    const checkReady = () => {
      if (state.readyAt !== null) return
      if (
        (!probeConfig.readyGlobal || window[probeConfig.readyGlobal] !== undefined) &&
        (!probeConfig.readySelector || document.querySelector(probeConfig.readySelector))
      ) {
        state.readyAt = performance.now()
      }
    }
    document.addEventListener('load', checkReady, true)
    document.addEventListener('DOMContentLoaded', checkReady)

    // The button is painted when the frame that first draws it is on screen: Element Timing's
    // renderTime for its text (or image), which a rAF callback, run before that frame's style,
    // layout, paint and raster, precedes by several ms. Each element under the button is marked
    // as it is inserted or changes (a mutation observer's microtask, before any paint). Where no
    // entry comes (no Element Timing, text drawn before the button matched its selector, a shadow
    // root, an image without Timing-Allow-Origin), the first rAF where the button has a box stands
    // for it, and `buttonTiming` says which one a run used.
    const elementTiming = PerformanceObserver.supportedEntryTypes?.includes('element') === true
    const PAINT_WAIT_FRAMES = 30
    const markButton = () => {
      for (const button of document.querySelectorAll(probeConfig.button)) {
        for (const element of [button, ...button.querySelectorAll('*')]) {
          if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', BUTTON_TIMING)
        }
      }
    }
    const marking = new MutationObserver(markButton)
    if (elementTiming) {
      marking.observe(document, { childList: true, subtree: true, attributes: true })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          // Its element, not the identifier: a page may have named the button's timing itself.
          if (state.buttonAt !== null || !entry.renderTime || !entry.element?.closest(probeConfig.button))
            continue
          state.buttonPaintAt = Math.min(state.buttonPaintAt ?? Number.POSITIVE_INFINITY, entry.renderTime)
        }
      }).observe({ type: 'element', buffered: true })
    }
    let framesSinceBox = 0
    const watchButton = () => {
      checkReady()
      const button = document.querySelector(probeConfig.button)
      const box = button?.getBoundingClientRect()
      if (state.buttonBoxAt === null && box && box.width > 0 && box.height > 0)
        state.buttonBoxAt = performance.now()
      if (state.buttonAt === null && state.buttonBoxAt !== null) {
        framesSinceBox++
        if (elementTiming && state.buttonPaintAt !== null) {
          // A paint before the button matched (hidden while it mounts) counts from its box.
          state.buttonAt = Math.max(state.buttonBoxAt, state.buttonPaintAt)
          state.buttonTiming = 'paint'
        } else if (!elementTiming || framesSinceBox > PAINT_WAIT_FRAMES) {
          state.buttonAt = state.buttonBoxAt
          state.buttonTiming = 'box'
        }
        if (state.buttonAt !== null) marking.disconnect()
      }
      if (!state.stopped && (state.buttonAt === null || state.readyAt === null))
        requestAnimationFrame(watchButton)
    }
    requestAnimationFrame(watchButton)
    window.addEventListener(
      'click',
      (event) => {
        if (state.clickAt !== null) return
        state.clickAt = performance.timeOrigin + event.timeStamp
        poll(now() + 15_000)
      },
      true,
    )
  } else {
    // A frame cannot see the host's click; it samples from its start (rAF stops while it is hidden).
    poll(now() + 60_000)
  }

  const time = async (count, call) => {
    const samples = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      await call()
      samples.push(performance.now() - start)
    }
    return samples
  }

  Object.defineProperty(window, '__bench', {
    enumerable: false,
    value: {
      report: () => JSON.parse(JSON.stringify(state)),
      stop: () => {
        state.stopped = true
      },
      /** Round trips from this page: the host provider's, and the node's without it. */
      roundTrips: async ({ count, nodeUrl }) => {
        const provider = window.appkit?.getProvider?.('eip155')
        const viaProvider = async (method) => {
          if (!provider) return null
          try {
            return await time(count, () => provider.request({ method, params: [] }))
          } catch {
            return null
          }
        }
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
        const direct = () =>
          fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
            (r) => r.json(),
          )
        return {
          chainId: await viaProvider('eth_chainId'),
          blockNumber: await viaProvider('eth_blockNumber'),
          blockNumberDirect: await time(count, direct),
        }
      },
    },
  })
})()
