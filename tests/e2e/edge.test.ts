/**
 * The edge in front of Next, through real HTTP against the built server (`npm start`): the response cache (hits,
 * 304s, single flight, invalidation by writes, expiry at a maintenance's start), the public rate limit per client
 * address, X-Forwarded-For behind a trusted proxy, and two instances sharing PostgreSQL and Redis.
 *
 * STATUSPAGE_TEST_HOOKS=1 makes the server count the requests it hands to Next (GET /__edge/stats): a cache hit
 * leaves the count alone. Source addresses 127.0.0.x stand for different clients (loopback is a /8 on Linux).
 */
import { randomBytes, randomInt } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { call, createUserKey, dropPostgres, postgresEnv, runCreateUser, sqliteEnv, type Started, startService as startNpm, stopServices } from '../helpers/service'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

// Every server here counts what it hands to Next (GET /__edge/stats).
const startService = (env: Record<string, string>) => startNpm({ STATUSPAGE_TEST_HOOKS: '1', ...env })

afterAll(() => stopServices())

const sqlite = () => sqliteEnv('sp-edge-')

/** A service (in a new group) created through the CMS API; returns its id. */
async function createService(base: string, auth: Record<string, string>, name: string): Promise<number> {
  const group = await call(`${base}/api/service-groups`, { method: 'POST', headers: auth, body: { name: `Group ${randomBytes(3).toString('hex')}` } })
  expect(group.status, group.text).toBe(201)
  const service = await call(`${base}/api/services`, { method: 'POST', headers: auth, body: { name, group: group.json().doc.id, status: 'operational' } })
  expect(service.status, service.text).toBe(201)
  return service.json().doc.id
}

async function nextCount(started: Started, pathAndQuery: string): Promise<number> {
  const stats = (await call(`${started.base}/__edge/stats`)).json()
  return stats.next[pathAndQuery] ?? 0
}

describe('one instance (SQLite, default rate limit)', () => {
  let server: Started
  let auth: Record<string, string>
  // The cache tests read from their own address, so they do not spend the budget the rate-limit tests measure.
  const reader = '127.0.0.10'

  beforeAll(async () => {
    server = await startService(sqlite())
    auth = { authorization: `users API-Key ${await createUserKey(server.env, 'editor')}` }
  })

  it('answers a repeated GET from the cache, and a matching If-None-Match with a 304, without Next', async () => {
    const url = `${server.base}/api/v1/services`
    const first = await call(url, { from: reader })
    expect(first.status).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.headers.etag).toBeTruthy()
    expect(await nextCount(server, '/api/v1/services')).toBe(1)

    const second = await call(url, { from: reader })
    expect(second).toMatchObject({ status: 200, text: first.text, headers: { 'x-cache': 'HIT', etag: first.headers.etag } })
    expect(second.headers['content-type']).toContain('application/json')
    expect(second.headers['ratelimit-limit']).toBe('100')

    const conditional = await call(url, { from: reader, headers: { 'if-none-match': `W/"nope", ${first.headers.etag}` } })
    expect(conditional).toMatchObject({ status: 304, text: '', headers: { 'x-cache': 'HIT', etag: first.headers.etag } })
    const weak = await call(url, { from: reader, headers: { 'if-none-match': `W/${first.headers.etag}` } })
    expect(weak.status).toBe(304)
    const other = await call(url, { from: reader, headers: { 'if-none-match': '"something-else"' } })
    expect(other).toMatchObject({ status: 200, text: first.text })

    expect(await nextCount(server, '/api/v1/services')).toBe(1)
  })

  it('computes concurrent misses for one key once', async () => {
    const key = '/api/v1/incidents?limit=7'
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(`${server.base}${key}`, { from: reader })))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'MISS').length).toBeGreaterThan(0)
    expect(await nextCount(server, key)).toBe(1)
  })

  it('keys by host: the absolute URLs follow the Host header', async () => {
    const a = await call(`${server.base}/api/v1/status`, { from: reader, headers: { host: 'a.example' } })
    const b = await call(`${server.base}/api/v1/status`, { from: reader, headers: { host: 'b.example' } })
    expect(a.headers['x-cache']).toBe('MISS')
    expect(b.headers['x-cache']).toBe('MISS')
    expect(a.text).not.toContain('b.example')
    expect(b.text).not.toContain('a.example')
  })

  it('shows a CMS write to the next read at once', async () => {
    const url = `${server.base}/api/v1/services`
    const id = await createService(server.base, auth, 'Edge check 0')
    for (let round = 1; round <= 5; round++) {
      await call(url, { from: reader }) // cached before the write
      const patched = await call(`${server.base}/api/services/${id}`, { method: 'PATCH', headers: auth, body: { name: `Edge check ${round}` } })
      expect(patched.status).toBe(200)
      const read = await call(url, { from: reader })
      expect(read.headers['x-cache']).toBe('MISS')
      expect(read.json().data.map((service: any) => service.name)).toContain(`Edge check ${round}`)
    }
  })

  it('shows a GraphQL write and an admin session write to the next read at once', async () => {
    const url = `${server.base}/api/v1/services`
    const id = await createService(server.base, auth, 'Via GraphQL 0')
    await call(url, { from: reader })
    const mutation = await call(`${server.base}/api/graphql`, {
      method: 'POST',
      headers: auth,
      body: { query: `mutation { updateService(id: ${id}, data: { name: "Via GraphQL 1", status: operational }) { name } }` },
    })
    expect(mutation.status, mutation.text).toBe(200)
    expect(mutation.json().data.updateService.name).toBe('Via GraphQL 1')
    expect((await call(url, { from: reader })).json().data.map((service: any) => service.name)).toContain('Via GraphQL 1')

    // The admin area saves through the REST API with its session cookie.
    const password = `admin-pw-${randomBytes(6).toString('hex')}`
    const email = `admin-${randomBytes(4).toString('hex')}@example.test`
    expect((await runCreateUser(server.env, email, 'admin', password)).status).toBe(0)
    const login = await call(`${server.base}/api/users/login`, { method: 'POST', body: { email, password } })
    expect(login.status, login.text).toBe(200)
    const cookie = String(login.headers['set-cookie']).split(';')[0]
    await call(url, { from: reader })
    const saved = await call(`${server.base}/api/services/${id}`, { method: 'PATCH', headers: { cookie }, body: { name: 'Via the admin' } })
    expect(saved.status, saved.text).toBe(200)
    expect((await call(url, { from: reader })).json().data.map((service: any) => service.name)).toContain('Via the admin')
  })

  it('shows the job moving a maintenance on in time, through the cache', async () => {
    const startsAt = Date.now() + 2500
    const created = await call(`${server.base}/api/maintenances`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Moved by the job', scheduledStartAt: new Date(startsAt).toISOString(), scheduledEndAt: new Date(startsAt + 2000).toISOString() },
    })
    expect(created.status, created.text).toBe(201)
    const url = `${server.base}/api/v1/maintenances/${created.json().doc.shortId}`
    const seen = new Set<string>()
    const deadline = startsAt + 2000 + 8000
    while (Date.now() < deadline && !seen.has('completed')) {
      seen.add((await call(url, { from: '127.0.0.11' })).json().data.status) // its own budget: this polls
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect([...seen]).toEqual(['upcoming', 'in_progress', 'completed'])
  })

  it('expires a cached status when a maintenance starts, and never shows the expiry header', async () => {
    const url = `${server.base}/api/v1/status`
    const startsAt = Date.now() + 3000
    const created = await call(`${server.base}/api/maintenances`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Edge window', scheduledStartAt: new Date(startsAt).toISOString(), scheduledEndAt: new Date(startsAt + 3_600_000).toISOString() },
    })
    expect(created.status).toBe(201)
    const before = await call(url, { from: reader })
    expect(before.headers['x-statuspage-expires']).toBeUndefined()
    expect((await call(url, { from: reader })).headers['x-cache']).toBe('HIT')
    const computed = await nextCount(server, '/api/v1/status')
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt - Date.now()) + 200))
    const after = await call(url, { from: reader })
    expect(after.status).toBe(200)
    expect(after.headers['x-cache']).toBe('MISS')
    expect(await nextCount(server, '/api/v1/status')).toBe(computed + 1)
  })

  it('refuses the 101st public read in a minute from one address with a 429 problem', async () => {
    const url = `${server.base}/api/v1/status`
    for (let i = 0; i < 100; i++) {
      const answer = await call(url, { from: '127.0.0.1', method: i % 2 ? 'HEAD' : 'GET' })
      expect(answer.status).toBe(200)
      expect(answer.headers['ratelimit-remaining']).toBe(String(99 - i))
    }
    const refused = await call(url, { from: '127.0.0.1' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '100', 'ratelimit-remaining': '0', 'ratelimit-policy': '100;w=60' })
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0)
    expect(refused.headers['content-type']).toBe('application/problem+json')
    expect(refused.json()).toMatchObject({ type: 'about:blank', title: 'Too Many Requests', status: 429 })
    expect(refused.json().detail).toBeTruthy()

    // Claiming another address in X-Forwarded-For does not help: this server trusts no proxy.
    const spoofed = await call(url, { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.77' } })
    expect(spoofed.status).toBe(429)
    // Another client is unaffected, and the CMS API is not a public read.
    expect((await call(url, { from: '127.0.0.2' })).status).toBe(200)
    expect((await call(`${server.base}/api/services`, { from: '127.0.0.1' })).status).toBe(200)
  })
})

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let server: Started

  beforeAll(async () => {
    server = await startService({ ...sqlite(), TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_PUBLIC_PER_MINUTE: '3' })
  })

  it('limits the address the proxy forwarded, and ignores X-Forwarded-For from anyone else', async () => {
    const url = `${server.base}/api/v1/status`
    const viaProxy = (client: string) => call(url, { from: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.250, ${client}` } })
    for (let i = 0; i < 3; i++) expect((await viaProxy('203.0.113.1')).status).toBe(200)
    expect((await viaProxy('203.0.113.1')).status).toBe(429)
    // Another client behind the same proxy has its own budget (the left-most entry, a client's claim, is not used).
    expect((await viaProxy('203.0.113.2')).status).toBe(200)
    // A peer that is not a trusted proxy is limited by its own address whatever it claims.
    for (let i = 0; i < 3; i++) expect((await call(url, { from: '127.0.0.3', headers: { 'x-forwarded-for': `203.0.113.${10 + i}` } })).status).toBe(200)
    expect((await call(url, { from: '127.0.0.3', headers: { 'x-forwarded-for': '203.0.113.99' } })).status).toBe(429)
  })
})

describe('two instances on one PostgreSQL and Redis', () => {
  let one: Started
  let two: Started
  let auth: Record<string, string>

  beforeAll(async () => {
    const env = { ...(await postgresEnv('sp_test_edge_')), REDIS_URL: redisUrl, TRUSTED_PROXIES: 'loopback', RATE_LIMIT_PUBLIC_PER_MINUTE: '4' }
    one = await startService(env)
    two = await startService(env) // after the first has migrated
    auth = { authorization: `users API-Key ${await createUserKey(env, 'editor')}` }
  })

  afterAll(async () => {
    stopServices([one, two])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await dropPostgres(one?.env.DATABASE_URL)
  })

  // A fresh address per run: the budget lives in Redis for a minute.
  const client = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`

  it('a write on one instance invalidates the other instance’s cache', async () => {
    const url = '/api/v1/services'
    const reader = client()
    const read = (server: Started) => call(`${server.base}${url}`, { headers: { 'x-forwarded-for': reader } })
    await read(two)
    expect((await read(two)).headers['x-cache']).toBe('HIT')
    await createService(one.base, auth, 'Across instances')
    // The bump travels over Redis pub/sub: wait for it to arrive, without a time limit of our own.
    let answer = await read(two)
    for (let i = 0; i < 50 && answer.headers['x-cache'] === 'HIT'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await call(`${two.base}${url}`, { headers: { 'x-forwarded-for': client() } })
    }
    expect(answer.json().data.map((service: any) => service.name)).toContain('Across instances')
  })

  it('shares one rate budget', async () => {
    const who = client()
    const read = (server: Started) => call(`${server.base}/api/v1/status`, { headers: { 'x-forwarded-for': who } })
    expect((await read(one)).status).toBe(200)
    expect((await read(two)).status).toBe(200)
    expect((await read(one)).status).toBe(200)
    const fourth = await read(two)
    expect(fourth.status).toBe(200)
    expect(fourth.headers['ratelimit-remaining']).toBe('0')
    expect((await read(one)).status).toBe(429)
    expect((await read(two)).status).toBe(429)
  })
})
