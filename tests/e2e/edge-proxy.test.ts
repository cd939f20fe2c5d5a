/**
 * The edge's rate limits behind a trusted proxy (X-Forwarded-For from it, and from nobody else), the CMS budget, and
 * an instance whose Redis is unreachable, through real HTTP against the built server (`npm start`). Source addresses
 * 127.0.0.x stand for different clients (loopback is a /8 on Linux).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EDGE_DATABASES, sqliteEdgeEnv, startCounting } from '../helpers/edge'
import { call, createUserKey, dropPostgres, freePort, type Started, stopServices } from '../helpers/service'

afterAll(() => stopServices())

describe.each(EDGE_DATABASES)('behind a trusted proxy (%s, TRUSTED_PROXIES=127.0.0.1)', (_database, databaseEnv) => {
  let server: Started

  beforeAll(async () => {
    server = await startCounting({
      ...(await databaseEnv()),
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '3',
      RATE_LIMIT_CMS_PER_MINUTE: '3',
    })
  })

  afterAll(async () => {
    stopServices([server])
    await dropPostgres(server?.env.DATABASE_URL)
  })

  it('puts anonymous CMS reads and GraphQL under the CMS budget, and not requests with an API key', async () => {
    const from = '127.0.0.6'
    for (let i = 0; i < 2; i++) expect((await call(`${server.base}/api/incidents?limit=1`, { from })).status).toBe(200)
    expect(
      (
        await call(`${server.base}/api/graphql`, {
          method: 'POST',
          from,
          body: { query: '{ Services { totalDocs } }' },
        })
      ).status,
    ).toBe(200)
    const refused = await call(`${server.base}/api/services`, { from })
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeTruthy()
    expect(refused.json().errors[0].message).toMatch(/Too many requests/)
    const graphql = await call(`${server.base}/api/graphql`, {
      method: 'POST',
      from,
      body: { query: '{ Services { totalDocs } }' },
    })
    expect(graphql.status).toBe(429)
    const key = await createUserKey(server, 'editor')
    expect(
      (await call(`${server.base}/api/services`, { from, headers: { authorization: `users API-Key ${key}` } })).status,
    ).toBe(200)
    // The public API has its own budget.
    expect((await call(`${server.base}/api/v1/status`, { from })).status).toBe(200)
  })

  it('limits the address the proxy forwarded, and ignores X-Forwarded-For from anyone else', async () => {
    const url = `${server.base}/api/v1/status`
    const viaProxy = (client: string) =>
      call(url, { from: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.250, ${client}` } })
    for (let i = 0; i < 3; i++) expect((await viaProxy('203.0.113.1')).status).toBe(200)
    expect((await viaProxy('203.0.113.1')).status).toBe(429)
    // Another client behind the same proxy has its own budget (the left-most entry, a client's claim, is not used).
    expect((await viaProxy('203.0.113.2')).status).toBe(200)
    // A peer that is not a trusted proxy is limited by its own address whatever it claims.
    for (let i = 0; i < 3; i++)
      expect(
        (await call(url, { from: '127.0.0.3', headers: { 'x-forwarded-for': `203.0.113.${10 + i}` } })).status,
      ).toBe(200)
    expect((await call(url, { from: '127.0.0.3', headers: { 'x-forwarded-for': '203.0.113.99' } })).status).toBe(429)
  })
})

describe('one instance whose Redis is unreachable', () => {
  let server: Started

  beforeAll(async () => {
    server = await startCounting({
      ...sqliteEdgeEnv(),
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '3',
    })
  })

  it('says so in health, and still limits each address, in its own memory', async () => {
    const health = await call(`${server.base}/api/health`)
    expect(health.status).toBe(200)
    expect(health.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down' })
    const url = `${server.base}/api/v1/status`
    for (let i = 0; i < 3; i++) expect((await call(url, { from: '127.0.0.7' })).status).toBe(200)
    const refused = await call(url, { from: '127.0.0.7' })
    expect(refused.status).toBe(429)
    expect(refused.headers['content-type']).toBe('application/problem+json')
    expect((await call(url, { from: '127.0.0.8' })).status).toBe(200)
  })
})
