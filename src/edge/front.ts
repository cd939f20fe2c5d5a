/**
 * The request path in front of Next (docs/architecture.md, "Edge"): client address, public rate limit, response
 * cache, and the data-version bump of writes. Built from the environment by server.ts; no Next or Payload here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

import { type ClientAddress, createClientAddress, parseTrustedProxies } from './client-address'
import { bumpDataVersion, currentDataVersion } from './data-version'
import { CLIENT_ADDRESS_HEADER } from './headers'
import { enter, whileClosed } from './request-gate'
import { type InvalidationBus, startInvalidationBus } from './invalidation-bus'
import { createLoopback, type Loopback } from './loopback'
import { createPublicOrigin, type PublicOrigin, setPublicOrigin } from './public-origin'
import { createRateLimiter, isSubscribeAttempt, parseLimit, type RateLimiter, sendTooManyRequests, spendsPublicBudget } from './rate-limit'
import { createRedis } from './redis'
import { createResponseCache, isCacheableRequest, type ResponseCache } from './response-cache'

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** The subscription endpoints write subscribers only, which no public response shows. */
const SUBSCRIPTION_ENDPOINTS = new Set(['/api/subscribe', '/api/subscribe/verify', '/api/unsubscribe'])

/**
 * Requests that can change public data: anything but GET/HEAD/OPTIONS to the CMS API, GraphQL or the admin area,
 * except the subscription endpoints (so an anonymous client cannot empty the cache by subscribing).
 */
export function isWriteRequest(method: string | undefined, pathname: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false
  if (SUBSCRIPTION_ENDPOINTS.has(pathname)) return false
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/admin' || pathname.startsWith('/admin/')
}

/**
 * Bumps the data version when the response of a write starts (before its head is written). The Payload hooks bump
 * too, but inside the transaction: a read computed between that bump and the commit would be cached under the new
 * version with the old data. The write's response starts after the commit, so this second bump closes the window,
 * before the writer can read again. Refusals (4xx) changed nothing and do not bump: an anonymous client cannot
 * empty the cache by sending bad writes.
 */
export function bumpWhenResponseStarts(res: ServerResponse): void {
  const writeHead = res.writeHead
  let done = false
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!done) {
      done = true
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode
      if (status < 400 || status >= 500) bumpDataVersion()
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
}

export interface FrontParts {
  next: Handler
  clientAddress: ClientAddress
  rateLimiter: RateLimiter | null
  /** Subscribe attempts (POST /api/subscribe and the form); null: no limit. */
  subscribeLimiter?: RateLimiter | null
  cache: ResponseCache | null
  loopback: Loopback
  /** The origin the client addressed, for links (src/edge/public-origin.ts); default: no trusted proxy. */
  publicOrigin?: PublicOrigin
  /** STATUSPAGE_TEST_HOOKS=1: counts requests handed to Next and serves them at /__edge/stats. */
  testHooks?: boolean
}

export function createFront({ next, clientAddress, rateLimiter, subscribeLimiter = null, cache, loopback, publicOrigin = createPublicOrigin([]), testHooks = false }: FrontParts): Handler {
  const nextCounts = new Map<string, number>()
  const toNext: Handler = (req, res) => {
    if (testHooks) nextCounts.set(req.url ?? '/', (nextCounts.get(req.url ?? '/') ?? 0) + 1)
    return next(req, res)
  }

  return async (req, res) => {
    // The loopback computes a miss for a request that is already inside the gate: it must not wait at it.
    if (loopback.isInternal(req)) return toNext(req, res)
    for (let closed = whileClosed(); closed; closed = whileClosed()) await closed
    res.once('close', enter())
    const pathname = (req.url ?? '/').split('?', 1)[0]
    if (testHooks && pathname === '/__edge/stats') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify({ next: Object.fromEntries(nextCounts), dataVersion: currentDataVersion(), cacheEntries: cache?.store.size ?? 0 }))
      return
    }
    if (isWriteRequest(req.method, pathname)) bumpWhenResponseStarts(res)
    const address = clientAddress(req)
    // Whatever a client sent under this name is replaced: Next's routes trust it.
    req.headers[CLIENT_ADDRESS_HEADER] = address
    setPublicOrigin(req, publicOrigin)
    const limiter = subscribeLimiter && isSubscribeAttempt(req.method, pathname) ? subscribeLimiter : rateLimiter && spendsPublicBudget(req.method, pathname) ? rateLimiter : null
    if (limiter) {
      const decision = await limiter.consume(address)
      if (decision && !decision.allowed) {
        const format = limiter === rateLimiter ? 'problem' : pathname === '/api/subscribe' ? 'subscribe-json' : 'html'
        return sendTooManyRequests(res, decision, req.method === 'HEAD', format)
      }
      if (decision) for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value)
    }
    if (cache && isCacheableRequest(req, pathname)) return cache.serve(req, res, () => toNext(req, res))
    return toNext(req, res)
  }
}

export interface Edge {
  handler: Handler
  close(): Promise<void>
}

/** Reads the configuration; throws (before anything connects) when a value is invalid. */
export function edgeConfig(env: NodeJS.ProcessEnv) {
  const positive = (name: string, fallback: number) => {
    const value = env[name]
    if (value === undefined || value.trim() === '') return fallback
    const parsed = Number(value)
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
    return parsed
  }
  return {
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    perMinute: parseLimit('RATE_LIMIT_PUBLIC_PER_MINUTE', env.RATE_LIMIT_PUBLIC_PER_MINUTE, 100),
    subscribePerHour: parseLimit('RATE_LIMIT_SUBSCRIBE_PER_HOUR', env.RATE_LIMIT_SUBSCRIBE_PER_HOUR, 5),
    cacheMaxEntries: positive('RESPONSE_CACHE_MAX_ENTRIES', 5000),
    cacheMaxBytes: positive('RESPONSE_CACHE_MAX_MB', 64) * 1024 * 1024,
    originConcurrency: positive('ORIGIN_CONCURRENCY', 4),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    testHooks: env.STATUSPAGE_TEST_HOOKS === '1',
  }
}

export function createEdge(config: ReturnType<typeof edgeConfig>, next: Handler, target: () => { host: string; port: number }): Edge {
  const redis = config.redisUrl ? createRedis(config.redisUrl, 'commands') : undefined
  let bus: InvalidationBus | undefined
  if (config.redisUrl && redis) bus = startInvalidationBus(redis, createRedis(config.redisUrl, 'invalidation', { queueWhileOffline: true }))
  const loopback = createLoopback({ target })
  const cache =
    config.cacheMaxEntries > 0 && config.cacheMaxBytes > 0
      ? createResponseCache({
          origin: loopback.origin,
          originConcurrency: config.originConcurrency,
          maxEntries: config.cacheMaxEntries,
          maxBytes: config.cacheMaxBytes,
        })
      : null
  const handler = createFront({
    next,
    clientAddress: createClientAddress(config.trustedProxies),
    publicOrigin: createPublicOrigin(config.trustedProxies),
    rateLimiter: createRateLimiter({ points: config.perMinute, redis }),
    subscribeLimiter: createRateLimiter({ points: config.subscribePerHour, windowSeconds: 3600, redis, keyPrefix: 'statuspage:rl:subscribe' }),
    cache,
    loopback,
    testHooks: config.testHooks,
  })
  return {
    handler,
    async close() {
      await bus?.close()
      redis?.disconnect()
      loopback.close()
    },
  }
}
