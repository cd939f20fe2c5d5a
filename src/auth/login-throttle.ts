/**
 * Failed logins are throttled per client address and per (account, address), never per account:
 * an account that anyone can lock is one an attacker can keep its owners out of. Every attempt spends a point
 * before the password is checked (so parallel guesses cannot slip past); a successful login gives them back.
 *
 * Budgets (per LOGIN_THROTTLE_WINDOW_MINUTES, default 15): LOGIN_FAILURES_PER_ACCOUNT (10) for one account from
 * one address, LOGIN_FAILURES_PER_ADDRESS (30) over all accounts from one address. In Redis when REDIS_URL is set,
 * so every instance spends one budget; in memory when Redis is down (an outage never turns the throttle off).
 */
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { type Env, env } from '@/config/env'
import { onShutdown } from '@/runtime/shutdown'

export interface LoginThrottleOptions {
  perAccount: number
  perAddress: number
  windowSeconds: number
  redis?: Redis
}

export interface LoginThrottle {
  /** Spends one attempt; the seconds to wait when the budget is spent, else null. */
  attempt(address: string, account: string): Promise<number | null>
  /** A successful login: this account's failures from this address are forgotten, the attempt refunded. */
  succeeded(address: string, account: string): Promise<void>
}

function limiter(points: number, duration: number, keyPrefix: string, redis?: Redis): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix })
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        points,
        duration,
        keyPrefix,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory
}

export function createLoginThrottle({
  perAccount,
  perAddress,
  windowSeconds,
  redis,
}: LoginThrottleOptions): LoginThrottle {
  const byAccount = limiter(perAccount, windowSeconds, 'statuspage:login:account', redis)
  const byAddress = limiter(perAddress, windowSeconds, 'statuspage:login:address', redis)
  const accountKey = (address: string, account: string) => `${address}|${account.trim().toLowerCase()}`

  const spend = async (target: RateLimiterAbstract, key: string): Promise<number | null> => {
    try {
      await target.consume(key)
      return null
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
      throw rejection
    }
  }

  return {
    async attempt(address, account) {
      const [accountWait, addressWait] = await Promise.all([
        spend(byAccount, accountKey(address, account)),
        spend(byAddress, address),
      ])
      return accountWait === null && addressWait === null ? null : Math.max(accountWait ?? 0, addressWait ?? 0)
    },
    async succeeded(address, account) {
      await Promise.all([byAccount.delete(accountKey(address, account)), byAddress.reward(address, 1)])
    },
  }
}

/** The budgets from the configuration (src/config/env.ts). */
export function loginThrottleConfig(settings: Env = env()) {
  return {
    perAccount: settings.LOGIN_FAILURES_PER_ACCOUNT,
    perAddress: settings.LOGIN_FAILURES_PER_ADDRESS,
    windowSeconds: settings.LOGIN_THROTTLE_WINDOW_MINUTES * 60,
    redisUrl: settings.REDIS_URL,
  }
}

let shared: LoginThrottle | undefined

/** The process's throttle, built on first use from the environment. */
export function loginThrottle(): LoginThrottle {
  if (shared) return shared
  const { redisUrl, ...budgets } = loginThrottleConfig()
  let redis: Redis | undefined
  if (redisUrl) {
    // Fails fast while disconnected: the in-memory insurance limiter answers instead.
    redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 1000,
      lazyConnect: false,
    })
    let down = false
    redis.on('error', (error: Error) => {
      if (!down) console.warn(`Redis (login throttle) unavailable, counting failed logins in memory: ${error.message}`)
      down = true
    })
    redis.on('ready', () => (down = false))
    const connection = redis
    onShutdown('login throttle (Redis)', () => connection.quit())
  }
  shared = createLoginThrottle({ ...budgets, redis })
  return shared
}
