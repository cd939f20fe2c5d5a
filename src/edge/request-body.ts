/**
 * Request bodies at the edge, before Next reads a byte of them (issue 21): a write without credentials to a CMS path
 * that needs them is a 401 without reading its body; a body larger than its limit is a 413, by Content-Length at
 * once and otherwise while it streams; a body that does not arrive in time is a 408. Everything else is held here
 * until it is complete and then handed on, so Next and Payload only ever read a body that fits in memory.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

import { UNAUTHENTICATED_MESSAGE } from '../domain/refusals'
import { acceptsAnonymousWrites } from './public-paths'

export interface BodyLimits {
  /** Any body but an upload (JSON, forms), in bytes. */
  maxBytes: number
  /** A multipart body sent with credentials (an upload to the media library), in bytes. */
  maxUploadBytes: number
  /** How long a body may take to arrive, from the request's head, in milliseconds. */
  timeoutMs: number
}

export type BodyRefusal = { status: 401 | 408 | 413; message: string }

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const tooLarge = (limit: number): BodyRefusal => ({
  status: 413,
  message: `The request body is too large: at most ${sizeText(limit)}.`,
})

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`
}

/** Whether the request carries a body: a Content-Length above 0 or a chunked (or any other) transfer coding. */
export function hasBody(headers: IncomingMessage['headers']): boolean {
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length.trim() !== '0'
}

/**
 * What the edge does with a request's body before reading any of it: refuse it (401, 413) or hold it up to `limit`
 * bytes. `anonymous`: no API key and no session cookie (src/edge/public-paths.ts, isAnonymous).
 */
export function bodyDecision(
  req: IncomingMessage,
  pathname: string,
  anonymous: boolean,
  limits: BodyLimits,
): BodyRefusal | { limit: number } | null {
  if (!hasBody(req.headers)) return null
  if (anonymous && WRITE_METHODS.has(req.method ?? '') && !acceptsAnonymousWrites(pathname)) {
    return { status: 401, message: UNAUTHENTICATED_MESSAGE }
  }
  const multipart = /^\s*multipart\/form-data/i.test(req.headers['content-type'] ?? '')
  const limit = multipart && !anonymous ? limits.maxUploadBytes : limits.maxBytes
  const announced = Number(req.headers['content-length'])
  if (Number.isFinite(announced) && announced > limit) return tooLarge(limit)
  return { limit }
}

/** How long a refused request's connection still takes (and drops) what the client sends, after the answer. */
export const LINGER_MS = 2000

/**
 * Closes a refused request's connection without losing the answer: closing a socket that still receives data
 * resets it, and the reset makes the client's system drop the answer unread (a client still writing a 200 MB body
 * then saw no 413 at all). So the connection is half-closed after the answer, what still arrives is dropped, and it
 * is destroyed once the client closes its side or after LINGER_MS.
 */
export function lingerOnClose(socket: Socket | null): void {
  if (!socket) return
  socket.destroySoon = function (this: Socket) {
    this.end()
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    timer.unref()
    this.once('close', () => clearTimeout(timer))
  }
}

type Push = IncomingMessage['push']

/**
 * Holds the request's body until it is complete (then it is readable as if nothing happened) or refused: over
 * `limit` bytes (413) or not complete within `timeoutMs` (408); 'gone' when the client left first. Must be called in the same tick the request arrived,
 * before Node's parser delivers the first chunk. The parser hands each chunk to the request's `push`, so that is
 * where the chunks are kept back and counted; after a refusal the rest is dropped as it arrives.
 */
export function holdBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<BodyRefusal | 'gone' | null> {
  const push: Push = req.push
  const chunks: Buffer[] = []
  let size = 0
  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: BodyRefusal | 'gone' | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const timer = setTimeout(() => {
      chunks.length = 0
      settle({ status: 408, message: `The request body did not arrive within ${timeoutMs / 1000} seconds.` })
    }, timeoutMs)
    // A client that goes away while sending: nobody is left to answer.
    req.once('close', () => settle('gone'))
    req.push = function (chunk: unknown, encoding?: BufferEncoding) {
      if (settled) return true
      if (chunk === null) {
        req.push = push
        for (const held of chunks) push.call(req, held)
        const more = push.call(req, null, encoding)
        settle(null)
        return more
      }
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)
      size += bytes.length
      if (size > limit) {
        chunks.length = 0
        settle(tooLarge(limit))
        return true
      }
      chunks.push(bytes)
      return true
    } as Push
  })
}
