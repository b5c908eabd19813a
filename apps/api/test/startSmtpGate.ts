import { connect, createServer, type Socket } from 'node:net'

export type SmtpGate = {
  /** The gate's port on 127.0.0.1: point the mailer here instead of at the catcher. */
  port: number
  /** Connections on which something waits to pass while the gate holds. */
  held(): number
  /**
   * From now on nothing passes, on new connections or on those already open (a pooled connection):
   * SMTP is reached but does not answer.
   */
  hold(): void
  /** Lets what waited through, in order, and everything after it. */
  release(): void
  /** Stops listening and cuts every connection: SMTP is down (connections are refused). */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

type Link = { waiting: { to: Socket; chunk: Buffer }[]; sockets: Socket[] }

/**
 * A TCP gate in front of a real SMTP catcher, for the mail worker's tests: it passes bytes through,
 * holds them (an SMTP server that stopped answering), or is down (nothing listens on its port).
 */
export async function startSmtpGate(targetPort: number): Promise<SmtpGate> {
  const links = new Set<Link>()
  let holding = false
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    const link: Link = { waiting: [], sockets: [client, upstream] }
    links.add(link)
    const cut = () => {
      client.destroy()
      upstream.destroy()
      links.delete(link)
    }
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', (chunk: Buffer) => {
        if (holding) link.waiting.push({ to, chunk })
        else to.write(chunk)
      })
      from.on('error', cut)
      from.on('close', cut)
    }
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      for (const link of links) for (const socket of link.sockets) socket.destroy()
      links.clear()
    })
  return {
    port,
    held: () => [...links].filter((link) => link.waiting.length > 0).length,
    hold() {
      holding = true
    },
    release() {
      holding = false
      for (const link of links) for (const { to, chunk } of link.waiting.splice(0)) to.write(chunk)
    },
    down,
    up: () => listen(port),
    close: () => (server.listening ? down() : Promise.resolve()),
  }
}
