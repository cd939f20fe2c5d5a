/**
 * Notifications survive the death of the process that sends them, on SQLite and on PostgreSQL: the built server
 * (`npm start`) sends to a real SMTP server in this process and is killed (SIGKILL, no shutdown) between two sends
 * and in the middle of one; a restarted server finishes the job, and nobody receives a message twice. Also the
 * subscribe rate limit through the server's edge.
 */
import { afterAll, describe, expect, it } from 'vitest'

import {
  call,
  createUserKey,
  firstAdminKey,
  dropPostgres,
  exited,
  killService,
  postgresEnv,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

const SUBSCRIBERS = 10
const started: Started[] = []

afterAll(async () => {
  stopServices()
  for (const service of started) await dropPostgres(service.env.DATABASE_URL)
})

async function start(env: Record<string, string>): Promise<Started> {
  const service = await startService(env)
  started.push(service)
  return service
}

async function setUp(database: Record<string, string>, smtp: SmtpSink, tag: string) {
  const env = {
    ...database,
    STATUSPAGE_TEST_HOOKS: '1',
    SMTP_URL: smtp.url,
    SMTP_FROM: 'status@example.test',
    // One SMTP connection: batches of two, sent one after the other, so the test knows where each send is.
    SMTP_MAX_CONNECTIONS: '1',
    NOTIFY_LEASE_MS: '3000',
    NOTIFY_TICK_MS: '200',
    PUBLIC_URL: 'https://status.example.test',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    // The first start makes this administrator; the key is used once the service runs.
    ...firstAdminKey(),
  }
  const key = env.ADMIN_API_KEY
  const auth = { authorization: `users API-Key ${key}` }
  return {
    env,
    auth,
    addresses: Array.from({ length: SUBSCRIBERS }, (_, i) => `crash-${tag.toLowerCase()}-${i}@example.test`),
  }
}

async function subscribeAll(base: string, auth: Record<string, string>, addresses: string[]) {
  for (const email of addresses) {
    const res = await call(`${base}/api/subscribers`, {
      method: 'POST',
      headers: auth,
      body: { type: 'email', email, verified: true },
    })
    expect(res.status, res.text).toBe(201)
  }
}

async function deliveries(base: string, auth: Record<string, string>) {
  const res = await call(`${base}/api/notification-deliveries?limit=100&depth=0`, { headers: auth })
  expect(res.status, res.text).toBe(200)
  return res.json().docs as { address: string; status: string }[]
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const databases: [string, () => Promise<Record<string, string>>][] = [
  ['SQLite', async () => sqliteEnv('sp-notify-')],
  ['PostgreSQL', () => postgresEnv('sp_test_notify_')],
]

describe.each(databases)('on %s', (name, database) => {
  it('a crash between two sends: the restarted server sends the rest, and nobody gets a message twice', async () => {
    const smtp = await startSmtpSink()
    try {
      const { env, auth, addresses } = await setUp(await database(), smtp, `between-${name}`)
      // The process kills itself once 4 messages are sent and recorded (after the second batch of two).
      const first = await start({ ...env, STATUSPAGE_TEST_CRASH_AFTER_SENDS: '4' })
      await subscribeAll(first.base, auth, addresses)
      const incident = await call(`${first.base}/api/incidents`, {
        method: 'POST',
        headers: auth,
        body: { title: 'Crash test', updates: [{ status: 'investigating', message: 'x' }] },
      })
      expect(incident.status, incident.text).toBe(201)
      await exited(first)
      expect(smtp.messages).toHaveLength(4)

      const second = await start(env)
      await smtp.waitFor(SUBSCRIBERS, 60_000)
      await until(
        async () => (await deliveries(second.base, auth)).every((d) => d.status === 'sent'),
        'every delivery sent',
      )
      for (const address of addresses) expect(smtp.to(address), address).toHaveLength(1)
      expect(smtp.messages).toHaveLength(SUBSCRIBERS)
      stopServices([second])
    } finally {
      await smtp.close()
    }
  })

  it('a crash in the middle of a send: that delivery is marked interrupted and never sent again', async () => {
    const smtp = await startSmtpSink()
    try {
      const { env, auth, addresses } = await setUp(await database(), smtp, `during-${name}`)
      const first = await start(env)
      await subscribeAll(first.base, auth, addresses)
      // The third recipient's message is on the wire when the server dies: whether it arrived is unknowable.
      let seen = 0
      smtp.reject = () => {
        if (++seen === 3) {
          killService(first)
          return [421, 'Going away']
        }
        return null
      }
      await call(`${first.base}/api/incidents`, {
        method: 'POST',
        headers: auth,
        body: { title: 'Crash during a send', updates: [{ status: 'investigating', message: 'x' }] },
      })
      await exited(first)
      smtp.reject = undefined

      const second = await start(env)
      await until(
        async () =>
          (await deliveries(second.base, auth)).every((d) => d.status === 'sent' || d.status === 'interrupted'),
        'every delivery settled',
      )
      const rows = await deliveries(second.base, auth)
      const interrupted = rows.filter((d) => d.status === 'interrupted').map((d) => d.address)
      // The batch in flight (the third and fourth recipients) is interrupted; everyone else got exactly one.
      expect(interrupted.sort()).toEqual([addresses[2], addresses[3]].sort())
      for (const address of addresses)
        expect(smtp.to(address), address).toHaveLength(interrupted.includes(address) ? 0 : 1)
      stopServices([second])
    } finally {
      await smtp.close()
    }
  })
})

describe('the subscribe rate limit through the server', () => {
  it('answers the sixth attempt within an hour with 429, which a spoofed X-Forwarded-For does not escape', async () => {
    // A configured e-mail channel (nothing listens there; the confirmations fail and are not what this test is about).
    const server = await start({
      ...sqliteEnv('sp-subscribe-'),
      SUBSCRIBE_RESEND_SECONDS: '0',
      SMTP_URL: 'smtp://127.0.0.1:9',
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
    const key = await createUserKey(server, 'admin')
    const stored = await call(`${server.base}/api/subscribers?where[email][equals]=limit-8@example.test`, {
      headers: { authorization: `users API-Key ${key}` },
    })
    expect(stored.json().docs[0].createdFromAddress).toBe('127.0.0.22')
  })
})
