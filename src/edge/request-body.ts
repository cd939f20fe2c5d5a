/**
 * Request bodies at the edge, before Next reads a byte of them: a write without credentials to a CMS path
 * that needs them is a 401 without reading its body; a body larger than its limit is a 413, by Content-Length at
 * once and otherwise while it streams; a body that does not arrive in time is a 408. Everything else is held here
 * until it is complete and then handed on, so Next and Payload only ever read a body that fits in memory. Held
 * bodies are bounded too (createBodyLedger): so many at once per client address (429), so many bytes in the whole
 * process (503), since a body that trickles in holds its memory for up to the timeout.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

import { UNAUTHENTICATED_MESSAGE } from '@/domain/refusals'
import { acceptsAnonymousWrites } from './public-paths'

export interface BodyLimits {
  /** Any body but an upload (JSON, forms), in bytes. */
  maxBytes: number
  /** A multipart body sent with credentials (an upload to the media library), in bytes. */
  maxUploadBytes: number
  /** How long a body may take to arrive, from the request's head, in milliseconds. */
  timeoutMs: number
  /** Bodies one client address may have under way at once; 0: no bound. */
  maxPerAddress?: number
  /** Bytes of bodies under way in the whole process; 0: no bound. */
  maxHeldBytes?: number
}

/** `retryAfter`: seconds, for the refusals that say "not now" rather than "not this". */
export type BodyRefusal = { status: 401 | 408 | 413 | 429 | 503; message: string; retryAfter?: number }

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

/** Whether the body is a form with files (an upload), which verified credentials may send up to maxUploadBytes. */
export function isMultipart(headers: IncomingMessage['headers']): boolean {
  return /^\s*multipart\/form-data/i.test(headers['content-type'] ?? '')
}

/** Whether the request carries a body: a Content-Length above 0 or a chunked (or any other) transfer coding. */
export function hasBody(headers: IncomingMessage['headers']): boolean {
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && length.trim() !== '0'
}

/** The body's length as announced by Content-Length; NaN when it streams without one. */
export function announcedLength(headers: IncomingMessage['headers']): number {
  return headers['content-length'] === undefined ? NaN : Number(headers['content-length'])
}

/**
 * What the edge does with a request's body before reading any of it: refuse it (401, 413) or hold it up to `limit`
 * bytes. `anonymous`: no API key and no session cookie (src/edge/public-paths.ts, isAnonymous). `upload`: the
 * upload allowance, for a multipart body whose credentials were verified (src/edge/credentials.ts) or are being.
 */
export function bodyDecision(
  req: IncomingMessage,
  pathname: string,
  anonymous: boolean,
  limits: BodyLimits,
  upload = false,
): BodyRefusal | { limit: number } | null {
  if (!hasBody(req.headers)) return null
  if (anonymous && WRITE_METHODS.has(req.method ?? '') && !acceptsAnonymousWrites(pathname)) {
    return { status: 401, message: UNAUTHENTICATED_MESSAGE }
  }
  const limit = upload && !anonymous && isMultipart(req.headers) ? limits.maxUploadBytes : limits.maxBytes
  return sizeRefusal(announcedLength(req.headers), limit) ?? { limit }
}

/** The 413 for a body of `size` bytes over `limit`; null when it fits (or its size is not known yet). */
export function sizeRefusal(size: number, limit: number): BodyRefusal | null {
  return Number.isFinite(size) && size > limit ? tooLarge(limit) : null
}

/** Seconds a client is asked to wait after a 429 or 503 for bodies: held bodies usually finish within that. */
const BODY_RETRY_AFTER_SECONDS = 5

const heldTooMuch = (): BodyRefusal => ({
  status: 503,
  message: `The server holds too many request bodies just now; try again in ${BODY_RETRY_AFTER_SECONDS} seconds.`,
  retryAfter: BODY_RETRY_AFTER_SECONDS,
})

/** One admitted body's share of the ledger: what it holds, grown as a streamed body arrives. */
interface BodyTicket {
  /** Records that the body now holds `size` bytes; false when the process may not hold that much more. */
  grow(size: number): boolean
  /** Gives the body's share back; once, whatever the number of calls. */
  release(): void
}

/**
 * The bodies under way in this process, per client address and in bytes. A body is admitted before any of it is
 * read, with its announced length set aside at once (so a hundred stalled uploads cannot each be admitted while
 * still empty), and released when its response ends.
 */
export function createBodyLedger({ maxPerAddress = 0, maxHeldBytes = 0 }: BodyLimits) {
  const perAddress = new Map<string, number>()
  let held = 0
  const fits = (bytes: number) => maxHeldBytes <= 0 || held + bytes <= maxHeldBytes
  return {
    /** Admits a body from `address` announcing `announced` bytes (NaN: not announced), or refuses it. */
    admit(address: string, announced: number): BodyTicket | BodyRefusal {
      const count = perAddress.get(address) ?? 0
      if (maxPerAddress > 0 && count >= maxPerAddress)
        return {
          status: 429,
          message: `Too many request bodies from this address are under way; try again in ${BODY_RETRY_AFTER_SECONDS} seconds.`,
          retryAfter: BODY_RETRY_AFTER_SECONDS,
        }
      let reserved = Number.isFinite(announced) ? announced : 0
      if (!fits(reserved)) return heldTooMuch()
      held += reserved
      perAddress.set(address, count + 1)
      let released = false
      return {
        grow(size) {
          if (released || size <= reserved) return true
          if (!fits(size - reserved)) return false
          held += size - reserved
          reserved = size
          return true
        },
        release() {
          if (released) return
          released = true
          held -= reserved
          const left = (perAddress.get(address) ?? 1) - 1
          if (left > 0) perAddress.set(address, left)
          else perAddress.delete(address)
        },
      }
    },
    /** Bytes set aside for bodies under way. */
    heldBytes: () => held,
  }
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

interface HeldBody {
  /** null when the body is complete (then it is readable as if nothing happened), else why not. */
  outcome: Promise<BodyRefusal | 'gone' | null>
  /**
   * The limit, once the credentials are known. Until then (`provisional`) a body past the plain limit is not
   * refused: its connection is paused and what arrived is kept, so a verified upload loses nothing.
   */
  setLimit(limit: number): void
  /** Refuses the body for a reason found while it arrived (a rate limit spent); the rest is dropped. */
  refuse(refusal: BodyRefusal): void
}

interface HoldOptions {
  limit: number
  timeoutMs: number
  /** True while the credentials that may raise `limit` are being verified. */
  provisional?: boolean
  /** The body's share of the process's bytes (createBodyLedger); a 503 when it may not grow. */
  ticket?: BodyTicket
}

/**
 * Holds the request's body until it is complete or refused: over the limit (413), not complete within `timeoutMs`
 * (408), more than the process may hold (503); 'gone' when the client left first. Must be called in the same tick
 * the request arrived, before Node's parser delivers the first chunk. The parser hands each chunk to the request's
 * `push`, so that is where the chunks are kept back and counted; after a refusal the rest is dropped as it arrives.
 * Returning false from `push` makes the parser stop reading the socket, which is how a provisional hold waits.
 */
export function holdBody(req: IncomingMessage, options: HoldOptions): HeldBody {
  const push: Push = req.push
  const chunks: Buffer[] = []
  let { limit, provisional = false } = options
  const { timeoutMs, ticket } = options
  let size = 0
  let ended: { encoding?: BufferEncoding } | null = null
  let paused = false
  let settled = false
  let resolveOutcome!: (outcome: BodyRefusal | 'gone' | null) => void
  const outcome = new Promise<BodyRefusal | 'gone' | null>((resolve) => (resolveOutcome = resolve))
  const settle = (result: BodyRefusal | 'gone' | null) => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    if (result !== null) chunks.length = 0
    // A refused body's rest is read and dropped, so the answer reaches a client that is still sending.
    if (paused) req.socket?.resume()
    resolveOutcome(result)
  }
  const timer = setTimeout(
    () => settle({ status: 408, message: `The request body did not arrive within ${timeoutMs / 1000} seconds.` }),
    timeoutMs,
  )
  // A client that goes away while sending: nobody is left to answer.
  req.once('close', () => settle('gone'))
  const handOn = () => {
    req.push = push
    for (const held of chunks) push.call(req, held)
    push.call(req, null, ended?.encoding)
    settle(null)
  }
  req.push = function (chunk: unknown, encoding?: BufferEncoding) {
    if (settled) return true
    if (chunk === null) {
      ended = { encoding }
      if (!(provisional && size > limit)) handOn()
      return true
    }
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)
    size += bytes.length
    if (ticket && !ticket.grow(size)) {
      settle(heldTooMuch())
      return true
    }
    if (size > limit && !provisional) {
      settle(tooLarge(limit))
      return true
    }
    chunks.push(bytes)
    if (size > limit) paused = true
    return !paused
  } as Push
  return {
    outcome,
    setLimit(final) {
      if (settled) return
      limit = final
      provisional = false
      if (size > limit) return settle(tooLarge(limit))
      if (ended) return handOn()
      if (paused) {
        paused = false
        req.socket?.resume()
      }
    },
    refuse: settle,
  }
}
