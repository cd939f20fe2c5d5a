/**
 * Notifications survive the death of the process that sends them (tests/e2e/notifications*.test.ts, one file per
 * database): the built server (`npm start`) sends to a real SMTP server in the test's process and is killed (SIGKILL,
 * no shutdown) between two sends and in the middle of one; a restarted server finishes the job, and nobody receives
 * a message twice.
 */
import { afterAll, describe, expect, it } from 'vitest'

import {
  call,
  dropPostgres,
  eventually,
  exited,
  firstAdminKey,
  killService,
  type Started,
  startService,
  stopServices,
} from './service'
import { type SmtpSink, startSmtpSink } from './smtp'

const SUBSCRIBERS = 10
const started: Started[] = []

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

/** The two crash tests on the database `database()` makes (its name: `name`). */
export function describeDeliveryCrashes(name: string, database: () => Promise<Record<string, string>>): void {
  afterAll(async () => {
    stopServices()
    for (const service of started) await dropPostgres(service.env.DATABASE_URL)
  })
  describe(`on ${name}`, () => {
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
        await eventually(
          'not every delivery was sent',
          60_000,
          async () => (await deliveries(second.base, auth)).every((d) => d.status === 'sent') || undefined,
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
        await eventually(
          'not every delivery was settled',
          60_000,
          async () =>
            (await deliveries(second.base, auth)).every((d) => d.status === 'sent' || d.status === 'interrupted') ||
            undefined,
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
}
