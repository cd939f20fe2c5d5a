/**
 * The login throttle (M3) on its own: budgets per (account, address) and per address, forgiveness after a
 * success, one budget across instances through the real Redis (127.0.0.1:6379, or TEST_REDIS_URL), and still a
 * throttle when Redis is unreachable.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'

import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'

import { createLoginThrottle } from '@/auth/login-throttle'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const clients: Redis[] = []
const redis = (url = redisUrl) => {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 500,
    commandTimeout: 500,
  })
  client.on('error', () => {})
  clients.push(client)
  return client
}
const unique = () => randomBytes(4).toString('hex')

afterAll(() => {
  for (const client of clients) client.disconnect()
})

async function ready(client: Redis) {
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve))
}

describe('createLoginThrottle', () => {
  it('allows 10 attempts per account and address, then says how long to wait; other addresses and accounts go on', async () => {
    const throttle = createLoginThrottle({ perAccount: 10, perAddress: 30, windowSeconds: 900 })
    for (let i = 0; i < 10; i++) expect(await throttle.attempt('203.0.113.1', 'Admin@Example.com')).toBeNull()
    const wait = await throttle.attempt('203.0.113.1', 'admin@example.com ')
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(900)
    expect(await throttle.attempt('203.0.113.2', 'admin@example.com')).toBeNull()
    expect(await throttle.attempt('203.0.113.1', 'other@example.com')).toBeNull()
  })

  it('limits one address across accounts', async () => {
    const throttle = createLoginThrottle({ perAccount: 10, perAddress: 30, windowSeconds: 900 })
    for (let i = 0; i < 30; i++) expect(await throttle.attempt('203.0.113.3', `user${i}@example.com`)).toBeNull()
    expect(await throttle.attempt('203.0.113.3', 'fresh@example.com')).toBeGreaterThan(0)
  })

  it('forgets the failures of an account from an address after a success there', async () => {
    const throttle = createLoginThrottle({ perAccount: 3, perAddress: 30, windowSeconds: 900 })
    for (let i = 0; i < 3; i++) expect(await throttle.attempt('203.0.113.4', 'a@example.com')).toBeNull()
    await throttle.succeeded('203.0.113.4', 'a@example.com')
    for (let i = 0; i < 3; i++) expect(await throttle.attempt('203.0.113.4', 'a@example.com')).toBeNull()
    expect(await throttle.attempt('203.0.113.4', 'a@example.com')).toBeGreaterThan(0)
  })

  it('shares one budget between instances through Redis', async () => {
    const [one, two] = [redis(), redis()]
    await Promise.all([ready(one), ready(two)])
    const a = createLoginThrottle({ perAccount: 4, perAddress: 30, windowSeconds: 60, redis: one })
    const b = createLoginThrottle({ perAccount: 4, perAddress: 30, windowSeconds: 60, redis: two })
    const [address, account] = [`198.51.100.${unique()}`, `${unique()}@example.com`]
    expect(await a.attempt(address, account)).toBeNull()
    expect(await b.attempt(address, account)).toBeNull()
    expect(await a.attempt(address, account)).toBeNull()
    expect(await b.attempt(address, account)).toBeNull()
    expect(await a.attempt(address, account)).toBeGreaterThan(0)
    expect(await b.attempt(address, account)).toBeGreaterThan(0)
  })

  it('still throttles, in memory, when Redis cannot be reached', async () => {
    const closed = createServer()
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)),
    )
    await new Promise((resolve) => closed.close(resolve))
    const throttle = createLoginThrottle({
      perAccount: 2,
      perAddress: 30,
      windowSeconds: 60,
      redis: redis(`redis://127.0.0.1:${port}`),
    })
    expect(await throttle.attempt('203.0.113.5', 'a@example.com')).toBeNull()
    expect(await throttle.attempt('203.0.113.5', 'a@example.com')).toBeNull()
    expect(await throttle.attempt('203.0.113.5', 'a@example.com')).toBeGreaterThan(0)
  })
})
