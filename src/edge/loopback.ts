/**
 * How a cache miss is computed: server.ts asks itself over loopback, with a per-process random secret header that
 * sends the request straight to Next (no cache, no rate limit). Only this process knows the secret, so a client
 * that copies the header name gains nothing.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { Agent, type IncomingMessage, type OutgoingHttpHeaders, request as httpRequest } from 'node:http'

import { PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import type { OriginResponse } from './response-cache'

export const INTERNAL_HEADER = 'x-statuspage-internal'

// Sent along so the route builds the same absolute URLs and chooses the same representation as for the client. The
// public origin was determined by the front for the client's request (this request comes from loopback, whose
// forwarded headers nobody vouches for); it is all of Host and the forwarded headers the response may depend on,
// so that the cache keys on it alone (src/edge/response-cache.ts, cacheKey).
const FORWARDED = ['accept', 'accept-language', PUBLIC_ORIGIN_HEADER]

export interface Loopback {
  /** True (and the header removed) for this process's own request. */
  isInternal(req: IncomingMessage): boolean
  /** What Next answers to a GET of `url` with the request's representation headers (and `extra` ones). */
  origin(req: IncomingMessage, url: string, extra?: OutgoingHttpHeaders): Promise<OriginResponse>
  close(): void
}

export interface LoopbackOptions {
  /** Where this process listens; read per request because the port is known only after listen(). */
  target: () => { host: string; port: number }
  timeoutMs?: number
}

export function createLoopback({ target, timeoutMs = 30_000 }: LoopbackOptions): Loopback {
  const secret = randomBytes(32).toString('hex')
  const secretBytes = Buffer.from(secret)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })

  return {
    isInternal(req) {
      const value = req.headers[INTERNAL_HEADER]
      if (value === undefined) return false
      delete req.headers[INTERNAL_HEADER]
      const given = Buffer.from(String(value))
      return given.length === secretBytes.length && timingSafeEqual(given, secretBytes)
    },
    origin(req, url, extra = {}) {
      const { host, port } = target()
      const headers: OutgoingHttpHeaders = { ...extra, [INTERNAL_HEADER]: secret }
      for (const name of FORWARDED) if (req.headers[name] !== undefined) headers[name] = req.headers[name]
      const origin = req.headers[PUBLIC_ORIGIN_HEADER]
      // Without a usable origin, the address this process listens on (node's default Host).
      if (typeof origin === 'string') headers.host = new URL(origin).host
      return new Promise<OriginResponse>((resolve, reject) => {
        const outgoing = httpRequest(
          { host, port, path: url, method: 'GET', headers, agent, timeout: timeoutMs },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 502,
                rawHeaders: response.rawHeaders,
                body: Buffer.concat(chunks),
              }),
            )
            response.on('error', reject)
          },
        )
        outgoing.on('timeout', () => outgoing.destroy(new Error(`loopback request timed out after ${timeoutMs} ms`)))
        outgoing.on('error', reject)
        outgoing.end()
      })
    },
    close() {
      agent.destroy()
    },
  }
}
