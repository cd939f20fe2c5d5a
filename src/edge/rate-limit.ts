/**
 * Rate limit of public reads: RATE_LIMIT_PUBLIC_PER_MINUTE requests a minute per client address, in Redis when
 * REDIS_URL is set (every instance spends one budget) and in memory otherwise. A Redis outage never turns into an
 * error: the limiter fails open and says so once in the log.
 */
import type { ServerResponse } from 'node:http'

import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { isPublicPath } from './public-paths'

const WINDOW_SECONDS = 60

/** The requests that spend the public read budget: GET and HEAD of /api/v1 and of the public pages and feeds. */
export function isPublicRead(method: string | undefined, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  return isPublicPath(pathname)
}

/** Parses RATE_LIMIT_PUBLIC_PER_MINUTE: unset means 100, 0 turns the limit off. */
export function parsePerMinute(value: string | undefined, fallback = 100): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`RATE_LIMIT_PUBLIC_PER_MINUTE must be a whole number, got "${value}"`)
  return parsed
}

export interface RateDecision {
  allowed: boolean
  /** RateLimit-* (and, when refused, Retry-After) headers for the response. */
  headers: Record<string, string>
}

export interface RateLimiter {
  /** Spends one request of `key`'s budget; null when the store is unreachable (the request is served). */
  consume(key: string): Promise<RateDecision | null>
}

export interface RateLimiterOptions {
  perMinute: number
  redis?: Redis
  keyPrefix?: string
  log?: (message: string) => void
}

export function createRateLimiter({ perMinute, redis, keyPrefix = 'statuspage:rl:public', log = console.warn }: RateLimiterOptions): RateLimiter | null {
  if (perMinute <= 0) return null
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, points: perMinute, duration: WINDOW_SECONDS, keyPrefix, rejectIfRedisNotReady: true })
    : new RateLimiterMemory({ points: perMinute, duration: WINDOW_SECONDS, keyPrefix })
  const policy = `${perMinute};w=${WINDOW_SECONDS}`
  let failing = false

  const headersOf = (result: RateLimiterRes, allowed: boolean): Record<string, string> => {
    const resetSeconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000))
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(perMinute),
      'RateLimit-Remaining': String(Math.max(0, result.remainingPoints)),
      'RateLimit-Reset': String(resetSeconds),
      'RateLimit-Policy': policy,
    }
    if (!allowed) headers['Retry-After'] = String(resetSeconds)
    return headers
  }

  return {
    async consume(key) {
      try {
        const result = await limiter.consume(key)
        if (failing) log('Rate limit store reachable again: public rate limits are enforced.')
        failing = false
        return { allowed: true, headers: headersOf(result, true) }
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          failing = false
          return { allowed: false, headers: headersOf(rejection, false) }
        }
        if (!failing) log(`Rate limit store unreachable, serving without public rate limits: ${String(rejection)}`)
        failing = true
        return null
      }
    },
  }
}

/** The 429: RFC 9457 problem details, with the retry hint in the headers and the detail. */
export function sendTooManyRequests(res: ServerResponse, decision: RateDecision, head: boolean): void {
  const retryAfter = decision.headers['Retry-After'] ?? '60'
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Too Many Requests',
    status: 429,
    detail: `Too many requests from this address; try again in ${retryAfter} second${retryAfter === '1' ? '' : 's'}.`,
  })
  res.writeHead(429, {
    ...decision.headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy',
  })
  res.end(head ? undefined : body)
}
