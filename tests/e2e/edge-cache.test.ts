/**
 * The edge's response cache through real HTTP against the built server (`npm start`), on both databases: hits, 304s,
 * single flight, invalidation by writes, expiry at a maintenance's start, canonical keys, and the public rate limit
 * per client address.
 *
 * The servers count the requests handed to Next (GET /__edge/stats): a cache hit leaves the count alone. Source
 * addresses 127.0.0.x stand for different clients (loopback is a /8 on Linux).
 */
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createService, EDGE_DATABASES, nextCount, rawCall, startCounting } from '../helpers/edge'
import { type Answer, call, createUserKey, dropPostgres, type Started, stopServices } from '../helpers/service'

afterAll(() => stopServices())

describe.each(EDGE_DATABASES)('one instance (%s, default rate limit)', (_database, databaseEnv) => {
  let server: Started
  let auth: Record<string, string>
  // The cache tests read from their own address, so they do not spend the budget the rate-limit tests measure.
  const reader = '127.0.0.10'

  beforeAll(async () => {
    server = await startCounting(await databaseEnv())
    auth = { authorization: `users API-Key ${await createUserKey(server, 'editor')}` }
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
    await createUserKey(server, 'admin', { email, password })
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

  it('serves badges from the cache with an ETag and a 304, keyed by ?label, ?style and the language, and follows a write', async () => {
    const from = '127.0.0.14'
    const id = await createService(server.base, auth, 'Badge check')
    const path = '/badge/service/badge-check/status.svg'
    const first = await call(`${server.base}${path}`, { from })
    const etag = String(first.headers.etag)
    expect(first).toMatchObject({
      status: 200,
      headers: { 'x-cache': 'MISS', 'content-type': 'image/svg+xml; charset=utf-8' },
    })
    expect(first.text).toContain('aria-label="Badge check: Operational"')
    expect(first.headers['cache-control']).toContain('s-maxage=10')
    const hit = await call(`${server.base}${path}?utm_source=readme`, { from })
    expect(hit).toMatchObject({
      status: 200,
      text: first.text,
      headers: { 'x-cache': 'HIT', etag: first.headers.etag },
    })
    const conditional = await call(`${server.base}${path}`, { from, headers: { 'if-none-match': etag } })
    expect(conditional).toMatchObject({ status: 304, text: '', headers: { 'x-cache': 'HIT' } })
    expect(await nextCount(server, path)).toBe(1)

    // Each style and label is an entry of its own, in any order; the language's prefix another.
    const styled = await call(`${server.base}${path}?style=flat-square&label=Mine`, { from })
    expect(styled.headers['x-cache']).toBe('MISS')
    expect(styled.text).toContain('aria-label="Mine: Operational"')
    expect((await call(`${server.base}${path}?label=Mine&style=flat-square`, { from })).headers['x-cache']).toBe('HIT')
    const german = await call(`${server.base}/de${path}`, { from })
    expect(german.text).toContain('aria-label="Badge check: Betriebsbereit"')
    expect((await call(`${server.base}/de${path}`, { from })).headers['x-cache']).toBe('HIT')
    const json = await call(`${server.base}${path.replace('.svg', '.json')}`, { from })
    expect(json.json()).toMatchObject({ schemaVersion: 1, label: 'Badge check', message: 'Operational' })
    expect((await call(`${server.base}${path.replace('.svg', '.json')}`, { from })).headers['x-cache']).toBe('HIT')

    const patched = await call(`${server.base}/api/services/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: { status: 'major' },
    })
    expect(patched.status, patched.text).toBe(200)
    const after = await call(`${server.base}${path}`, { from, headers: { 'if-none-match': etag } })
    expect(after).toMatchObject({ status: 200, headers: { 'x-cache': 'MISS' } })
    expect(after.text).toContain('aria-label="Badge check: Major outage"')
    // What cannot be drawn is not kept: an unknown service is asked of Next each time.
    for (let i = 0; i < 2; i++)
      expect((await call(`${server.base}/badge/service/nothing/status.svg`, { from })).status).toBe(404)
    expect(await nextCount(server, '/badge/service/nothing/status.svg')).toBe(2)
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
    await createUserKey(server, 'admin', { email, password })
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
