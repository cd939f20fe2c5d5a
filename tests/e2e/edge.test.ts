/**
 * The edge in front of Next, through real HTTP against the built server (`npm start`): the response cache (hits,
 * 304s, single flight, invalidation by writes, expiry at a maintenance's start), the public rate limit per client
 * address, X-Forwarded-For behind a trusted proxy, and two instances sharing PostgreSQL and Redis.
 *
 * STATUSPAGE_TEST_HOOKS=1 preloads the test hooks, which count the requests handed to Next (GET /__edge/stats): a cache hit
 * leaves the count alone. Source addresses 127.0.0.x stand for different clients (loopback is a /8 on Linux).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { request } from 'node:http'
import { connect } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  type Answer,
  call,
  createUserKey,
  dropPostgres,
  freePort,
  postgresEnv,
  runCreateUser,
  sqliteEnv,
  type Started,
  startService as startNpm,
  stopServices,
} from '../helpers/service'

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

// Every server here counts what it hands to Next (GET /__edge/stats).
const startService = (env: Record<string, string>) => startNpm({ STATUSPAGE_TEST_HOOKS: '1', ...env })

afterAll(() => stopServices())

const sqlite = () => sqliteEnv('sp-edge-')

/** A service (in a new group) created through the CMS API; returns its id. */
async function createService(base: string, auth: Record<string, string>, name: string): Promise<number> {
  const group = await call(`${base}/api/service-groups`, {
    method: 'POST',
    headers: auth,
    body: { name: `Group ${randomBytes(3).toString('hex')}` },
  })
  expect(group.status, group.text).toBe(201)
  const service = await call(`${base}/api/services`, {
    method: 'POST',
    headers: auth,
    body: { name, group: group.json().doc.id, status: 'operational' },
  })
  expect(service.status, service.text).toBe(201)
  return service.json().doc.id
}

/** A request with the path exactly as given (a URL would resolve dot segments before sending). */
function rawCall(started: Started, path: string, options: { method?: string; from?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(started.base)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function nextCount(started: Started, pathAndQuery: string): Promise<number> {
  const stats = (await call(`${started.base}/__edge/stats`)).json()
  return stats.next[pathAndQuery] ?? 0
}

/** The single-instance suites run on both databases: the write, commit and bump order differs between them. */
const DATABASES: [string, () => Promise<Record<string, string>>][] = [
  ['SQLite', async () => sqlite()],
  ['PostgreSQL', () => postgresEnv('sp_test_edge_one_')],
]

describe.each(DATABASES)('one instance (%s, default rate limit)', (_database, databaseEnv) => {
  let server: Started
  let auth: Record<string, string>
  // The cache tests read from their own address, so they do not spend the budget the rate-limit tests measure.
  const reader = '127.0.0.10'

  beforeAll(async () => {
    server = await startService(await databaseEnv())
    auth = { authorization: `users API-Key ${await createUserKey(server.env, 'editor')}` }
  })

  afterAll(async () => {
    stopServices([server])
    await dropPostgres(server?.env.DATABASE_URL)
  })

  it('answers a repeated GET from the cache, and a matching If-None-Match with a 304, without Next', async () => {
    const url = `${server.base}/api/v1/services`
    const first = await call(url, { from: reader })
    expect(first.status).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.headers.etag).toBeTruthy()
    expect(await nextCount(server, '/api/v1/services')).toBe(1)

    const second = await call(url, { from: reader })
    expect(second).toMatchObject({
      status: 200,
      text: first.text,
      headers: { 'x-cache': 'HIT', etag: first.headers.etag },
    })
    expect(second.headers['content-type']).toContain('application/json')
    expect(second.headers['ratelimit-limit']).toBe('100')

    const conditional = await call(url, {
      from: reader,
      headers: { 'if-none-match': `W/"nope", ${first.headers.etag}` },
    })
    expect(conditional).toMatchObject({
      status: 304,
      text: '',
      headers: { 'x-cache': 'HIT', etag: first.headers.etag },
    })
    const weak = await call(url, { from: reader, headers: { 'if-none-match': `W/${first.headers.etag}` } })
    expect(weak.status).toBe(304)
    const other = await call(url, { from: reader, headers: { 'if-none-match': '"something-else"' } })
    expect(other).toMatchObject({ status: 200, text: first.text })

    expect(await nextCount(server, '/api/v1/services')).toBe(1)
  })

  // Whether these twenty requests overlap is up to the machine, so this does not prove single flight (a later
  // request may simply hit): tests/unit/edge/front.test.ts holds the computation open and proves it.
  it('answers twenty concurrent reads of one key alike, computing the key once', async () => {
    const key = '/api/v1/incidents?limit=7'
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(`${server.base}${key}`, { from: reader })))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'MISS').length).toBeGreaterThan(0)
    expect(await nextCount(server, key)).toBe(1)
  })

  it('keys by host: the absolute URLs follow the Host header', async () => {
    // An active incident puts its page address into /api/v1/status (no base URL is configured here).
    const made = await call(`${server.base}/api/incidents`, {
      method: 'POST',
      headers: auth,
      body: { title: 'Host check', updates: [{ status: 'investigating', message: 'x' }] },
    })
    expect(made.status, made.text).toBe(201)
    const { id, shortId } = made.json().doc
    const urls = (answer: Answer) => answer.json().data.activeIncidents.map((incident: { url: string }) => incident.url)
    const a = await call(`${server.base}/api/v1/status`, { from: reader, headers: { host: 'a.example' } })
    const b = await call(`${server.base}/api/v1/status`, { from: reader, headers: { host: 'b.example' } })
    expect(a.headers['x-cache']).toBe('MISS')
    expect(b.headers['x-cache']).toBe('MISS')
    expect(urls(a)).toContain(`http://a.example/i/${shortId}`)
    expect(urls(b)).toContain(`http://b.example/i/${shortId}`)
    expect(
      (await call(`${server.base}/api/v1/status`, { from: reader, headers: { host: 'a.example' } })).headers['x-cache'],
    ).toBe('HIT')
    const resolved = await call(`${server.base}/api/incidents/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: { updates: [...made.json().doc.updates, { status: 'resolved', message: 'Done.' }] },
    })
    expect(resolved.status, resolved.text).toBe(200)
  })

  it('shows a CMS write to the next read at once', async () => {
    const url = `${server.base}/api/v1/services`
    const marks = async () => (await call(`${server.base}/__edge/stats`)).json().dataChanges
    const before = await marks()
    const id = await createService(server.base, auth, 'Edge check 0')
    // The hooks marked the requests' change scopes (the bump came after the commit), not bumped by themselves.
    const after = await marks()
    expect(after.inRequest).toBeGreaterThanOrEqual(before.inRequest + 2)
    expect(after.outside).toBe(before.outside)
    for (let round = 1; round <= 5; round++) {
      await call(url, { from: reader }) // cached before the write
      const patched = await call(`${server.base}/api/services/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: { name: `Edge check ${round}` },
      })
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
      body: {
        query: `mutation { updateService(id: ${id}, data: { name: "Via GraphQL 1", status: operational }) { name } }`,
      },
    })
    expect(mutation.status, mutation.text).toBe(200)
    expect(mutation.json().data.updateService.name).toBe('Via GraphQL 1')
    const afterMutation = await call(url, { from: reader })
    expect(afterMutation.headers['x-cache']).toBe('MISS')
    expect(afterMutation.json().data.map((service: any) => service.name)).toContain('Via GraphQL 1')

    // The admin area saves through the REST API with its session cookie.
    const password = `admin-pw-${randomBytes(6).toString('hex')}`
    const email = `admin-${randomBytes(4).toString('hex')}@example.test`
    expect((await runCreateUser(server.env, email, 'admin', password)).status).toBe(0)
    const login = await call(`${server.base}/api/users/login`, { method: 'POST', body: { email, password } })
    expect(login.status, login.text).toBe(200)
    const cookie = String(login.headers['set-cookie']).split(';')[0]
    await call(url, { from: reader })
    const saved = await call(`${server.base}/api/services/${id}`, {
      method: 'PATCH',
      headers: { cookie },
      body: { name: 'Via the admin' },
    })
    expect(saved.status, saved.text).toBe(200)
    expect((await call(url, { from: reader })).json().data.map((service: any) => service.name)).toContain(
      'Via the admin',
    )
  })

  it('shows the job moving a maintenance on in time, through the cache', async () => {
    const startsAt = Date.now() + 2500
    const created = await call(`${server.base}/api/maintenances`, {
      method: 'POST',
      headers: auth,
      body: {
        title: 'Moved by the job',
        scheduledStartAt: new Date(startsAt).toISOString(),
        scheduledEndAt: new Date(startsAt + 2000).toISOString(),
      },
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
      body: {
        title: 'Edge window',
        scheduledStartAt: new Date(startsAt).toISOString(),
        scheduledEndAt: new Date(startsAt + 3_600_000).toISOString(),
      },
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
    // The job moves the maintenance on within a tick of its start, and that write bumps the data version: wait for
    // it here, so that it cannot land in the middle of the next test's cache checks.
    const id = created.json().doc.id
    const deadline = Date.now() + 10_000
    while (
      (await call(`${server.base}/api/maintenances/${id}`, { headers: auth })).json().status !== 'in_progress' &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  it('refuses dot segments and bad escapes with a 400 in the shape of where they point, never a 500', async () => {
    const problem = [
      '/x/../api/v1/status',
      '/%2e/api/v1/status',
      '/a/%2e%2E/api/v1/status',
      '/api/v2/../v1/status',
      '/api/v1/%ff',
      '/api/v1/incidents/%ff%fe',
    ]
    const cms = ['/api/%ff', '/api/media/file/%00']
    const page = ['/x/../feed.atom', '/x/../', '/%2e/history', '/i/%ff', '/admin/%ff']
    for (const path of problem) {
      const answer = await rawCall(server, path, { from: '127.0.0.12' })
      expect(answer.status, path).toBe(400)
      expect(answer.headers['content-type'], path).toBe('application/problem+json')
      expect(answer.json(), path).toMatchObject({ status: 400, title: 'Bad Request' })
    }
    for (const path of cms) {
      const answer = await rawCall(server, path, { from: '127.0.0.12' })
      expect(answer.status, path).toBe(400)
      expect(answer.json().errors[0].message, path).toBeTruthy()
    }
    for (const path of page) {
      const answer = await rawCall(server, path, { from: '127.0.0.12' })
      expect(answer.status, path).toBe(400)
      expect(answer.headers['content-type'], path).toMatch(/^text\/(plain|html)/)
    }
    for (const path of ['/x/../api/subscribe', '/%2e/api/subscribe', '/x/../subscribe']) {
      expect((await rawCall(server, path, { method: 'POST', from: '127.0.0.12' })).status, path).toBe(400)
    }
    // None of them reached Next.
    const stats = (await call(`${server.base}/__edge/stats`)).json()
    expect(Object.keys(stats.next).filter((key) => key.includes('..') || key.includes('%'))).toEqual([])
  })

  it('answers a read with parameters the route ignores from the one canonical entry', async () => {
    const before = await nextCount(server, '/api/v1/status')
    for (let i = 1; i <= 100; i++) {
      const answer = await call(`${server.base}/api/v1/status?_=${i}`, { from: `127.0.0.${20 + (i % 5)}` })
      expect(answer.status).toBe(200)
    }
    expect(await nextCount(server, '/api/v1/status')).toBeLessThanOrEqual(before + 1)
    const stats = (await call(`${server.base}/__edge/stats`)).json()
    expect(Object.keys(stats.next).filter((key) => key.includes('_='))).toEqual([])
    // The list's own parameters still count, in any order.
    const a = await call(`${server.base}/api/v1/incidents?limit=3&page=1&utm_source=x`, { from: reader })
    const b = await call(`${server.base}/api/v1/incidents?page=1&limit=3`, { from: reader })
    expect(b.headers['x-cache']).toBe('HIT')
    expect(b.text).toBe(a.text)
    expect(a.text).not.toContain('utm_source')
  })

  it('keeps the cache through requests that change no public data, whatever their method', async () => {
    const url = `${server.base}/api/v1/services`
    await call(url, { from: reader })
    const hit = async (what: string) => expect((await call(url, { from: reader })).headers['x-cache'], what).toBe('HIT')
    await hit('primed')

    const graphqlRead = await call(`${server.base}/api/graphql`, {
      method: 'POST',
      from: '127.0.0.13',
      body: { query: '{ Services { totalDocs } }' },
    })
    expect(graphqlRead.status, graphqlRead.text).toBe(200)
    await hit('after an anonymous GraphQL read')

    const password = `pw-${randomBytes(6).toString('hex')}`
    const email = `keeper-${randomBytes(4).toString('hex')}@example.test`
    expect((await runCreateUser(server.env, email, 'admin', password)).status).toBe(0)
    expect(
      (await call(`${server.base}/api/users/login`, { method: 'POST', body: { email, password: 'wrong' } })).status,
    ).toBe(401)
    await hit('after a failed login')
    const login = await call(`${server.base}/api/users/login`, { method: 'POST', body: { email, password } })
    expect(login.status, login.text).toBe(200)
    await hit('after a login')
    const cookie = String(login.headers['set-cookie']).split(';')[0]

    const forgot = await call(`${server.base}/api/users/forgot-password`, { method: 'POST', body: { email } })
    expect(forgot.status, forgot.text).toBeLessThan(500)
    await hit('after forgot-password')

    const preference = await call(`${server.base}/api/payload-preferences/edge-test`, {
      method: 'POST',
      headers: { cookie },
      body: { value: { columns: ['title'] } },
    })
    expect(preference.status, preference.text).toBe(200)
    await hit('after an admin preference write')
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
    expect(refused.headers).toMatchObject({
      'ratelimit-limit': '100',
      'ratelimit-remaining': '0',
      'ratelimit-policy': '100;w=60',
    })
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

describe.each(DATABASES)('behind a trusted proxy (%s, TRUSTED_PROXIES=127.0.0.1)', (_database, databaseEnv) => {
  let server: Started

  beforeAll(async () => {
    server = await startService({
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
    const key = await createUserKey(server.env, 'editor')
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

describe('two instances on one PostgreSQL and Redis', () => {
  let one: Started
  let two: Started
  let auth: Record<string, string>

  beforeAll(async () => {
    const env = {
      ...(await postgresEnv('sp_test_edge_')),
      REDIS_URL: redisUrl,
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '4',
    }
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
  // IPv6 clients are limited per /64: a fresh /64 per client.
  const client = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}::1`

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
    // Another address in the same /64 is the same client.
    const neighbour = who.replace(/::1$/, '::beef')
    expect((await call(`${one.base}/api/v1/status`, { headers: { 'x-forwarded-for': neighbour } })).status).toBe(429)
  })
})

describe('two instances on one PostgreSQL while their Redis goes away and comes back', () => {
  let one: Started
  let two: Started
  let auth: Record<string, string>
  let redisPort: number
  let redis: ChildProcess | undefined

  /** A redis-server of our own, so the test can kill it; resolves once it accepts connections. */
  async function startRedis(): Promise<void> {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: 'ignore' },
    )
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(redisPort, '127.0.0.1', () => {
          socket.end()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      })
      if (up) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  function stopRedis(): Promise<void> {
    const child = redis
    redis = undefined
    if (!child || child.exitCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  }

  const health = async (server: Started) => (await call(`${server.base}/api/health`)).json()

  /** Reads `url` on `server` until `done` says yes; the bound only ends a test that would otherwise never finish. */
  async function readUntil(server: Started, url: string, done: (answer: Answer) => boolean): Promise<Answer> {
    let answer = await call(`${server.base}${url}`)
    for (let i = 0; i < 100 && !done(answer); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await call(`${server.base}${url}`)
    }
    return answer
  }

  beforeAll(async () => {
    redisPort = await freePort()
    await startRedis()
    const env = {
      ...(await postgresEnv('sp_test_edge_outage_')),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    }
    one = await startService(env)
    two = await startService(env)
    auth = { authorization: `users API-Key ${await createUserKey(env, 'editor')}` }
  })

  afterAll(async () => {
    stopServices([one, two])
    await stopRedis()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await dropPostgres(one?.env.DATABASE_URL)
  })

  it('shows a write on one instance on the other while Redis is down and after it is back, and reports the outage in health', async () => {
    const url = '/api/v1/services'
    const names = (answer: Answer) => answer.json().data.map((service: any) => service.name) as string[]
    expect(await health(one)).toEqual({ status: 'ok', database: 'up', redis: 'up' })
    await call(`${two.base}${url}`)
    expect((await call(`${two.base}${url}`)).headers['x-cache']).toBe('HIT')

    await stopRedis()
    await readUntil(one, '/api/health', (answer) => answer.json().status === 'degraded')
    expect(await health(one)).toEqual({ status: 'degraded', database: 'up', redis: 'down' })
    const down = await call(`${one.base}/api/health`)
    expect(down.status).toBe(200)

    const id = await createService(one.base, auth, 'While Redis is down')
    const seen = await readUntil(two, url, (answer) => names(answer).includes('While Redis is down'))
    expect(names(seen)).toContain('While Redis is down')

    await startRedis()
    await readUntil(one, '/api/health', (answer) => answer.json().status === 'ok')
    await readUntil(two, '/api/health', (answer) => answer.json().status === 'ok')
    expect(await health(two)).toEqual({ status: 'ok', database: 'up', redis: 'up' })
    const patched = await call(`${one.base}/api/services/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: { name: 'After Redis came back' },
    })
    expect(patched.status).toBe(200)
    const after = await readUntil(two, url, (answer) => names(answer).includes('After Redis came back'))
    expect(names(after)).toContain('After Redis came back')
  })
})

describe('one instance whose Redis is unreachable', () => {
  let server: Started

  beforeAll(async () => {
    server = await startService({
      ...sqlite(),
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
