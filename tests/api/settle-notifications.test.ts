/**
 * A flapping alert notified everyone twice on every flap (security review). What a monitoring integration writes is
 * held for INTEGRATION_SETTLE_SECONDS (120 by default) and then sent only if it is still the incident's latest news:
 * a blip shorter than the settle time tells nobody, a burst of changes tells its last state once. A person's updates
 * go out at once. Through the webhook, the CMS API, Payload's job queue and a real SMTP server; time is the fake
 * clock's (the queue compares `waitUntil` with it).
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { closeEmailPool } from '@/notify/email'
import { runNotificationTick } from '@/notify/runner'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let admin: TestUser
let token: string
let slug: string
let clock = Date.parse('2026-05-04T10:00:00.000Z')
const subscriber = 'settle@example.test'

const at = (seconds: number) => vi.setSystemTime((clock += seconds * 1000))
const firing = (key: string, severity = 'critical') => ({
  key,
  state: 'firing',
  services: [slug],
  severity,
  title: `Probe ${key} fails`,
})
const resolved = (key: string) => ({ key, state: 'resolved' })

/** Runs the notification jobs that are due now, as the service's runner does, until none is left. */
async function runDue() {
  const p = await payload()
  for (let round = 0; round < 50; round++) {
    await runNotificationTick(p)
    const { totalDocs } = await p.count({
      collection: 'payload-jobs',
      where: {
        and: [
          { queue: { equals: 'notifications' } },
          { completedAt: { exists: false } },
          { hasError: { not_equals: true } },
          { or: [{ waitUntil: { exists: false } }, { waitUntil: { less_than_equal: new Date().toISOString() } }] },
        ],
      },
      overrideAccess: true,
    })
    if (totalDocs === 0) return
  }
  throw new Error('notification jobs due now did not finish')
}

const mails = () => smtp.to(subscriber).map((mail) => mail.parsed.subject ?? '')
const notificationsOf = async (key: string) => {
  const incident = (await api('GET', `/incidents?where[integrationKey][equals]=${key}&depth=0`, { key: admin.key }))
    .body.docs[0]
  const found = await api('GET', `/notifications?where[incident][equals]=${incident.id}&sort=id&depth=0`, {
    key: admin.key,
  })
  return found.body.docs.map((n: { kind: string; status: string }) => `${n.kind} ${n.status}`)
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(clock)
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Checks' } })
  slug = (await api('POST', '/services', { key: admin.key, body: { name: 'Checkout', group: group.body.doc.id } })).body
    .doc.slug
  const added = await api('POST', '/subscribers', {
    key: admin.key,
    body: { type: 'email', email: subscriber, verified: true },
  })
  expect(added.status, added.text).toBe(201)
  token = (await createIntegration(admin, { name: 'Checks', kind: 'generic' })).token
  await runDue()
  smtp.messages.length = 0
})

afterAll(async () => {
  vi.useRealTimers()
  closeEmailPool()
  await smtp.close()
})

describe('notifications of what a monitoring integration writes', () => {
  it('tell nobody of a blip that opens and resolves inside the settle time', async () => {
    expect((await webhook(token, firing('blip'))).body.outcome).toBe('opened')
    await runDue()
    at(30)
    expect((await webhook(token, resolved('blip'))).body.outcome).toBe('resolved')
    await runDue()
    at(180)
    await runDue()
    expect(mails()).toEqual([])
    expect(await notificationsOf('blip')).toEqual(['incident_created superseded', 'incident_resolved superseded'])
  })

  it('tell a lasting problem once it settled, and of a burst of changes only the last', async () => {
    expect((await webhook(token, firing('long'))).body.outcome).toBe('opened')
    await runDue()
    expect(mails()).toEqual([])
    at(121)
    await runDue()
    // The subject is the incident's title, from the integration's title template: the services, not the alert.
    expect(mails()).toEqual(['[Status] New incident: Elevated errors on Checkout'])
    for (const severity of ['warning', 'critical', 'warning']) {
      at(5)
      expect((await webhook(token, firing('long', severity))).body.outcome).toBe('updated')
    }
    at(5)
    expect((await webhook(token, resolved('long'))).body.outcome).toBe('resolved')
    at(121)
    await runDue()
    expect(mails()).toEqual([
      '[Status] New incident: Elevated errors on Checkout',
      '[Status] Incident resolved: Elevated errors on Checkout',
    ])
    expect(await notificationsOf('long')).toEqual([
      'incident_created sent',
      'incident_updated superseded',
      'incident_updated superseded',
      'incident_updated superseded',
      'incident_resolved sent',
    ])
  })

  it("send a person's update at once", async () => {
    smtp.messages.length = 0
    const created = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Written by a person', updates: [{ status: 'investigating', message: 'Looking.' }] },
    })
    expect(created.status, created.text).toBe(201)
    await runDue()
    expect(mails()).toEqual(['[Status] New incident: Written by a person'])
  })
})
