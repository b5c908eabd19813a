import {
  AppKitError,
  FRAME_PREFIX,
  type FRAME_REPLIES,
  FrameError,
  type FrameRequestPayload,
  type FrameRequestType,
  type frameErrorPayloadSchema,
  NodeError,
  parseFrameRequest,
} from '@modalkit/protocol'
import type * as z from 'zod/mini'
import { log } from '../log.ts'

export type FrameHandlers = {
  [T in FrameRequestType]: (payload: FrameRequestPayload<T>) => Promise<z.infer<(typeof FRAME_REPLIES)[T]>>
}

export type StartRouterParameters = {
  /** The modal's origin: the only sender accepted and the only target of replies. */
  modalOrigin: string
  /** The modal's window: this frame's parent. */
  parent: Window
  handlers: FrameHandlers
  scope?: Window
}

/** How often, and how many times at most, the ready event is said again until the modal asks. */
const READY_REPEAT_MS = 250
const READY_REPEATS = 80

type FrameErrorPayload = z.infer<typeof frameErrorPayloadSchema>

/** Error payloads carry the user-facing words and the code only: never a stack, never a secret. */
function toErrorPayload(error: unknown): FrameErrorPayload {
  if (error instanceof NodeError) return { message: error.shortMessage, code: error.code, node: error.rpc }
  if (error instanceof AppKitError) return { message: error.shortMessage, code: error.code }
  return { message: new FrameError().shortMessage }
}

/**
 * The frame's side of SPEC §7: a message counts only when it comes from the parent window on the
 * modal's exact origin and parses as a known `@w3m-app/*` request; each gets exactly one reply,
 * `@w3m-frame/<TYPE>_SUCCESS` or `_ERROR`, posted to the modal's origin only. Anything else is
 * dropped and logged. Sends the ready event once listening.
 */
export function startRouter({
  modalOrigin,
  parent,
  handlers,
  scope = window,
}: StartRouterParameters): () => void {
  const seen = new Set<string>()
  const onMessage = async (event: MessageEvent) => {
    if (event.source !== parent || event.origin !== modalOrigin) {
      log.error('dropped a message from', event.origin)
      return
    }
    const request = parseFrameRequest(event.data)
    if (!request || seen.has(request.id)) {
      log.error('dropped a malformed or repeated message')
      return
    }
    // The modal heard the ready event: it asks.
    stopAnnouncing()
    seen.add(request.id)
    const { type, id, payload } = request
    const handler = handlers[type] as (payload: unknown) => Promise<unknown>
    // The request's type only: its payload and reply may hold codes, addresses or signatures.
    log.debug(type)
    try {
      const result = await handler(payload)
      parent.postMessage({ type: `${FRAME_PREFIX}${type}_SUCCESS`, id, payload: result ?? {} }, modalOrigin)
    } catch (error) {
      // An answer the user meets (a wrong code, a rejection) is a warning; anything else an error.
      if (error instanceof AppKitError) log.warn(`${type} refused`, error)
      else log.error(`${type} failed`, error)
      parent.postMessage(
        { type: `${FRAME_PREFIX}${type}_ERROR`, id, payload: toErrorPayload(error) },
        modalOrigin,
      )
    }
  }
  const listener = (event: MessageEvent) => void onMessage(event)
  scope.addEventListener('message', listener)
  // The ready event, again until the modal's first request shows it was heard: Chromium can lose a
  // cross-process message a new frame posts to its parent while it still loads (seen in about one
  // load in twenty under load: the modal then waited its 20 s and failed the login).
  const announce = () => parent.postMessage({ type: `${FRAME_PREFIX}READY` }, modalOrigin)
  let repeats = 0
  const timer = scope.setInterval(() => {
    if (++repeats >= READY_REPEATS) stopAnnouncing()
    announce()
  }, READY_REPEAT_MS)
  function stopAnnouncing() {
    scope.clearInterval(timer)
  }
  announce()
  return () => {
    stopAnnouncing()
    scope.removeEventListener('message', listener)
  }
}
