// The installed @types/ws is 7.x (hoisted for another package) while ws is 8.x, whose ESM entry
// exports the server class only by name. Declares that name with the 7.x server type.
import type WebSocket from 'ws'

declare module 'ws' {
  export const WebSocketServer: typeof WebSocket.Server
  export type WebSocketServer = WebSocket.Server
}
