/**
 * Rate limits per client address (src/edge/public-paths.ts decides which budget a request spends): public reads
 * (RATE_LIMIT_PUBLIC_PER_MINUTE, default 100 a minute), subscribe attempts (RATE_LIMIT_SUBSCRIBE_PER_HOUR, default 5
 * an hour) and anonymous CMS reads and GraphQL (RATE_LIMIT_CMS_PER_MINUTE, default 60 a minute). In Redis when
 * REDIS_URL is set (every instance spends one budget) and in memory otherwise. While Redis is unreachable each
 * instance counts in its own memory (rate-limiter-flexible's insurance limiter) and says so once in the log.
 *
 * In memory the answer is synchronous (a fixed-window counter, the same windows as rate-limiter-flexible's memory
 * limiter): a cache hit then costs no promise at all (src/edge/front.ts).
 */
import type { ServerResponse } from 'node:http'

import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'

import { type AnyLocale, DEFAULT_LOCALE } from '@/domain/locales'

import { ENGLISH_EDGE_WORDS, type EdgeWords } from './edge-words'

export interface RateDecision {
  allowed: boolean
  /** RateLimit-* (and, when refused, Retry-After) headers for the response. */
  headers: Record<string, string>
}

export interface RateLimiter {
  /**
   * Spends one request of `key`'s budget; null when the store failed (the request is served). Synchronous when the
   * budget is counted in memory, a promise when it is in Redis.
   */
  consume(key: string): RateDecision | null | Promise<RateDecision | null>
}

/**
 * A fixed window per key, counted in memory: it starts at the key's first request and lasts `windowMs` (as
 * rate-limiter-flexible's memory limiter counts). Windows that ended are swept once per window length.
 */
export function createWindowCounter(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { used: number; endsAt: number }>()
  let sweepAt = now() + windowMs
  return (key: string): { used: number; msLeft: number } => {
    const at = now()
    if (at >= sweepAt) {
      for (const [name, window] of windows) if (window.endsAt <= at) windows.delete(name)
      sweepAt = at + windowMs
    }
    let window = windows.get(key)
    if (!window || window.endsAt <= at) {
      window = { used: 0, endsAt: at + windowMs }
      windows.set(key, window)
    }
    window.used += 1
    return { used: window.used, msLeft: window.endsAt - at }
  }
}

export interface RateLimiterOptions {
  /** Requests allowed per window; 0 turns the limit off. */
  points: number
  windowSeconds?: number
  redis?: Redis
  keyPrefix?: string
  log?: (message: string) => void
}

export function createRateLimiter({
  points,
  windowSeconds = 60,
  redis,
  keyPrefix = 'statuspage:rl:public',
  log = console.warn,
}: RateLimiterOptions): RateLimiter | null {
  if (points <= 0) return null
  const limit = String(points)
  const policy = `${points};w=${windowSeconds}`
  const decide = (remaining: number, msBeforeNext: number, allowed: boolean): RateDecision => {
    const reset = String(Math.max(1, Math.ceil(msBeforeNext / 1000)))
    const headers: Record<string, string> = {
      'RateLimit-Limit': limit,
      'RateLimit-Remaining': String(Math.max(0, remaining)),
      'RateLimit-Reset': reset,
      'RateLimit-Policy': policy,
    }
    if (!allowed) headers['Retry-After'] = reset
    return { allowed, headers }
  }

  if (!redis) {
    const count = createWindowCounter(windowSeconds * 1000)
    return {
      consume(key) {
        const { used, msLeft } = count(key)
        return decide(points - used, msLeft, used <= points)
      },
    }
  }

  let failing = false
  // Counts while Redis is unreachable: per instance, but a limit all the same (rather than none).
  const insurance = new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix })
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    points,
    duration: windowSeconds,
    keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  })
  const allowed = (result: RateLimiterRes) => decide(result.remainingPoints, result.msBeforeNext, true)
  const refused = (rejection: unknown) => {
    if (rejection instanceof RateLimiterRes) return decide(rejection.remainingPoints, rejection.msBeforeNext, false)
    log(`Rate limit store failed, serving this request without a limit: ${String(rejection)}`)
    return null
  }
  return {
    consume(key) {
      const up = redis.status === 'ready'
      if (!up && !failing)
        log('Rate limit store (Redis) unreachable: each instance limits in its own memory until it is back.')
      if (up && failing) log('Rate limit store (Redis) reachable again: the limits are shared again.')
      failing = !up
      return limiter.consume(key).then(allowed, refused)
    },
  }
}

export type TooManyFormat = 'problem' | 'subscribe-json' | 'html' | 'cms'

/**
 * The 429, with the retry hint in the headers and in words. Public reads get RFC 9457 problem details; the
 * subscribe endpoint its own `{success, message}` shape; the subscribe form a small HTML page.
 */
export function sendTooManyRequests(
  res: ServerResponse,
  decision: RateDecision,
  head: boolean,
  format: TooManyFormat = 'problem',
  { locale = DEFAULT_LOCALE, words = ENGLISH_EDGE_WORDS }: { locale?: AnyLocale; words?: EdgeWords } = {},
): void {
  const retryAfter = decision.headers['Retry-After'] ?? '60'
  // The JSON answers' words: English (the edge's own, the same sentence as its page's).
  const detail = ENGLISH_EDGE_WORDS(DEFAULT_LOCALE).tooMany(Number(retryAfter))
  // A page is read by a person, in the language its address names (docs/languages.md); the JSON answers stay English.
  if (format === 'html') return sendTooManyPage(res, decision, head, { locale, words }, Number(retryAfter))
  const [contentType, body] =
    format === 'subscribe-json'
      ? ['application/json', JSON.stringify({ success: false, message: detail })]
      : format === 'cms'
        ? ['application/json', JSON.stringify({ errors: [{ message: detail }] })]
        : [
            'application/problem+json',
            JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail }),
          ]
  write429(res, decision, head, contentType, body)
}

function write429(res: ServerResponse, decision: RateDecision, head: boolean, contentType: string, body: string): void {
  res.writeHead(429, {
    ...decision.headers,
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers':
      'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
  })
  res.end(head ? undefined : body)
}

/** The 429 a form's reader gets: a small page in their language. */
function sendTooManyPage(
  res: ServerResponse,
  decision: RateDecision,
  head: boolean,
  { locale, words }: { locale: AnyLocale; words: EdgeWords },
  seconds: number,
): void {
  const w = words(locale)
  const page = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.tooManyTitle}</title></head><body><main><h1>${w.tooManyTitle}</h1><p>${w.tooMany(seconds)}</p><p><a href="/">${w.back}</a></p></main></body></html>`
  write429(res, decision, head, 'text/html; charset=utf-8', page)
}
