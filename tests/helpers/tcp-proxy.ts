/**
 * A TCP proxy between the service and PostgreSQL that can fail the way a network does:
 * - `refuse()`: stops listening, so connecting is refused (ECONNREFUSED), and cuts the connections it carried;
 * - `drop()`: a partition: connections stay open but nothing passes either way (new ones are accepted and get no
 *   answer), as when packets are dropped; `forward()` heals it and what was held back flows on, like TCP's
 *   retransmissions after a partition;
 * - `cut()`: destroys every connection it carries (a killed session, a restarted database);
 * - `forward()`: passes everything again.
 * node:net only; the sockets are paused rather than read and thrown away, so a healed stream has no hole.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'

export type ProxyMode = 'forward' | 'drop' | 'refuse'

export interface TcpProxy {
  readonly port: number
  /** `url` (postgres://host:port/db) with host and port replaced by the proxy's. */
  through(url: string): string
  forward(): Promise<void>
  drop(): void
  refuse(): Promise<void>
  cut(): void
  close(): Promise<void>
}

interface Pair {
  client: Socket
  upstream?: Socket
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward'
  const pairs = new Set<Pair>()
  let server: Server | undefined
  let port = 0

  const end = (pair: Pair) => {
    pairs.delete(pair)
    pair.client.destroy()
    pair.upstream?.destroy()
  }

  const open = (pair: Pair) => {
    const upstream = connect(target.port, target.host)
    pair.upstream = upstream
    upstream.on('error', () => end(pair))
    upstream.on('close', () => end(pair))
    pair.client.pipe(upstream)
    upstream.pipe(pair.client)
    if (mode === 'drop') hold(pair)
  }

  const hold = (pair: Pair) => {
    pair.client.pause()
    pair.upstream?.pause()
  }

  const release = (pair: Pair) => {
    if (!pair.upstream) open(pair)
    pair.client.resume()
    pair.upstream!.resume()
  }

  const accept = (client: Socket) => {
    const pair: Pair = { client }
    pairs.add(pair)
    client.on('error', () => end(pair))
    client.on('close', () => end(pair))
    // During a partition the connection is accepted (the kernel would have answered SYN) but reaches nothing.
    if (mode === 'drop') client.pause()
    else open(pair)
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(accept)
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port
        server = next
        resolve()
      })
    })

  const stopListening = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))

  await listen()

  const proxy: TcpProxy = {
    get port() {
      return port
    },
    through(url) {
      const parsed = new URL(url)
      parsed.hostname = '127.0.0.1'
      parsed.port = String(port)
      return parsed.toString()
    },
    async forward() {
      if (mode === 'refuse') await listen()
      mode = 'forward'
      for (const pair of pairs) release(pair)
    },
    drop() {
      mode = 'drop'
      for (const pair of pairs) hold(pair)
    },
    async refuse() {
      mode = 'refuse'
      const closed = stopListening()
      server = undefined
      proxy.cut()
      await closed
    },
    cut() {
      for (const pair of [...pairs]) end(pair)
    },
    async close() {
      mode = 'refuse'
      proxy.cut()
      await stopListening()
    },
  }
  return proxy
}
