/**
 * The request path in front of Next (docs/architecture.md, "Edge"): the target checked (src/edge/public-paths.ts
 * decides what a request is), client address, rate limits, response cache, and the data-version bump after a
 * request changed public data. Built from the environment by server.ts; no Next or Payload here.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import path from 'node:path'

import pLimit from 'p-limit'

import type { Env } from '@/config/env'

import {
  type ClientAddress,
  createClientAddress,
  looksLikeUntrustedProxy,
  normalizeAddress,
  rateLimitKey,
} from './client-address'
import {
  type ChangeScope,
  type DataChangeListener,
  onLocalDataChange,
  onPeerDataChange,
  settleChangeScope,
  withChangeScope,
} from '@/runtime/data-version'
import {
  CLIENT_ADDRESS_HEADER,
  EXPIRES_HEADER,
  KNOWN_HOST_HEADER,
  PAGE_KEY_HEADER,
  PAGE_SLUG_HEADER,
  PUBLIC_ORIGIN_HEADER,
} from '@/runtime/headers'
import { type DirectoryPage, directoryPage } from '@/runtime/page-directory'
import { hostOfOrigin } from '@/domain/pages'
import { databaseAnsweredWithin, setEdgeHealthProbe } from '@/runtime/health'
import { type AnyLocale } from '@/domain/locales'

import { ENGLISH_EDGE_WORDS, type EdgeWords } from './edge-words'
import { type InvalidationBus, startInvalidationBus } from './invalidation-bus'
import { createLoopback, type Loopback } from './loopback'
import {
  type Budget,
  canonicalQuery,
  classifyRequest,
  errorShapeOf,
  type ErrorShape,
  isAnonymous,
  uncached,
  isPublicPath,
  parseTarget,
  type RequestClass,
} from './public-paths'
import {
  createRateLimiter,
  type RateDecision,
  type RateLimiter,
  sendTooManyRequests,
  type TooManyFormat,
} from './rate-limit'
import { type PageTarget, requestLocale, takeLoopbackPagePath, takePagePath } from './page-path'
import { createPublicOrigin, type PublicOrigin, setPublicOrigin } from './public-origin'
import { createRedis } from './redis'
import { keepLastGood, lastGoodFile } from './last-good-file'
import { enter as enterGate, holdsReads, readConsistently, whileClosed } from '@/runtime/request-gate'
import { type TestHooks, testHooks } from '@/runtime/test-hooks'
import {
  COPY_WAIT_MS,
  createResponseCache,
  type OriginResponse,
  type ResponseCache,
  type Unavailable,
} from './response-cache'
import { integrationRateKey } from './integration-rate-key'
import { WEBHOOK_UNAUTHORIZED_MESSAGE } from '@/domain/integration-token'
import { type CredentialCheck, createCredentialCheck } from './credentials'
import {
  announcedLength,
  type BodyLimits,
  type BodyRefusal,
  bodyDecision,
  createBodyLedger,
  hasBody,
  holdBody,
  isMultipart,
  lingerOnClose,
  sizeRefusal,
} from './request-body'

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>
/**
 * The edge's handler: a promise while the request waits for something (the gate, Redis, Next), nothing when it was
 * answered at once (a cache hit with the budget counted in memory): the hot path makes no promise.
 */
export type EdgeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined

/**
 * Runs the request through Next inside a change scope (src/runtime/data-version.ts): the Payload hooks mark it when
 * they change public data, and the version is bumped when the response starts, after Payload's commit and before
 * the writer can read again. Only changed data bumps; the method does not matter.
 */
function throughNextWithChangeScope(next: Handler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const scope: ChangeScope = { changed: false, settled: false }
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    settleChangeScope(scope)
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
  // A response that ends without a head (a destroyed socket) still settles the scope.
  res.once('close', () => settleChangeScope(scope))
  return withChangeScope(scope, () => next(req, res))
}

type HeaderList = OutgoingHttpHeaders | (string | number | string[])[]

/** Headers Next's routes set for the edge alone (src/runtime/headers.ts). */
const INTERNAL_RESPONSE_HEADERS = new Set([EXPIRES_HEADER, KNOWN_HOST_HEADER, PAGE_KEY_HEADER])
const internal = (name: unknown) => INTERNAL_RESPONSE_HEADERS.has(String(name).toLowerCase())

/**
 * The routes' `x-statuspage-expires`, `-known-host` and `-page-key` are for the response cache: a response that
 * reaches a client straight from Next (a read with credentials, the cache off, a miss the cache gave up on) loses
 * them too, whether Next set them with setHeader or passes them to writeHead.
 */
function dropInternalHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const name of INTERNAL_RESPONSE_HEADERS) this.removeHeader(name)
    const last = args.length - 1
    const headers = args[last] as HeaderList | undefined
    if (last > 0 && Array.isArray(headers)) {
      const kept: HeaderList = []
      // A flat list (name, value, name, value…) or a list of pairs.
      if (headers.length && Array.isArray(headers[0])) {
        for (const pair of headers as unknown as string[][]) if (!internal(pair[0])) kept.push(pair)
      } else {
        for (let i = 0; i < headers.length; i += 2) if (!internal(headers[i])) kept.push(headers[i], headers[i + 1])
      }
      args[last] = kept
    } else if (last > 0 && headers && typeof headers === 'object') {
      args[last] = Object.fromEntries(Object.entries(headers).filter(([name]) => !internal(name)))
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  408: 'Request Timeout',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
}

/**
 * An error the edge answers itself, in the shape of where the request points: the 400 for a target that is refused
 * (src/edge/public-paths.ts, parseTarget), and a body refused before it was read (src/edge/request-body.ts), whose
 * connection is closed rather than kept for a body nobody reads.
 */
function sendEdgeError(
  res: ServerResponse,
  head: boolean,
  shape: ErrorShape,
  status: number,
  reason: string,
  close = false,
  extra: Record<string, string> = {},
): void {
  const [contentType, body] =
    shape === 'problem'
      ? [
          'application/problem+json',
          JSON.stringify({ type: 'about:blank', title: TITLES[status], status, detail: reason }),
        ]
      : shape === 'cms' || shape === 'subscribe-json'
        ? ['application/json', JSON.stringify({ errors: [{ message: reason }] })]
        : ['text/plain; charset=utf-8', `${TITLES[status]}: ${reason}\n`]
  const headers: Record<string, string | number> = {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...extra,
  }
  if (close) {
    headers.Connection = 'close'
    lingerOnClose(res.socket)
  }
  res.writeHead(status, headers)
  res.end(head ? undefined : body)
}

/** Seconds a client is asked to wait before trying again after a 503 of the edge's. */
export const RETRY_AFTER_SECONDS = 30

/**
 * A public response that could not be made and has no last good copy (src/edge/response-cache.ts): 503 with
 * Retry-After, never the origin's 500. A page keeps the origin's HTML (the site's error page, src/site/respond.ts);
 * the APIs get a problem, open to other origins like their other answers.
 */
/** In the language the request's address names (docs/languages.md). */
function unavailablePage(locale: AnyLocale, words: EdgeWords) {
  const w = words(locale)
  return {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
    body: Buffer.from(
      `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.unavailableTitle}</title></head>\n<body><h1>${w.unavailableTitle}</h1><p>${w.unavailable}</p></body></html>\n`,
    ),
    expiresAt: null,
    cacheable: false,
  }
}

/** The 503 of a request no copy can answer, its own page in `words` (the edge's own, src/edge/edge-words.ts). */
export const unavailableSender =
  (words: EdgeWords): Unavailable =>
  (req, res, shape, origin, extra = {}) => {
    const retry = { 'Retry-After': String(RETRY_AFTER_SECONDS), ...extra }
    if (shape === 'page' && !(origin && String(origin.headers['content-type'] ?? '').startsWith('text/html')))
      origin = unavailablePage(requestLocale(req), words)
    if (shape !== 'page' || !origin) {
      const cors: Record<string, string> =
        shape === 'problem'
          ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' }
          : {}
      return sendEdgeError(
        res,
        req.method === 'HEAD',
        shape,
        503,
        'The status could not be read just now; try again shortly.',
        false,
        { ...retry, ...cors },
      )
    }
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(origin.headers)) if (name !== 'etag') headers[name] = value
    res.writeHead(503, {
      ...headers,
      'Content-Length': String(origin.body.length),
      'Cache-Control': 'no-store',
      ...retry,
    })
    res.end(req.method === 'HEAD' ? undefined : origin.body)
  }

/** The same in English (the tests' fronts, made without the catalogues). */
export const sendUnavailable: Unavailable = unavailableSender(ENGLISH_EDGE_WORDS)

type Decision = RateDecision | null

/** The refusal of either budget, else the narrower one's headers (the token's, when both are spent). */
function stricter(first: Decision, second: Decision): Decision {
  if (!first || !second) return first ?? second
  return !first.allowed ? first : second
}

/** Spends `key`'s budget, and `alsoKey`'s when there is one; synchronous when both answer at once. */
function spendBudgets(limiter: RateLimiter, key: string, alsoKey: string | null): Decision | Promise<Decision> {
  const first = limiter.consume(key)
  if (!alsoKey) return first
  const second = limiter.consume(alsoKey)
  if (first instanceof Promise || second instanceof Promise)
    return Promise.all([first, second]).then(([a, b]) => stricter(a, b))
  return stricter(first, second)
}

const TOO_MANY_FORMAT: Record<Budget, (pathname: string) => TooManyFormat> = {
  public: () => 'problem',
  subscribe: (pathname) => (pathname === '/api/subscribe' ? 'subscribe-json' : 'html'),
  cms: () => 'cms',
  integration: () => 'cms',
}

export interface FrontParts {
  next: Handler
  clientAddress: ClientAddress
  rateLimiter: RateLimiter | null
  /** Subscribe attempts (POST /api/subscribe and the form); null: no limit. */
  subscribeLimiter?: RateLimiter | null
  /** Anonymous CMS reads and GraphQL; null: no limit. */
  cmsLimiter?: RateLimiter | null
  /** The monitoring webhook, per integration token; null: no limit. */
  integrationLimiter?: RateLimiter | null
  cache: ResponseCache | null
  loopback: Loopback
  /** The origin the client addressed, for links (src/edge/public-origin.ts); default: no trusted proxy. */
  publicOrigin?: PublicOrigin
  /** Request bodies' limits (src/edge/request-body.ts); default: bodies pass unchecked. */
  bodyLimits?: BodyLimits
  /** Whether credentials are real (src/edge/credentials.ts), for the upload allowance; default: none is. */
  credentials?: CredentialCheck
  /**
   * How many public reads the cache does not answer (credentials, or no cache) Next renders at once; the others wait
   * their turn. 0: no bound. The cache bounds its misses the same way (ORIGIN_CONCURRENCY).
   */
  uncachedConcurrency?: number
  /** Whether the tests' pseudo-locale has a prefix (`/en-xa/`, I18N_PSEUDO_LOCALE); default: it has none. */
  pseudoLocale?: boolean
  /** The words of the edge's own pages (server.ts gives the catalogues'); default: English. */
  words?: EdgeWords
}

export function createFront({
  next,
  clientAddress,
  rateLimiter,
  subscribeLimiter = null,
  cmsLimiter = null,
  integrationLimiter = null,
  cache,
  loopback,
  publicOrigin = createPublicOrigin([]),
  bodyLimits,
  credentials = () => false,
  uncachedConcurrency = 0,
  pseudoLocale = false,
  words = ENGLISH_EDGE_WORDS,
}: FrontParts): EdgeHandler {
  // Installed only by the tests' preload module (src/runtime/test-hooks.ts); production has none.
  const hooks = testHooks()
  const ways = waysToNext(next, uncachedConcurrency, hooks, unavailableSender(words))
  const answer = answerer(cache, ways, words)
  const admit = admission({
    clientAddress,
    publicOrigin,
    cache,
    hooks,
    limiters: { public: rateLimiter, subscribe: subscribeLimiter, cms: cmsLimiter, integration: integrationLimiter },
    pseudoLocale,
  })

  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
    const admitted = admit(req, res)
    if (!admitted) return
    const { target, kind, tokenKey, decision } = admitted
    if (decision instanceof Promise)
      return decision.then((settled) => answer(req, res, kind, target, settled, tokenKey))
    return answer(req, res, kind, target, decision, tokenKey)
  }

  const withBody = bodyLimits
    ? bodyRoute({ admit, answer, credentials, ledger: createBodyLedger(bodyLimits), limits: bodyLimits, words })
    : null

  return (req, res) => {
    // A miss computed over the loopback was counted in at the gate by the cache (readConsistently, createEdge).
    if (loopback.isInternal(req)) {
      takeLoopbackPagePath(req, pseudoLocale)
      return ways.toNext(req, res)
    }
    if (withBody && hasBody(req.headers)) return withBody(req, res)
    return handle(req, res)
  }
}

/** What the edge makes of a request before its body: its target, class, address and rate budgets spent. */
interface Admitted {
  target: PageTarget
  address: string
  kind: RequestClass
  /** The integration token's rate key, when the request carries one that could exist. */
  tokenKey: string | null
  decision: Decision | Promise<Decision>
}
/** Admits a request, or answers it (a refused target, a test hook) and gives null. */
type Admit = (req: IncomingMessage, res: ServerResponse) => Admitted | null
/** After the rate limit: the cache or Next. */
type Answer = (
  req: IncomingMessage,
  res: ServerResponse,
  kind: RequestClass,
  target: PageTarget,
  decision: Decision,
  tokenKey: string | null,
) => Promise<void> | undefined

/**
 * The ways to Next: `toNext` as it is (the loopback's misses), `gatedNext` through the request gate, `uncachedRead`
 * for public reads the cache does not answer (null: no bound), and `fallbackFor` a miss the cache could not compute.
 */
function waysToNext(next: Handler, uncachedConcurrency: number, { handedToNext }: TestHooks, unavailable: Unavailable) {
  const toNext: Handler = (req, res) => {
    handedToNext?.(req.url ?? '/')
    return throughNextWithChangeScope(next, req, res)
  }

  /**
   * A client's request for Next, through the request gate (src/runtime/request-gate.ts): it waits while the demo
   * reset runs and is counted in until Next has finished it (its handler settled, or the response closed), not
   * until the client has read it all. A public page read with credentials is not made while a failed reset left
   * the data half done: it gets the 503 a visitor gets for a page the edge has no copy of.
   */
  const atNext = (req: IncomingMessage, res: ServerResponse, kind: RequestClass): Promise<void> => {
    if (kind.budget === 'public' && holdsReads()) {
      unavailable(req, res, kind.errorShape, null)
      return Promise.resolve()
    }
    const out = enterGate()
    res.once('close', out)
    dropInternalHeaders(res)
    return toNext(req, res).finally(out)
  }
  const afterGate = async (req: IncomingMessage, res: ServerResponse, kind: RequestClass): Promise<void> => {
    for (let closed = whileClosed(); closed; closed = whileClosed()) await closed
    return atNext(req, res, kind)
  }
  const gatedNext = (req: IncomingMessage, res: ServerResponse, kind: RequestClass) =>
    whileClosed() ? afterGate(req, res, kind) : atNext(req, res, kind)
  /**
   * Public reads the cache does not answer (with credentials, or with the cache off) have nothing else to bound
   * them: fifty at once of the 12.7 MB uptime document (1,000 services) each held its own copy and exhausted the
   * heap. One that waited while its client left is not rendered.
   */
  const uncachedTurn = uncachedConcurrency > 0 ? pLimit(uncachedConcurrency) : null
  const renderUnlessGone = (req: IncomingMessage, res: ServerResponse, kind: RequestClass) => {
    if (res.destroyed) return undefined
    // The turn ends with the response: Next need not ever settle a request whose client went away.
    return Promise.race([gatedNext(req, res, kind), new Promise<void>((resolve) => res.once('close', resolve))])
  }
  const uncachedRead = uncachedTurn
    ? (req: IncomingMessage, res: ServerResponse, kind: RequestClass) =>
        uncachedTurn(() => renderUnlessGone(req, res, kind))
    : null
  /** The cache's way to Next when a miss could not be computed, one per request class (they are interned). */
  const fallbacks = new Map<RequestClass, Handler>()
  const fallbackFor = (kind: RequestClass): Handler => {
    let fallback = fallbacks.get(kind)
    if (!fallback) fallbacks.set(kind, (fallback = (req, res) => gatedNext(req, res, kind)))
    return fallback
  }
  return { toNext, gatedNext, uncachedRead, fallbackFor }
}

/** The limiter's headers go into the cache's one head (no setHeader). */
function answerer(cache: ResponseCache | null, ways: ReturnType<typeof waysToNext>, words: EdgeWords): Answer {
  return (req, res, kind, target, decision, tokenKey) => {
    if (decision && !decision.allowed) {
      sendTooManyRequests(res, decision, req.method === 'HEAD', TOO_MANY_FORMAT[kind.budget!](target.pathname), {
        locale: requestLocale(req),
        words,
      })
      return
    }
    if (kind.budget === 'integration' && !tokenKey) {
      // No token, or one that cannot exist: the route would answer the same, after a trip through Next.
      sendEdgeError(res, req.method === 'HEAD', 'cms', 401, WEBHOOK_UNAUTHORIZED_MESSAGE, false, {
        'WWW-Authenticate': 'Bearer',
        ...decision?.headers,
      })
      return
    }
    if (cache && kind.cacheable)
      return cache.serve(
        req,
        res,
        target.prefix + target.pathname + canonicalQuery(target.pathname, target.search),
        ways.fallbackFor(kind),
        decision?.headers,
        kind.errorShape,
      )
    if (decision) for (const name in decision.headers) res.setHeader(name, decision.headers[name])
    const read = req.method === 'GET' || req.method === 'HEAD'
    if (ways.uncachedRead && read && isPublicPath(target.pathname)) return ways.uncachedRead(req, res, kind)
    return ways.gatedNext(req, res, kind)
  }
}

/** The budgets a page's visitors spend apart from another page's (src/runtime/page-directory.ts). */
const PAGE_BUDGETS: ReadonlySet<Budget> = new Set(['public', 'subscribe'])

/**
 * The key an address spends `budget` under: per page for a page's reads and subscriptions (the default page's under
 * the address alone, as before there were pages), per address for the rest.
 */
function budgetKey(page: DirectoryPage, budget: Budget, address: string): string {
  const key = rateLimitKey(address)
  if (!PAGE_BUDGETS.has(budget) || page.key === 0) return key
  return `${key} page ${page.key}`
}

/** The slug and host a request names its page by (the edge set both headers, src/edge/page-path.ts). */
function pageAddressOf(req: IncomingMessage): [slug: string | null, host: string | null] {
  const slug = req.headers[PAGE_SLUG_HEADER]
  const origin = req.headers[PUBLIC_ORIGIN_HEADER]
  return [typeof slug === 'string' ? slug : null, typeof origin === 'string' ? hostOfOrigin(origin) : null]
}

function admission({
  clientAddress,
  publicOrigin,
  cache,
  hooks: { answerBeforeEdge },
  limiters,
  pseudoLocale,
}: {
  clientAddress: ClientAddress
  publicOrigin: PublicOrigin
  cache: ResponseCache | null
  hooks: TestHooks
  limiters: Record<Budget, RateLimiter | null>
  pseudoLocale: boolean
}): Admit {
  const edgeFacts = { cacheEntries: () => cache?.store.size ?? 0 }
  return (req, res) => {
    const parsed = parseTarget(req.url ?? '/')
    if (!parsed.ok) {
      sendEdgeError(res, req.method === 'HEAD', errorShapeOf(parsed.pathname), 400, parsed.reason)
      return null
    }
    const target = takePagePath(req, parsed, pseudoLocale)
    const { pathname } = target
    if (answerBeforeEdge?.(req, res, edgeFacts)) return null
    const address = clientAddress(req)
    // Whatever a client sent under this name is replaced: Next's routes trust it.
    req.headers[CLIENT_ADDRESS_HEADER] = address
    setPublicOrigin(req, publicOrigin)
    const page = directoryPage(() => pageAddressOf(req))
    const classified = classifyRequest(req.method, pathname, isAnonymous(req.headers))
    // A private page's reads go to Next with the reader's headers, where its gate judges them; none is kept.
    const kind = classified.cacheable && page.private ? uncached(classified) : classified
    const limiter = kind.budget ? limiters[kind.budget] : null
    // A webhook request spends its address's budget and, with a token that could exist, the token's too.
    const tokenKey = kind.budget === 'integration' ? integrationRateKey(pathname, req.headers.authorization) : null
    const decision = limiter ? spendBudgets(limiter, budgetKey(page, kind.budget!, address), tokenKey) : null
    return { target, address, kind, tokenKey, decision }
  }
}

/**
 * A request with a body (src/edge/request-body.ts). Everything that can refuse it without reading it comes first:
 * the rate budget, the bodies its address has under way, the bytes the process holds, a stranger's write, the
 * size it announces. Only then is the body held, in the tick the request arrived, before its first chunk does;
 * it is handed on when complete, and its share of the ledger given back when its response ends.
 */
function bodyRoute({
  admit,
  answer,
  credentials,
  ledger,
  limits,
  words,
}: {
  admit: Admit
  answer: Answer
  credentials: CredentialCheck
  ledger: ReturnType<typeof createBodyLedger>
  limits: BodyLimits
  words: EdgeWords
}) {
  return (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
    const admitted = admit(req, res)
    if (!admitted) return
    const { target, address, kind, tokenKey, decision } = admitted
    const head = req.method === 'HEAD'
    const refuse = ({ status, message, retryAfter }: BodyRefusal): undefined => {
      const extra: Record<string, string> = retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }
      sendEdgeError(res, head, kind.errorShape, status, message, true, extra)
    }
    const tooMany = (refused: RateDecision): undefined => {
      res.setHeader('Connection', 'close')
      lingerOnClose(res.socket)
      sendTooManyRequests(res, refused, head, TOO_MANY_FORMAT[kind.budget!](target.pathname), {
        locale: requestLocale(req),
        words,
      })
    }
    if (decision && !(decision instanceof Promise) && !decision.allowed) return tooMany(decision)
    const anonymous = isAnonymous(req.headers)
    // Only verified credentials get the upload allowance; the check may be a question to Payload (an API key).
    const verified = !anonymous && isMultipart(req.headers) ? credentials(req.headers) : false
    const sized = bodyDecision(req, target.pathname, anonymous, limits, verified !== false)
    if (!sized) return answer(req, res, kind, target, decision instanceof Promise ? null : decision, tokenKey)
    if ('status' in sized) return refuse(sized)
    const ticket = ledger.admit(rateLimitKey(address), announcedLength(req.headers))
    if ('status' in ticket) return refuse(ticket)
    res.once('close', ticket.release)
    const pending = verified instanceof Promise
    const held = holdBody(req, {
      limit: pending ? limits.maxBytes : sized.limit,
      provisional: pending,
      timeoutMs: limits.timeoutMs,
      ticket,
    })
    if (pending)
      void verified.then((real) => {
        const limit = real ? sized.limit : limits.maxBytes
        const refused = sizeRefusal(announcedLength(req.headers), limit)
        if (refused) held.refuse(refused)
        else held.setLimit(limit)
      })
    const budget = decision instanceof Promise ? decision : Promise.resolve(decision)
    // A budget found spent while the body arrives stops the holding; the 429 itself, with the limiter's headers, is
    // sent below.
    void budget.then((settled) => {
      if (settled && !settled.allowed) held.refuse({ status: 429, message: 'Too many requests.' })
    })
    return Promise.all([held.outcome, budget]).then(([outcome, settled]) => {
      if (outcome === 'gone') res.destroy()
      else if (settled && !settled.allowed) tooMany(settled)
      else if (outcome) refuse(outcome)
      else return answer(req, res, kind, target, settled, tokenKey)
    })
  }
}

export interface Edge {
  handler: EdgeHandler
  /** Call with each new connection's peer address: warns once when a proxy seems to be in front untrusted. */
  onConnection(peer: string | undefined): void
  /** A GET answered by Next directly (no cache, no rate limit), with these request headers: the static mirror's reads. */
  originGet(url: string, headers: IncomingMessage['headers']): Promise<OriginResponse>
  close(): Promise<void>
}

/**
 * The edge's settings, from the configuration parsed and checked at start (src/config/env.ts). `payloadSecret`: the
 * secret Payload signs sessions with, as resolved at start (src/config/secret.ts); without one no session is
 * verified at the edge.
 */
export function edgeConfig(settings: Env, payloadSecret = settings.PAYLOAD_SECRET ?? '') {
  return {
    payloadSecret,
    trustedProxies: [...settings.TRUSTED_PROXIES],
    perMinute: settings.RATE_LIMIT_PUBLIC_PER_MINUTE,
    subscribePerHour: settings.RATE_LIMIT_SUBSCRIBE_PER_HOUR,
    cmsPerMinute: settings.RATE_LIMIT_CMS_PER_MINUTE,
    integrationPerMinute: settings.RATE_LIMIT_INTEGRATION_PER_MINUTE,
    cacheMaxEntries: settings.RESPONSE_CACHE_MAX_ENTRIES,
    cacheMaxBytes: settings.RESPONSE_CACHE_MAX_MB * 1024 * 1024,
    originConcurrency: settings.ORIGIN_CONCURRENCY,
    redisUrl: settings.REDIS_URL,
    originWaitMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    lastGoodDir: settings.LAST_GOOD_DIR,
    pseudoLocale: settings.I18N_PSEUDO_LOCALE,
    bodyLimits: {
      maxBytes: settings.REQUEST_BODY_MAX_KB * 1024,
      maxUploadBytes: settings.UPLOAD_MAX_MB * 1024 * 1024,
      timeoutMs: settings.REQUEST_BODY_TIMEOUT_MS,
      maxPerAddress: settings.REQUEST_BODIES_PER_ADDRESS,
      maxHeldBytes: settings.REQUEST_BODIES_MAX_MB * 1024 * 1024,
    },
  }
}

/** How long a cached response may be kept while the invalidation bus is down. */
export const BUS_DOWN_MAX_AGE_MS = 2000

type EdgeConfig = ReturnType<typeof edgeConfig>

/** The response cache (none when either bound is 0), reading misses from Next over the loopback. */
function edgeCache(
  config: EdgeConfig,
  loopback: Loopback,
  bus: InvalidationBus | undefined,
  words: EdgeWords,
): ResponseCache | null {
  if (config.cacheMaxEntries <= 0 || config.cacheMaxBytes <= 0) return null
  return createResponseCache({
    origin: loopback.origin,
    // A miss is read with the request gate open and made again when the demo reset overlapped it; while a
    // reset runs (or a failed one left the data half done) a miss with a last good copy gets it at once.
    consistentRead: readConsistently,
    holdsReads,
    originConcurrency: config.originConcurrency,
    maxEntries: config.cacheMaxEntries,
    maxBytes: config.cacheMaxBytes,
    // While the bus is down, peers' changes may not arrive: entries live only seconds.
    maxAgeMs: () => (bus && !bus.healthy() ? BUS_DOWN_MAX_AGE_MS : undefined),
    // A visitor waits no longer than the database may take; then the last good copy, or a 503.
    originWaitMs: config.originWaitMs,
    // …and one with a copy a second, unless the database is answering (busy, not gone).
    originAnswering: () => databaseAnsweredWithin(COPY_WAIT_MS),
    unavailable: unavailableSender(words),
  })
}

/** The budgets the front spends, shared through Redis when there is one. */
function rateLimiters(config: EdgeConfig, redis: ReturnType<typeof createRedis> | undefined) {
  return {
    rateLimiter: createRateLimiter({ points: config.perMinute, redis }),
    subscribeLimiter: createRateLimiter({
      points: config.subscribePerHour,
      windowSeconds: 3600,
      redis,
      keyPrefix: 'statuspage:rl:subscribe',
    }),
    cmsLimiter: createRateLimiter({ points: config.cmsPerMinute, redis, keyPrefix: 'statuspage:rl:cms' }),
    integrationLimiter: createRateLimiter({
      points: config.integrationPerMinute,
      redis,
      keyPrefix: 'statuspage:rl:integration',
    }),
  }
}

/** Whether credentials are real: a session signed with the secret, or an API key Payload knows. */
function credentialCheck(config: EdgeConfig, loopback: Loopback): CredentialCheck {
  return createCredentialCheck({
    payloadSecret: config.payloadSecret,
    knowsApiKey: async (authorization) => {
      const me = await loopback.origin({ headers: {} } as IncomingMessage, '/api/users/me', { authorization })
      return me.status === 200 && Boolean((JSON.parse(me.body.toString('utf8')) as { user?: unknown }).user)
    },
  })
}

export function createEdge(
  config: EdgeConfig,
  next: Handler,
  target: () => { host: string; port: number },
  words: EdgeWords = ENGLISH_EDGE_WORDS,
): Edge {
  const redis = config.redisUrl ? createRedis(config.redisUrl, 'commands', { autoPipelining: true }) : undefined
  let bus: InvalidationBus | undefined
  if (config.redisUrl && redis)
    bus = startInvalidationBus(redis, createRedis(config.redisUrl, 'invalidation', { queueWhileOffline: true }))
  const redisUp = () => redis?.status === 'ready' && (bus?.healthy() ?? false)
  setEdgeHealthProbe(() => (redis ? { redis: redisUp() ? 'up' : 'down' } : {}))
  const loopback = createLoopback({ target })
  const cache = edgeCache(config, loopback, bus, words)
  // What this instance or a peer took back is never shown again from a copy (src/domain/withdrawn-paths.ts).
  const withdraw: DataChangeListener = (version, change) => {
    if (change.withdrawn) cache?.store.withdraw(change.withdrawn, version)
  }
  const stopWithdrawing = [onLocalDataChange(withdraw), onPeerDataChange(withdraw)]
  const keeper =
    cache && config.lastGoodDir ? keepLastGood(cache, lastGoodFile(path.resolve(config.lastGoodDir))) : null
  const handler = createFront({
    next,
    uncachedConcurrency: config.originConcurrency,
    clientAddress: createClientAddress(config.trustedProxies),
    publicOrigin: createPublicOrigin(config.trustedProxies),
    ...rateLimiters(config, redis),
    cache,
    loopback,
    bodyLimits: config.bodyLimits,
    credentials: credentialCheck(config, loopback),
    pseudoLocale: config.pseudoLocale,
    words,
  })
  let warnedAboutProxy = false
  return {
    handler,
    onConnection(peer) {
      if (warnedAboutProxy || !peer) return
      const address = normalizeAddress(peer)
      if (!looksLikeUntrustedProxy(address, config.trustedProxies)) return
      warnedAboutProxy = true
      console.warn(
        `Requests arrive from the private address ${address} and TRUSTED_PROXIES is empty: if a proxy is in front, all its clients share one rate budget. Set TRUSTED_PROXIES to its address.`,
      )
    },
    // The static mirror copies the public site: never from half-reset data either.
    originGet: (url, headers) => readConsistently(() => loopback.origin({ headers } as IncomingMessage, url)),
    async close() {
      for (const stop of stopWithdrawing) stop()
      await keeper?.close()
      await bus?.close()
      redis?.disconnect()
      loopback.close()
    },
  }
}
