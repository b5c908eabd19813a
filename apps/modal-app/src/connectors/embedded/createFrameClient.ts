import {
  APP_PREFIX,
  type AppKitError,
  FRAME_PREFIX,
  FRAME_REPLIES,
  FrameError,
  type FrameEvent,
  FrameLoadFailedError,
  type FrameRequestPayload,
  FrameRequestTimeoutError,
  type FrameRequestType,
  frameErrorPayloadSchema,
  frameEventSchema,
  frameReplySchema,
  RequestAbortedError,
  toNodeError,
} from '@modalkit/protocol'
import { FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS } from '@modalkit/shared'
import type * as z from 'zod/mini'
import { log } from '../../log.ts'
import { toFrameErrorCode } from './toFrameErrorCode.ts'

export type FrameClientParameters = {
  /** The secure frame's origin: messages are accepted from it only, and sent to it only. */
  authOrigin: string
  /** SPEC §7 query: projectId, chainId, version, enableLogger, rpcUrl. */
  query: { projectId: string; chainId: string; version: string; enableLogger: boolean; rpcUrl: string }
  /** Where the iframe lives (the modal's document body). */
  container: HTMLElement
  onEvent?: (event: FrameEvent) => void
  /** Every error the frame answered with, as the caller also gets it (the alerts by code). */
  onErrorReply?: (error: AppKitError) => void
  timers?: { loadMs: number; readyDelayMs: number }
}

type Reply<T extends FrameRequestType> = z.infer<(typeof FRAME_REPLIES)[T]>
type Pending = { type: FrameRequestType; resolve(value: unknown): void; reject(error: AppKitError): void }

function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The modal's side of the secure frame (SPEC §4, §7): loads it hidden, waits for its ready event and
 * 500 ms more, then sends `@w3m-app/*` requests and matches each `@w3m-frame/*` reply to its request
 * by id, once. Only messages from that iframe's window and the secure origin count; anything else,
 * or anything that fails its schema, is dropped and logged.
 */
export function createFrameClient({
  authOrigin,
  query,
  container,
  onEvent,
  onErrorReply,
  timers = { loadMs: FRAME_LOAD_TIMEOUT_MS, readyDelayMs: FRAME_READY_DELAY_MS },
}: FrameClientParameters) {
  const iframe = document.createElement('iframe')
  const src = new URL('/', authOrigin)
  src.searchParams.set('projectId', query.projectId)
  src.searchParams.set('chainId', query.chainId)
  src.searchParams.set('version', query.version)
  src.searchParams.set('enableLogger', String(query.enableLogger))
  src.searchParams.set('rpcUrl', query.rpcUrl)
  iframe.src = src.href
  // Its accessible name (title) is set in the modal's language by state/syncFrameLocale.
  // The recovery text's copy button.
  iframe.allow = 'clipboard-write'
  iframe.className = 'mk-auth-frame'
  iframe.setAttribute('data-testid', 'auth-frame')
  const pending = new Map<string, Pending>()

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new FrameLoadFailedError('no ready event within 20 s')),
      timers.loadMs,
    )
    const onReady = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== authOrigin) return
      if (frameEventSchema.safeParse(event.data).data?.type !== `${FRAME_PREFIX}READY`) return
      window.removeEventListener('message', onReady)
      clearTimeout(timer)
      setTimeout(resolve, timers.readyDelayMs)
    }
    window.addEventListener('message', onReady)
  })
  ready.catch(() => {})

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return
    if (event.origin !== authOrigin) {
      log.error('dropped a frame message from', event.origin)
      return
    }
    const asEvent = frameEventSchema.safeParse(event.data)
    if (asEvent.success) {
      if (asEvent.data.type !== `${FRAME_PREFIX}READY`) onEvent?.(asEvent.data)
      return
    }
    const reply = frameReplySchema.safeParse(event.data)
    const entry = reply.success ? pending.get(reply.data.id) : undefined
    if (!reply.success || !entry) {
      log.error('dropped a malformed or unexpected frame message')
      return
    }
    const { type, id, payload } = reply.data
    pending.delete(id)
    if (type === `${FRAME_PREFIX}${entry.type}_SUCCESS`) {
      const parsed = FRAME_REPLIES[entry.type].safeParse(payload)
      if (parsed.success) entry.resolve(parsed.data)
      else entry.reject(new FrameError('The embedded wallet sent a malformed reply'))
    } else if (type === `${FRAME_PREFIX}${entry.type}_ERROR`) {
      const error = frameErrorPayloadSchema.safeParse(payload)
      const node = error.data?.node
      const rejected = node
        ? toNodeError(node)
        : new FrameError(error.data?.message, toFrameErrorCode(error.data?.code))
      onErrorReply?.(rejected)
      entry.reject(rejected)
    } else entry.reject(new FrameError('The embedded wallet answered another request'))
  }
  window.addEventListener('message', onMessage)
  container.appendChild(iframe)

  return {
    iframe,
    ready,

    /**
     * Sends one request and waits for its reply. `timeoutMs` bounds the wait (SPEC §9: 120 s for
     * connecting, 10 s for RPC reads); `undefined` waits until answered or aborted (an approval
     * waits for the user).
     */
    async request<T extends FrameRequestType>(
      type: T,
      payload: FrameRequestPayload<T>,
      timeoutMs?: number,
    ): Promise<Reply<T>> {
      await ready
      const id = randomId()
      return new Promise<Reply<T>>((resolve, reject) => {
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                pending.delete(id)
                reject(new FrameRequestTimeoutError(`${type} after ${timeoutMs} ms`))
              }, timeoutMs)
        pending.set(id, {
          type,
          resolve: (value) => {
            clearTimeout(timer)
            resolve(value as Reply<T>)
          },
          reject: (error) => {
            clearTimeout(timer)
            reject(error)
          },
        })
        iframe.contentWindow?.postMessage({ type: `${APP_PREFIX}${type}`, id, payload }, authOrigin)
      })
    },

    /**
     * Rejects every pending RPC request with `reason` ('Request was aborted' unless told otherwise)
     * and tells the frame, which drops its approval screen.
     */
    abortRpc(reason: AppKitError = new RequestAbortedError()): void {
      for (const [id, entry] of pending) {
        if (entry.type !== 'RPC_REQUEST') continue
        pending.delete(id)
        entry.reject(reason)
      }
      const id = randomId()
      pending.set(id, { type: 'RPC_ABORT', resolve() {}, reject() {} })
      iframe.contentWindow?.postMessage({ type: `${APP_PREFIX}RPC_ABORT`, id, payload: {} }, authOrigin)
    },

    destroy(): void {
      window.removeEventListener('message', onMessage)
      iframe.remove()
    },
  }
}

export type FrameClient = ReturnType<typeof createFrameClient>
