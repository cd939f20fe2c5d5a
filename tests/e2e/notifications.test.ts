/**
 * Notifications survive the death of the process that sends them, on SQLite (tests/helpers/delivery-crash.ts;
 * notifications-postgres.test.ts on PostgreSQL); and the subscribe rate limit through the server's edge.
 */
import { afterAll, describe, expect, it } from 'vitest'

import { describeDeliveryCrashes } from '../helpers/delivery-crash'
import { call, firstAdminKey, sqliteEnv, startService, stopServices } from '../helpers/service'

describeDeliveryCrashes('SQLite', async () => sqliteEnv('sp-notify-'))

afterAll(() => stopServices())

describe('the subscribe rate limit through the server', () => {
  it('answers the sixth attempt within an hour with 429, which a spoofed X-Forwarded-For does not escape', async () => {
    // A configured e-mail channel (nothing listens there; the confirmations fail and are not what this test is about).
    const server = await startService({
      ...sqliteEnv('sp-subscribe-'),
      SUBSCRIBE_RESEND_SECONDS: '0',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ...firstAdminKey(),
    })
    const url = `${server.base}/api/subscribe`
    for (let i = 0; i < 5; i++) {
      const ok = await call(url, {
        method: 'POST',
        body: { type: 'email', email: `limit-${i}@example.test` },
        from: '127.0.0.21',
      })
      expect(ok.status, ok.text).toBe(200)
      expect(ok.headers['ratelimit-policy']).toBe('5;w=3600')
    }
    const refused = await call(url, {
      method: 'POST',
      body: { type: 'email', email: 'limit-6@example.test' },
      from: '127.0.0.21',
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    expect(refused.json()).toEqual({ success: false, message: expect.stringContaining('Too many requests') })
    const spoofed = await call(url, {
      method: 'POST',
      body: { type: 'email', email: 'limit-7@example.test' },
      from: '127.0.0.21',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    })
    expect(spoofed.status).toBe(429)
    // Other spellings of the path never reach the endpoint unlimited: they are not found, redirected to it, or (an
    // encoded spelling under /api, which is the CMS API's) refused as a write without credentials before the body is read.
    for (const [path, status] of [
      ['/api/%73ubscribe', 401],
      ['/%73ubscribe', 404],
      ['/API/subscribe', 404],
      ['/api/subscribe/', 308],
      ['/api//subscribe', 308],
    ] as const) {
      const other = await call(`${server.base}${path}`, {
        method: 'POST',
        body: { type: 'email', email: 'limit-9@example.test' },
        from: '127.0.0.21',
      })
      expect([path, other.status]).toEqual([path, status])
    }
    const other = await call(url, {
      method: 'POST',
      body: { type: 'email', email: 'limit-8@example.test' },
      from: '127.0.0.22',
    })
    expect(other.status).toBe(200)
    // The creation address is the one the edge saw.
    const stored = await call(`${server.base}/api/subscribers?where[email][equals]=limit-8@example.test`, {
      headers: { authorization: `users API-Key ${server.env.ADMIN_API_KEY}` },
    })
    expect(stored.json().docs[0].createdFromAddress).toBe('127.0.0.22')
  })
})
