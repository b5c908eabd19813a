import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError } from '../server/HttpError.ts'
import { sendImage } from '../server/sendImage.ts'
import { NETWORK_IMAGES } from './networkImages.ts'

const PATH = /^\/v1\/networks\/([0-9a-f-]{1,64})\/image$/

/**
 * `GET /v1/networks/{imageId}/image`: a built-in network's logo (SPEC network assets `imageId`).
 * Public and the same for every site, so no project is asked; an unknown id is a 404 and the modal
 * draws its generated avatar instead. Answers `true` when it handled the request.
 */
export function routeNetworkImages(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const match = PATH.exec(url.pathname)
  if (!match) return false
  if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
  const svg = NETWORK_IMAGES.get(match[1]!)
  if (!svg) throw new HttpError(404, 'not_found', 'no image for this network')
  sendImage(res, 'image/svg+xml', svg, 86400)
  return true
}
