import { FrameLoadFailedError } from '@modalkit/protocol'

/** A script's URL and its Subresource Integrity hash. */
export type ScriptFile = { url: string; integrity: string }

/** Loads a classic script with SRI; it hands over its value by `event` on its own element. */
export function loadScript<T>(
  { url, integrity }: ScriptFile,
  event: string,
  accepts: (detail: unknown) => detail is T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    let factory: T | undefined
    script.addEventListener(event, (e) => {
      const detail: unknown = (e as CustomEvent<unknown>).detail
      if (factory === undefined && accepts(detail)) factory = detail
    })
    script.onload = () => {
      script.remove()
      if (factory !== undefined) resolve(factory)
      else reject(new FrameLoadFailedError(`${url} did not hand over its ${event}`))
    }
    script.onerror = () => {
      script.remove()
      reject(new FrameLoadFailedError(`could not load ${url}`))
    }
    script.src = url
    script.integrity = integrity
    // SRI on a cross-origin script needs a CORS fetch; no credentials go with it.
    script.crossOrigin = 'anonymous'
    ;(document.head ?? document.documentElement).appendChild(script)
  })
}
