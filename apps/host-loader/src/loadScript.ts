import { FrameLoadFailedError } from '@modalkit/protocol'

/** A script's URL and its Subresource Integrity hash. */
export type ScriptFile = { url: string; integrity: string }

/** Appends a classic script pinned by SRI; the element goes once it ran or failed. */
export function appendScript({ url, integrity }: ScriptFile): HTMLScriptElement {
  const script = document.createElement('script')
  script.src = url
  script.integrity = integrity
  script.crossOrigin = 'anonymous'
  for (const end of ['load', 'error']) script.addEventListener(end, () => script.remove())
  ;(document.head ?? document.documentElement).appendChild(script)
  return script
}

/** Loads a classic script with SRI; it hands over its value by `event` on its own element. */
export function loadScript<T>(
  { url, integrity }: ScriptFile,
  event: string,
  accepts: (detail: unknown) => detail is T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let factory: T | undefined
    const script = appendScript({ url, integrity })
    script.addEventListener(event, (e) => {
      const detail: unknown = (e as CustomEvent<unknown>).detail
      if (factory === undefined && accepts(detail)) factory = detail
    })
    // Not loaded (network, SRI), or loaded without handing over its `event` (not our file).
    const settle = () =>
      factory === undefined ? reject(new FrameLoadFailedError(`could not load ${url}`)) : resolve(factory)
    for (const end of ['load', 'error']) script.addEventListener(end, settle)
  })
}
