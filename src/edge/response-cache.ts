/**
 * The public response cache: anonymous GET/HEAD of /api/v1, /api/v2 and the public pages and feeds answered from
 * memory (200 or 304) without Next, Payload or the database. Keyed by origin, path and the query parameters the
 * route reads; stale once the data version moves or the route's expiry comes; each miss computed once per key and
 * version, a few at a time. docs/architecture.md, "Edge": Response cache, Freshness, Last good copy.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { LRUCache } from 'lru-cache'
import pLimit from 'p-limit'

import { chooseEncoding, compress, type Encoding, isCompressible, weakTag } from './compression'
import { currentDataVersion, pageDataVersion } from '@/runtime/data-version'
import { EVERY_COPY, showsOneRecord } from '@/domain/withdrawn-paths'
import { ifNoneMatchMatches } from './etag'
import { EXPIRES_HEADER, KNOWN_HOST_HEADER, PAGE_KEY_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import type { ErrorShape } from './public-paths'

/** What the origin (Next, through the loopback) answered. */
export interface OriginResponse {
  status: number
  /** Node's rawHeaders: name, value, name, value… */
  rawHeaders: string[]
  body: Buffer
}

/** A response ready to send any number of times. */
export interface PreparedResponse {
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
  etag?: string
  expiresAt: number | null
  cacheable: boolean
  /** The route said the request's host is the site's own (KNOWN_HOST_HEADER): kept whatever the bound on hosts. */
  knownHost?: boolean
  /**
   * The page keys it is of (PAGE_KEY_HEADER, comma-separated): only a change to one of them makes it stale (a page
   * showing charts names its page's key and its metrics key). Undefined: any change does.
   */
  pages?: readonly number[]
  /** How it is sent (sendPrepared), made on its first sending. */
  plan?: SendPlan
}

export interface Entry extends PreparedResponse {
  key: string
  version: number
  storedAt: number
  size: number
  /** Compressed bodies, made on first demand (src/edge/compression.ts). */
  encoded: Partial<Record<Encoding, Buffer>>
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
])
// Recomputed on the way out (content-length, date), private to the server (expires), or never shared (set-cookie).
const DROPPED = new Set([
  'content-length',
  'date',
  EXPIRES_HEADER,
  KNOWN_HOST_HEADER,
  PAGE_KEY_HEADER,
  'set-cookie',
  'x-cache',
])
// Describe the body, so they have no place on a 304.
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
])

export function prepareResponse(origin: OriginResponse, now: number): PreparedResponse {
  const connectionTokens = new Set<string>()
  for (let i = 0; i < origin.rawHeaders.length; i += 2) {
    if (origin.rawHeaders[i].toLowerCase() === 'connection') {
      for (const token of origin.rawHeaders[i + 1].split(',')) connectionTokens.add(token.trim().toLowerCase())
    }
  }
  const headers: Record<string, string | string[]> = {}
  let setsCookie = false
  let expiresAt: number | null = null
  let knownHost = false
  let pages: number[] | undefined
  for (let i = 0; i < origin.rawHeaders.length; i += 2) {
    const name = origin.rawHeaders[i].toLowerCase()
    const value = origin.rawHeaders[i + 1]
    if (name === 'set-cookie') setsCookie = true
    if (name === KNOWN_HOST_HEADER) knownHost = true
    if (name === PAGE_KEY_HEADER && /^\d+(,\d+)*$/.test(value)) pages = value.split(',').map(Number)
    if (name === EXPIRES_HEADER) {
      const at = Number(value)
      if (Number.isFinite(at)) expiresAt = expiresAt === null ? at : Math.min(expiresAt, at)
    }
    if (HOP_BY_HOP.has(name) || connectionTokens.has(name) || DROPPED.has(name)) continue
    const existing = headers[name]
    headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  const etag = typeof headers.etag === 'string' ? headers.etag : undefined
  // A response its route marked as one reader's (a private page's, src/settings/base-url.ts) is never kept.
  const personal = /\b(?:no-store|private)\b/i.test(String(headers['cache-control'] ?? ''))
  const cacheable = origin.status === 200 && !setsCookie && !personal && (expiresAt === null || expiresAt > now)
  return { status: origin.status, headers, body: origin.body, etag, expiresAt, cacheable, knownHost, pages }
}

function sizeOf(response: PreparedResponse, key: string): number {
  let size = response.body.length + key.length + 64
  for (const [name, value] of Object.entries(response.headers)) size += name.length + String(value).length
  return size
}

export interface StoreOptions {
  maxEntries: number
  maxBytes: number
}

/**
 * The entries: lru-cache bounds their count and bytes (least recently used out first) and drops an entry once the
 * time its route announced (`x-statuspage-expires`) has come. What lru-cache cannot know stays here: an entry is
 * also stale once the data version moved, and (`maxAgeMs`) while the invalidation bus is down, once it is older
 * than a few seconds.
 *
 * Time is the caller's (`now` of each call, so tests and the cache share one injected clock): lru-cache reads it
 * through `perf`, and ages an entry from `start`. With every entry's start at 1 (0 would mean "no expiry" to it),
 * an entry's ttl is an absolute time: stale when now - 1 > ttl, so ttl = expiresAt - 2 makes it stale from
 * expiresAt on (milliseconds are whole numbers).
 */
export class ResponseStore {
  private clock = 0
  private readonly entries: LRUCache<string, Entry>
  /** The compressed copies of entries that left (stale, expired, evicted), by key, for an entry with the same tag. */
  private readonly retired: LRUCache<string, { etag: string; encoded: Entry['encoded'] }>
  /**
   * The last good copy of each key, fresh or not: what a visitor is shown when a fresh one cannot be made (the
   * database is down). Mostly the same objects as `entries`, so it costs memory only for keys whose entry left.
   */
  private readonly lastGood: LRUCache<string, Entry>
  /** Counts the changes to the last good copies, so that they are written to disk only when they changed. */
  lastGoodChanges = 0
  /**
   * Called when copies were taken away because what they show was taken back: src/edge/last-good-file.ts writes
   * the file again at once, so that a restart does not bring them back.
   */
  onWithdrawn?: () => void
  /** The keys whose URL answered 404 or 410, with the version it did under: a read from before is not kept. */
  private readonly gone: LRUCache<string, number>
  /** Responses computed under an older version may show a record taken back since (withdraw): none is kept. */
  private floor = -Infinity

  constructor(private readonly options: StoreOptions) {
    this.gone = new LRUCache({ max: Math.max(1, options.maxEntries) })
    this.retired = new LRUCache({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: ({ encoded }) => Math.max(1, (encoded.br?.length ?? 0) + (encoded.gzip?.length ?? 0)),
    })
    this.lastGood = new LRUCache<string, Entry>({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry) => Math.max(1, entry.size),
    })
    this.entries = new LRUCache<string, Entry>({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry) => entry.size,
      perf: { now: () => this.clock },
      // Read the clock on every check: no timer per millisecond to cache it.
      ttlResolution: 0,
      dispose: (entry, key, reason) => {
        if (reason !== 'set' && entry.etag && (entry.encoded.br || entry.encoded.gzip))
          this.retired.set(key, { etag: entry.etag, encoded: entry.encoded })
      },
    })
  }

  get size(): number {
    return this.entries.size
  }

  get totalBytes(): number {
    return this.entries.calculatedSize
  }

  /**
   * The fresh entry for `key`, or undefined (a stale one is dropped on the way). Fresh: read under `freshFrom` or a
   * later version, where `freshFrom` may depend on the entry's page (pageDataVersion: the last change to that page).
   * `maxAgeMs`: also stale when older.
   */
  get(
    key: string,
    freshFrom: number | ((page: number | undefined) => number),
    now: number,
    maxAgeMs?: number,
  ): Entry | undefined {
    this.clock = now
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const from =
      typeof freshFrom === 'number'
        ? freshFrom
        : entry.pages
          ? Math.max(...entry.pages.map((page) => freshFrom(page)))
          : freshFrom(undefined)
    if (entry.version < from || (maxAgeMs !== undefined && now - entry.storedAt >= maxAgeMs)) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  /** The entry for `key` as it is, fresh or not, without marking it used. */
  peek(key: string): Entry | undefined {
    return this.entries.peek(key, { allowStale: true })
  }

  /** Keeps `response` as computed under `version`; false when it is too big, or older than what is there. */
  set(key: string, response: PreparedResponse, version: number, storedAt = Date.now()): boolean {
    const size = sizeOf(response, key)
    if (size > this.options.maxBytes / 4 || this.options.maxEntries <= 0) return false
    if (version < this.floor || version <= (this.gone.get(key) ?? -Infinity)) return false
    const existing = this.peek(key)
    if (existing && existing.version > version) return false
    // The same entity tag is the same bytes (a SHA-1 of the body): their compressed copies still hold.
    const previous = existing ?? this.retired.get(key)
    const encoded = response.etag !== undefined && previous?.etag === response.etag ? { ...previous.encoded } : {}
    this.retired.delete(key)
    const encodedSize = (encoded.br?.length ?? 0) + (encoded.gzip?.length ?? 0)
    const entry: Entry = { ...response, plan: undefined, key, version, storedAt, size: size + encodedSize, encoded }
    this.put(entry, storedAt)
    this.lastGood.set(key, entry)
    this.lastGoodChanges += 1
    return true
  }

  /** The last good copy of `key`, however old: for when a fresh one cannot be made. */
  lastGoodCopy(key: string): Entry | undefined {
    return this.lastGood.get(key)
  }

  /** Every last good copy, least recently used first (for writing them to disk, src/edge/last-good-file.ts). */
  lastGoodCopies(): Entry[] {
    return [...this.lastGood.rvalues()].filter((entry): entry is Entry => entry !== undefined)
  }

  /** Takes back a copy written before a restart: a last good copy only, never a fresh entry. */
  restoreLastGood(entry: Omit<Entry, 'plan' | 'encoded' | 'size'>): void {
    if (this.lastGood.has(entry.key)) return
    const restored: Entry = { ...entry, encoded: {}, size: 0 }
    restored.size = sizeOf(restored, entry.key)
    if (restored.size > this.options.maxBytes / 4) return
    this.lastGood.set(entry.key, restored)
  }

  /** The body of an entry in `encoding`, compressed now if this is the first request for it. */
  encodedBody(entry: Entry, encoding: Encoding): Buffer {
    let body = entry.encoded[encoding]
    if (!body) {
      body = compress(entry.body, encoding)
      entry.encoded[encoding] = body
      entry.size += body.length
      // Counted against the bound only while the entry is held (a stale one was deleted with its old size); put
      // again, as lru-cache sizes an entry when it is set.
      if (this.entries.peek(entry.key, { allowStale: true }) === entry) {
        this.entries.delete(entry.key)
        this.put(entry, this.clock)
      }
    }
    return body
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  /**
   * `key`'s URL answered 404 or 410 under `version`: its entry and last good copy go, and a read made before (under
   * an older version) is not kept when it finishes later.
   */
  forget(key: string, version: number): void {
    this.gone.set(key, Math.max(version, this.gone.get(key) ?? -Infinity))
    this.entries.delete(key)
    if (this.lastGood.delete(key)) this.changed()
  }

  /**
   * A record was taken back under `version` (src/domain/withdrawn-paths.ts): the copies of its own `paths` go,
   * whatever their host or query, and so does every copy made before that may show any record (lists, feeds, the
   * home page); nothing read before `version` is kept from now on.
   */
  withdraw(paths: readonly string[], version: number): void {
    this.floor = Math.max(this.floor, version)
    const named = new Set(paths)
    const every = named.has(EVERY_COPY)
    const shows = (entry: Entry) => {
      const path = pathOfKey(entry.key)
      return every || named.has(path) || (entry.version < version && !showsOneRecord(path))
    }
    let dropped = false
    for (const entry of this.lastGoodCopies()) {
      if (!shows(entry)) continue
      this.lastGood.delete(entry.key)
      dropped = true
    }
    for (const entry of [...this.entries.values()]) if (shows(entry)) this.entries.delete(entry.key)
    if (dropped) this.changed()
  }

  private changed(): void {
    this.lastGoodChanges += 1
    this.onWithdrawn?.()
  }

  private put(entry: Entry, now: number): void {
    this.clock = now
    this.entries.set(entry.key, entry, {
      ttl: entry.expiresAt === null ? 0 : Math.max(1, Math.ceil(entry.expiresAt) - 2),
      start: 1,
    })
  }
}

/**
 * `url`: the canonical path and query (src/edge/public-paths.ts). The origin is the one the front determined
 * (src/edge/public-origin.ts): normalised, none for a host that is not a host name, and the only part of the
 * request's headers a response depends on (the loopback sends Next nothing else of them), so junk in `Host` or the
 * forwarded headers does not split the entry. `origin` null: the responses do not depend on it at all.
 */
export function cacheKey(origin: string | null, url: string): string {
  return `${origin ?? ''} ${url}`
}

const publicOriginOf = (req: IncomingMessage): string | null => {
  const origin = req.headers[PUBLIC_ORIGIN_HEADER]
  return typeof origin === 'string' ? origin : null
}

/** The path of a key's URL (the origin holds no space, the URL neither, nor did the keys of older versions). */
export function pathOfKey(key: string): string {
  const url = key.slice(key.lastIndexOf(' ') + 1)
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

function withVary(vary: string | string[] | undefined, name: string): string {
  const values = (Array.isArray(vary) ? vary.join(', ') : (vary ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  return values.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*')
    ? values.join(', ')
    : [...values, name].join(', ')
}

/** What a response is sent as, worked out once per response (the hot path copies and tests nothing). */
export interface SendPlan {
  compressible: boolean
  /** The head of each variant, as node:http takes it without copying: name, value, name, value… */
  heads: (OutgoingHttpHeader[] | undefined)[]
  /** For a variant with the request's own headers (`extra`): where their names and value slots start in its head. */
  extraFrom: number[]
}

type OutgoingHttpHeader = string | number | string[]

/** The variant with the request's own headers appended (the rate limit's: the same names every time). */
const WITH_EXTRA = 16

function planOf(response: PreparedResponse, cached: boolean): SendPlan {
  return (response.plan ??= {
    compressible:
      cached && response.status === 200 && isCompressible(response.headers['content-type'], response.body.length),
    heads: [],
    extraFrom: [],
  })
}

/**
 * Writes `extra`'s values into the slots of `head` from `from` on; false when its names are not the ones the slots
 * were made for. The head is shared by every request of its variant: writeHead reads it at once, before any other
 * request can run, so the slots are this request's until then.
 */
function fillExtra(head: OutgoingHttpHeader[], from: number, extra: Record<string, string>): boolean {
  let at = from
  for (const name in extra) {
    if (head[at] !== name) return false
    head[at + 1] = extra[name]
    at += 2
  }
  return at === head.length
}

/**
 * Sends a prepared response: 304 when If-None-Match matches (weakly), else the body, compressed when the client
 * accepts it and the response is a cached entry (`store`). `extra`: headers of this request's own (the rate
 * limit's), put in the one head: a `setHeader` before `writeHead` would put every header through node's slow path.
 */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  response: PreparedResponse,
  cacheStatus: 'HIT' | 'MISS',
  extra?: Record<string, string>,
  store?: ResponseStore,
): void {
  const plan = planOf(response, store !== undefined)
  const encoding = plan.compressible ? chooseEncoding(req.headers['accept-encoding']) : null
  const notModified = response.status === 200 && ifNoneMatchMatches(req.headers['if-none-match'], response.etag)
  const body = notModified
    ? undefined
    : encoding && store
      ? store.encodedBody(response as Entry, encoding)
      : response.body
  const variant =
    (cacheStatus === 'HIT' ? 1 : 0) | (notModified ? 2 : 0) | (encoding === 'br' ? 4 : encoding === 'gzip' ? 8 : 0)
  let head = plan.heads[variant]
  if (!head) plan.heads[variant] = head = headOf(response, cacheStatus, plan.compressible, encoding, notModified, body)
  if (extra) {
    const slotted = plan.heads[variant | WITH_EXTRA]
    if (slotted && fillExtra(slotted, plan.extraFrom[variant], extra)) head = slotted
    else {
      head = head.slice()
      for (const name in extra) head.push(name, extra[name])
      // Made once per variant; later requests only fill in their values.
      if (!slotted) {
        plan.heads[variant | WITH_EXTRA] = head.slice()
        plan.extraFrom[variant] = plan.heads[variant]!.length
      }
    }
  }
  res.writeHead(notModified ? 304 : response.status, head)
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** One variant's head; the body of a variant (identity or one encoding of a kept entry) never changes. */
function headOf(
  response: PreparedResponse,
  cacheStatus: 'HIT' | 'MISS',
  compressible: boolean,
  encoding: Encoding | null,
  notModified: boolean,
  body: Buffer | undefined,
): OutgoingHttpHeader[] {
  const headers: OutgoingHttpHeaders = { 'x-cache': cacheStatus }
  for (const [header, value] of Object.entries(response.headers)) {
    if (notModified && BODY_HEADERS.has(header)) continue
    headers[header] = value
  }
  if (compressible) headers.vary = withVary(response.headers.vary, 'Accept-Encoding')
  if (encoding) headers.etag = weakTag(response.etag)
  if (!notModified) {
    if (encoding) headers['content-encoding'] = encoding
    headers['content-length'] = String(body?.length ?? 0)
  }
  const head: OutgoingHttpHeader[] = []
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) head.push(name, value)
  return head
}

const ENGLISH_NOTICE = 'This page could not be refreshed; it shows the status as of {time}.'

/**
 * The line a page shows while it is a last good copy; inserted at the top of its <main> (src/site/layout.ts). Its
 * words are the page's own, in its language: <main>'s `data-stale` (already escaped for HTML), `{time}` where the
 * time goes; English without one.
 */
export function staleNotice(storedAt: number, words = ENGLISH_NOTICE): string {
  const at = new Date(storedAt).toISOString()
  const shown = `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`
  const [before, after = ''] = words.split('{time}')
  return `<p class="stale-notice" role="status">${before}<time datetime="${at}">${shown}</time>${after}</p>`
}

const MAIN_OPENING = /<main\b[^>]*>/
const STALE_WORDS = /\sdata-stale="([^"]*\{time\}[^"]*)"/

/** The page with its notice, or the body as it is (not a page, or a page without <main>). */
export function withStaleNotice(body: Buffer, contentType: string | string[] | undefined, storedAt: number): Buffer {
  if (typeof contentType !== 'string' || !contentType.startsWith('text/html')) return body
  const page = body.toString('utf8')
  const opening = MAIN_OPENING.exec(page)
  if (!opening) return body
  const at = opening.index + opening[0].length
  const words = STALE_WORDS.exec(opening[0])?.[1]
  return Buffer.from(page.slice(0, at) + staleNotice(storedAt, words) + page.slice(at))
}

/**
 * Sends a last good copy because a fresh one could not be made: `X-Cache: STALE`, its `Age`, and `no-store` (a CDN
 * in front keeps its own copy, stale-if-error, rather than this one as fresh). A page gets its notice line and no
 * entity tag (its bytes are not the tagged ones, and a 304 would keep the notice from the visitor); any other body
 * is the tagged bytes, so If-None-Match still gets its 304.
 */
export function sendStale(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  now: number,
  extra?: Record<string, string>,
): void {
  const body = withStaleNotice(entry.body, entry.headers['content-type'], entry.storedAt)
  const tagged = body === entry.body
  const notModified = tagged && ifNoneMatchMatches(req.headers['if-none-match'], entry.etag)
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(entry.headers)) {
    if (name === 'etag' && !tagged) continue
    if (notModified && BODY_HEADERS.has(name)) continue
    headers[name] = value
  }
  headers['cache-control'] = 'no-store'
  headers['x-cache'] = 'STALE'
  headers.age = String(Math.max(0, Math.floor((now - entry.storedAt) / 1000)))
  if (!notModified) headers['content-length'] = String(body.length)
  if (extra) for (const name in extra) headers[name] = extra[name]
  res.writeHead(notModified ? 304 : 200, headers)
  res.end(req.method === 'HEAD' || notModified ? undefined : body)
}

/**
 * Answers a request whose fresh response could not be made and that has no last good copy: `origin` is what the
 * origin answered (a 5xx), or null when it threw or did not answer in time. src/edge/front.ts gives the path's
 * error shape; without it the origin's answer goes out as it is, or (null) the request goes to Next.
 */
export type Unavailable = (
  req: IncomingMessage,
  res: ServerResponse,
  shape: ErrorShape,
  origin: PreparedResponse | null,
  extra?: Record<string, string>,
) => void

export interface ResponseCacheOptions extends StoreOptions {
  /** Computes a miss: the response Next gives this request, for `url`, without credentials or conditions. */
  origin: (req: IncomingMessage, url: string) => Promise<OriginResponse>
  /** How many misses may be computed at once (0: no bound). */
  originConcurrency?: number
  now?: () => number
  /** How old an entry may be (undefined: no bound); src/edge/front.ts bounds it while the invalidation bus is down. */
  maxAgeMs?: () => number | undefined
  log?: (message: string, error: unknown) => void
  /**
   * How long a request waits for a fresh response before it gets the `unavailable` answer (0: as long as the origin
   * takes). The computation goes on and is kept when it succeeds.
   */
  originWaitMs?: number
  /**
   * How long a request that has a last good copy waits for a fresh response before it gets the copy (at most
   * `originWaitMs`): a database that drops packets answers nothing until the statement timeout, and a visitor
   * should not wait that long for what is already there. The computation goes on and is kept when it succeeds.
   */
  copyWaitMs?: number
  /**
   * True while the origin is busy rather than gone (src/runtime/health.ts: the database answered a query within
   * the last `copyWaitMs`): a request with a copy then goes on waiting for the fresh response, `copyWaitMs` at a
   * time, up to `originWaitMs`, rather than get a copy of a page that is only slow to make. Default: never.
   */
  originAnswering?: () => boolean
  unavailable?: Unavailable
  /**
   * Runs a miss's read of the origin so that it sees the data on one side of an exclusive change (the demo reset):
   * src/runtime/request-gate.ts's readConsistently. It may run the read more than once, and reject (nothing fresh
   * can be made now). Default: the read as it is.
   */
  consistentRead?: <T>(read: () => Promise<T>) => Promise<T>
  /** True while no fresh copy can be made (the demo reset runs): a miss with a last good copy gets it at once. */
  holdsReads?: () => boolean
}

export interface ResponseCache {
  /**
   * Answers `req` for `url` (its canonical path and query) from the cache or one shared computation; calls
   * `fallback` (Next) when the computation fails. A hit is answered at once: no promise. `extra`: headers of this
   * request's own (the rate limit's) for the response.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    fallback: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
    extra?: Record<string, string>,
    shape?: ErrorShape,
  ): Promise<void> | undefined
  readonly store: ResponseStore
}

const TIMED_OUT = Symbol('timed out')
/** After a URL's origin failed, how long its misses with a last good copy are answered with it without waiting. */
const FAILING_FOR_MS = 5000
/** How long a request with a last good copy waits for a fresh response (copyWaitMs's default). */
export const COPY_WAIT_MS = 1000
/** Bodies hold links built from the origin: the origins that may have entries, against a client inventing hosts. */
export const MAX_ORIGINS = 16

const asItIs = <T>(read: () => Promise<T>): Promise<T> => read()

export function createResponseCache({
  origin,
  originConcurrency = 0,
  now = Date.now,
  maxAgeMs = () => undefined,
  log = console.error,
  originWaitMs = 0,
  copyWaitMs = COPY_WAIT_MS,
  originAnswering = () => false,
  unavailable,
  consistentRead = asItIs,
  holdsReads = () => false,
  ...storeOptions
}: ResponseCacheOptions): ResponseCache {
  const store = new ResponseStore(storeOptions)
  const compute = missComputer({ store, origin, originConcurrency, consistentRead, now })
  const keeps = originAdmission(log)
  const waits = { copyWaitMs, originWaitMs, originAnswering, holdsReads, log }

  /**
   * Until when each URL's origin counts as failing: a miss with a last good copy gets it at once, the refresh goes on
   * behind. Per key: one URL that fails (or answers 404 now) says nothing about another's copy.
   */
  const failingUntil = new LRUCache<string, number>({ max: Math.max(1, storeOptions.maxEntries) })
  const noteOutcome = (key: string, prepared: PreparedResponse | null) => {
    if (!prepared || prepared.status >= 500) failingUntil.set(key, now() + FAILING_FOR_MS)
    else failingUntil.delete(key)
  }
  /** A refresh the visitor does not wait for: its outcome, when it comes, decides whether the URL still fails. */
  const noteWhenDone = (key: string, computing: Promise<PreparedResponse>) =>
    computing.then(
      (prepared) => noteOutcome(key, prepared),
      () => noteOutcome(key, null),
    )

  /** The last good copy to answer at once, without waiting: while the demo reset runs, or while the URL fails. */
  function copyAtOnce(key: string, req: IncomingMessage, url: string, keep: boolean): Entry | undefined {
    // The demo reset runs: the copy of the site as it was, rather than a wait; no refresh until it is done.
    if (holdsReads()) return store.lastGoodCopy(key)
    if (now() >= (failingUntil.get(key) ?? -Infinity)) return undefined
    const copy = store.lastGoodCopy(key)
    // One refresh per key at a time (single flight); when it succeeds, the next visitor gets it fresh.
    if (copy) noteWhenDone(key, compute(key, req, url, keep))
    return copy
  }

  async function serveMiss(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    key: string,
    keep: boolean,
    fallback: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
    extra: Record<string, string> | undefined,
    shape: ErrorShape | undefined,
  ): Promise<void> {
    const atOnce = copyAtOnce(key, req, url, keep)
    if (atOnce) return sendStale(req, res, atOnce, now(), extra)
    const computing = compute(key, req, url, keep)
    const hasCopy = !holdsReads() && store.lastGoodCopy(key) !== undefined
    if (hasCopy) noteWhenDone(key, computing)
    const prepared = await awaitFresh(computing, hasCopy, url, waits)
    // Held by the demo reset is not a failing origin.
    if (!holdsReads()) noteOutcome(key, prepared)
    if (!prepared || prepared.status >= 500) {
      // The origin failed (the database is down, most likely): the last good copy, else the path's 503.
      const copy = store.lastGoodCopy(key)
      if (copy) return sendStale(req, res, copy, now(), extra)
      if (unavailable && shape) return unavailable(req, res, shape, prepared, extra)
      if (!prepared) {
        if (extra) for (const name in extra) res.setHeader(name, extra[name])
        return fallback(req, res)
      }
    }
    const kept = store.peek(key)
    if (kept && kept.body === prepared.body) return sendPrepared(req, res, kept, 'MISS', extra, store)
    sendPrepared(req, res, prepared, 'MISS', extra)
  }

  return {
    store,
    serve(req, res, url, fallback, extra, shape) {
      // Always by origin, even with a public base URL configured: the host chooses the page (docs/pages.md).
      const origin = publicOriginOf(req)
      const key = cacheKey(origin, url)
      const hit = store.get(key, pageDataVersion, now(), maxAgeMs())
      if (!hit) return serveMiss(req, res, url, key, keeps(origin), fallback, extra, shape)
      sendPrepared(req, res, hit, 'HIT', extra, store)
    },
  }
}

/**
 * Computes misses: concurrent ones for one key under one data version share one computation (a request after the
 * version moved starts its own), at most `originConcurrency` at once; a keepable answer goes into the store.
 */
function missComputer({
  store,
  origin,
  originConcurrency,
  consistentRead,
  now,
}: Required<Pick<ResponseCacheOptions, 'origin' | 'originConcurrency' | 'consistentRead' | 'now'>> & {
  store: ResponseStore
}) {
  const limiter = originConcurrency > 0 ? pLimit(originConcurrency) : null
  const limit = <T>(fn: () => Promise<T>): Promise<T> => (limiter ? limiter(fn) : fn())
  const flights = new Map<string, { version: number; promise: Promise<PreparedResponse> }>()

  return function compute(key: string, req: IncomingMessage, url: string, keep = true): Promise<PreparedResponse> {
    const version = currentDataVersion()
    const flight = flights.get(key)
    if (flight && flight.version === version) return flight.promise
    const run = async () => {
      // The version the read starts under (a read made again after a reset starts under the new one).
      const read = await limit(() =>
        consistentRead(async () => ({ under: currentDataVersion(), answer: await origin(req, url) })),
      )
      const prepared = prepareResponse(read.answer, now())
      // Gone is the URL's good answer: a copy of what was there must not be shown for it any more.
      if (prepared.status === 404 || prepared.status === 410) store.forget(key, read.under)
      else if (prepared.cacheable && (keep || prepared.knownHost)) store.set(key, prepared, read.under, now())
      return prepared
    }
    const promise: Promise<PreparedResponse> = run().finally(() => {
      if (flights.get(key)?.promise === promise) flights.delete(key)
    })
    flights.set(key, { version, promise })
    return promise
  }
}

/**
 * Whether a request's origin may have entries: the first MAX_ORIGINS seen; any other gets its answer, not kept,
 * unless the route says the host is the site's own (a page's host name, or the public base URL's: `knownHost`).
 */
function originAdmission(log: Required<ResponseCacheOptions>['log']) {
  const admitted = new Set<string>()
  let warnedAboutOrigins = false
  return (origin: string | null): boolean => {
    if (origin === null || admitted.has(origin)) return true
    if (admitted.size < MAX_ORIGINS) return admitted.add(origin).has(origin)
    if (!warnedAboutOrigins)
      log(
        `Response cache: requests name more than ${MAX_ORIGINS} hosts; responses for the others are not kept, except for the public base URL's host and the pages' host names.`,
        origin,
      )
    warnedAboutOrigins = true
    return false
  }
}

/** The computation, or TIMED_OUT once `waitMs` passed (0: no bound; the computation goes on). */
function computeWithin(
  computing: Promise<PreparedResponse>,
  waitMs: number,
): Promise<PreparedResponse | typeof TIMED_OUT> {
  if (waitMs <= 0) return computing
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, waitMs, TIMED_OUT)))
  // A computation that fails after the wait is not an unhandled rejection: the request was answered.
  computing.catch(() => undefined)
  return Promise.race([computing, waited]).finally(() => clearTimeout(timer))
}

/**
 * Waits for a miss's fresh response as long as the request should (`copyWaitMs` at a time while it has a last good
 * copy and the origin is answering, up to `originWaitMs`); null when it failed or did not come in time.
 */
async function awaitFresh(
  computing: Promise<PreparedResponse>,
  hasCopy: boolean,
  url: string,
  {
    copyWaitMs,
    originWaitMs,
    originAnswering,
    holdsReads,
    log,
  }: Required<Pick<ResponseCacheOptions, 'copyWaitMs' | 'originWaitMs' | 'originAnswering' | 'holdsReads' | 'log'>>,
): Promise<PreparedResponse | null> {
  // Real time, not the injected clock: the waits are timers.
  const arrived = Date.now()
  try {
    let outcome: PreparedResponse | typeof TIMED_OUT
    if (hasCopy && copyWaitMs > 0) {
      const until = originWaitMs > 0 ? arrived + originWaitMs : Infinity
      do outcome = await computeWithin(computing, Math.max(1, Math.min(copyWaitMs, until - Date.now())))
      while (outcome === TIMED_OUT && originAnswering() && Date.now() < until)
    } else outcome = await computeWithin(computing, originWaitMs)
    if (outcome === TIMED_OUT)
      log(`Response cache: no fresh response for ${url} within ${Date.now() - arrived} ms,`, 'answering without it')
    return outcome === TIMED_OUT ? null : outcome
  } catch (error) {
    if (!holdsReads()) log('Response cache: computing a miss failed:', error)
    return null
  }
}
