/**
 * Addresses and headers of public responses, through the real server (`npm start`) and its response cache, on
 * SQLite and PostgreSQL:
 * - without a configured base URL, every `url`, the `Link` header and the feeds' links name the origin the client
 *   addressed (Host; X-Forwarded-Host and -Proto from a trusted proxy only), also when the cache computed the
 *   response over loopback; with one, they name it;
 * - a JSON response varies on Accept-Encoding only (no Next router headers, no client hints), from Next and from
 *   the cache alike.
 *
 * TRUSTED_PROXIES=127.0.0.1: requests from 127.0.0.1 come "through the proxy", from 127.0.0.5 directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  call,
  createUserKey,
  firstAdminKey,
  dropPostgres,
  postgresEnv,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

const proxy = '127.0.0.1'
const direct = '127.0.0.5'

const targets = (link: unknown) => [...String(link).matchAll(/<([^>]+)>/g)].map((m) => m[1])

describe.each([
  ['SQLite', async () => sqliteEnv('sp-origin-')],
  ['PostgreSQL', async () => postgresEnv('e2e_origin_')],
])('public addresses and Vary (%s)', (_name, databaseEnv) => {
  let server: Started
  let smtp: SmtpSink
  let admin: Record<string, string>
  let shortId: string

  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startService({
      ...(await databaseEnv()),
      ...firstAdminKey(),
      TRUSTED_PROXIES: proxy,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      STATUSPAGE_TEST_HOOKS: '1',
      PUBLIC_URL: '',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'status@example.test',
    })
    admin = { authorization: `users API-Key ${await createUserKey(server, 'admin')}` }
    for (let i = 0; i < 3; i++) {
      const created = await call(`${server.base}/api/incidents`, {
        method: 'POST',
        headers: admin,
        body: { title: `Incident ${i}`, updates: [{ status: 'investigating', message: 'Looking' }] },
      })
      expect(created.status, created.text).toBe(201)
      shortId = created.json().doc.shortId
    }
  })

  afterAll(async () => {
    stopServices([server])
    await smtp?.close()
    await dropPostgres(server?.env.DATABASE_URL)
  })

  it('builds every url, the Link header and the feed links from the Host the request came with, through the cache', async () => {
    const url = `${server.base}/api/v1/incidents?limit=1`
    const host = { host: 'status.example.com' }
    const miss = await call(url, { from: direct, headers: host })
    expect(miss.headers['x-cache']).toBe('MISS')
    expect(miss.json().data[0].url).toBe(`http://status.example.com/i/${shortId}`)
    expect(targets(miss.headers.link)).toHaveLength(3)
    for (const target of targets(miss.headers.link))
      expect(target).toMatch(/^http:\/\/status\.example\.com\/api\/v1\/incidents\?/)
    const hit = await call(url, { from: direct, headers: host })
    expect(hit).toMatchObject({ text: miss.text, headers: { 'x-cache': 'HIT', link: miss.headers.link } })

    // Another host is another entry, with its own addresses.
    const other = await call(url, { from: direct, headers: { host: 'status.example.org:8080' } })
    expect(other.headers['x-cache']).toBe('MISS')
    expect(other.json().data[0].url).toBe(`http://status.example.org:8080/i/${shortId}`)

    const status = await call(`${server.base}/api/v1/status`, { from: direct, headers: host })
    expect(status.json().data.activeIncidents[0].url).toMatch(/^http:\/\/status\.example\.com\/i\//)
    for (const feed of ['/feed.atom', '/feed.rss', '/maintenances.ics']) {
      const answer = await call(`${server.base}${feed}`, { from: direct, headers: host })
      expect(answer.status).toBe(200)
      expect(answer.text).not.toContain('localhost')
      expect(answer.text).not.toContain('127.0.0.1')
    }
    const atom = await call(`${server.base}/feed.atom`, { from: direct, headers: host })
    expect(atom.text).toContain(`http://status.example.com/i/${shortId}`)
    expect(atom.text).toContain('http://status.example.com/feed.atom')
  })

  it("takes a trusted proxy's X-Forwarded-Host and -Proto, and ignores anyone else's", async () => {
    const url = `${server.base}/api/v1/incidents/${shortId}`
    const forwarded = {
      host: 'app-1.internal:3000',
      'x-forwarded-host': 'status.example.com',
      'x-forwarded-proto': 'https',
    }
    const viaProxy = await call(url, { from: proxy, headers: forwarded })
    expect(viaProxy.json().data.url).toBe(`https://status.example.com/i/${shortId}`)
    expect((await call(url, { from: proxy, headers: forwarded })).headers['x-cache']).toBe('HIT')

    // The same headers from a client that is not the proxy: its own Host, and not the proxy's cache entry.
    const spoofed = await call(url, { from: direct, headers: forwarded })
    expect(spoofed.json().data.url).toBe(`http://app-1.internal:3000/i/${shortId}`)
    expect((await call(url, { from: proxy, headers: forwarded })).json().data.url).toBe(
      `https://status.example.com/i/${shortId}`,
    )

    // A host that is not a host name is not used for links.
    const odd = await call(url, { from: direct, headers: { host: 'evil.example/path' } })
    expect(odd.status).toBe(200)
    expect(odd.json().data.url).not.toContain('evil')
  })

  it('varies a JSON response on Accept-Encoding only, from Next and from the cache', async () => {
    for (const path of ['/api/v1/services', '/api/v1/openapi.json', `/api/v1/incidents/${shortId}`]) {
      const answers = [
        await call(`${server.base}${path}`, { from: direct }),
        await call(`${server.base}${path}`, { from: direct }),
        await call(`${server.base}${path}`, { from: direct, headers: { 'accept-encoding': 'gzip, br' } }),
      ]
      expect(answers.map((a) => a.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT'])
      for (const answer of answers) {
        expect(answer.status).toBe(200)
        expect(answer.headers.vary, `${path} ${answer.headers['x-cache']}`).toBe('Accept-Encoding')
        expect(answer.headers['accept-ch']).toBeUndefined()
        expect(answer.headers['critical-ch']).toBeUndefined()
      }
    }
    // The public pages are not React pages either: no router headers, no client hints.
    const home = await call(`${server.base}/`, { from: direct })
    expect(String(home.headers.vary ?? '')).not.toMatch(/rsc|next-router|sec-ch/i)
    expect(home.headers['accept-ch']).toBeUndefined()
  })

  it("never takes the links in e-mails from the request, even a trusted proxy's forwarded host", async () => {
    // A guard for the request's origin reaching only public responses: this held before, and must keep holding.
    const email = `origin-${Date.now()}@example.test`
    const subscribed = await call(`${server.base}/api/subscribe`, {
      method: 'POST',
      from: proxy,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      body: { type: 'email', email },
    })
    expect(subscribed.status, subscribed.text).toBe(200)
    await smtp.waitFor(1)
    const mail = smtp.to(email)[0]
    expect(mail.parsed.text).toMatch(/\/verify\//)
    expect(mail.raw).not.toContain('evil.example')
  })

  it('uses the configured public base URL for url and Link when there is one, whatever the Host', async () => {
    const saved = await call(`${server.base}/api/globals/settings`, {
      method: 'POST',
      headers: admin,
      body: { publicUrl: 'https://status.acme.test/' },
    })
    expect(saved.status, saved.text).toBe(200)
    const answer = await call(`${server.base}/api/v1/incidents?limit=1`, {
      from: direct,
      headers: { host: 'status.example.com' },
    })
    expect(answer.json().data[0].url).toBe(`https://status.acme.test/i/${shortId}`)
    for (const target of targets(answer.headers.link))
      expect(target).toMatch(/^https:\/\/status\.acme\.test\/api\/v1\/incidents\?/)
  })
})
