/**
 * A failing e-mail setup is visible: an SMTP server that refuses the login (smtp-server, in this process)
 * shows in the administrator's "Send a test message" answer, on the subscriber (no "Confirmation Sent At" until a
 * confirmation was taken), and on the dashboard while any message failed in the last 24 hours. SMS has the same test.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
delete process.env.SMTP_URL

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as subscribeRoute from '@/app/api/subscribe/route'
import { dashboardFacts } from '@/admin/dashboard-facts'
import { closeEmailPool } from '@/notify/email'
import { runNotificationTick } from '@/notify/runner'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let sms: SmsProvider
let admin: TestUser
let editor: TestUser

async function subscribe(email: string) {
  const response = await subscribeRoute.POST(
    new Request(`${BASE}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'email', email }),
    }),
  )
  expect(response.status).toBeLessThan(300)
}

async function subscriberNamed(email: string) {
  const res = await api('GET', `/subscribers?where[email][equals]=${encodeURIComponent(email)}&depth=0`, {
    key: admin.key,
  })
  expect(res.status, res.text).toBe(200)
  return res.body.docs[0] as {
    confirmationSentAt?: string | null
    confirmationError?: string | null
    confirmationFailedAt?: string | null
    confirmationRequestedAt?: string | null
  }
}

const sendTest = (slug: string, body: unknown, key = admin.key) =>
  api('POST', `/globals/${slug}/send-test`, { key, body })

beforeAll(async () => {
  smtp = await startSmtpSink()
  smtp.refuseLogin = true
  sms = await startSmsProvider()
  admin = await createUser('admin')
  editor = await createUser('editor')
  const settings = await api('POST', '/globals/email-settings', {
    key: admin.key,
    body: {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: 'status',
      password: 'wrong-password',
      from: 'status@example.test',
    },
  })
  expect(settings.status, settings.text).toBe(200)
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await sms.close()
})

describe('Send a test message', () => {
  it('is for administrators only: 401 without credentials, 403 for an editor', async () => {
    expect((await api('POST', '/globals/email-settings/send-test', { body: {} })).status).toBe(401)
    expect((await sendTest('email-settings', {}, editor.key)).status).toBe(403)
    expect((await sendTest('sms-settings', { to: '+15550002222' }, editor.key)).status).toBe(403)
  })

  it('reports the SMTP server’s refusal of the login, in its own words', async () => {
    const res = await sendTest('email-settings', { to: 'ops@example.test' })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ ok: false, error: 'SMTP server refused the login (reply 535).' })
    expect(res.body.reply).toContain('535')
    expect(res.body.reply).toContain('Authentication credentials invalid')
    // The password is nowhere in the answer.
    expect(res.text).not.toContain('wrong-password')
    expect(smtp.messages).toHaveLength(0)
  })

  it('names the field when the address is unusable (400)', async () => {
    const res = await sendTest('email-settings', { to: 'not an address' })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/^to: /)
  })

  it('sends to the administrator’s own address when none is given, once the login is accepted', async () => {
    smtp.refuseLogin = false
    try {
      const res = await sendTest('email-settings', {})
      expect(res.status, res.text).toBe(200)
      expect(res.body.ok).toBe(true)
      expect(smtp.to(admin.email)).toHaveLength(1)
      expect(smtp.to(admin.email)[0].parsed.subject).toMatch(/^Test message from /)
    } finally {
      smtp.refuseLogin = true
      closeEmailPool()
    }
  })

  it('reports the SMS provider’s HTTP status, and sends when it accepts', async () => {
    const settings = await api('POST', '/globals/sms-settings', {
      key: admin.key,
      body: {
        enabled: true,
        apiBaseUrl: sms.url,
        accountSid: 'AC1',
        authToken: 'sms-token',
        fromNumber: '+15550001111',
      },
    })
    expect(settings.status, settings.text).toBe(200)
    sms.respond = () => ({ status: 401, body: '{"message":"Authenticate"}' })
    const refused = await sendTest('sms-settings', { to: '+15550002222' })
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({ ok: false, error: 'SMS provider refused the message (HTTP 401).' })
    sms.respond = undefined
    const sent = await sendTest('sms-settings', { to: '+15550002222' })
    expect(sent.status, sent.text).toBe(200)
    expect(sms.requests.at(-1)).toMatchObject({
      to: '+15550002222',
      body: expect.stringMatching(/^This is a test message from /),
    })
    expect((await sendTest('sms-settings', { to: '12' })).status).toBe(400)
  })
})

describe('a confirmation the server refused', () => {
  it('is not stamped sent; the subscriber and the dashboard say why; a later send clears it', async () => {
    const email = `visitor-${Date.now()}@example.test`
    await subscribe(email)
    await runNotificationTick(await payload())
    const failed = await subscriberNamed(email)
    expect(failed.confirmationSentAt ?? null).toBeNull()
    expect(failed.confirmationRequestedAt).toBeTruthy()
    expect(failed.confirmationError).toBe('SMTP server refused the login (reply 535).')
    expect(failed.confirmationFailedAt).toBeTruthy()

    const now = new Date(failed.confirmationFailedAt!)
    const facts = await dashboardFacts(await payload(), now)
    expect(facts.failures).toMatchObject({
      confirmations: expect.any(Number),
      latest: 'SMTP server refused the login (reply 535).',
    })
    expect(facts.failures!.confirmations).toBeGreaterThanOrEqual(1)
    // A day later the dashboard no longer shows it.
    const later = await dashboardFacts(await payload(), new Date(now.getTime() + 25 * 3_600_000))
    expect(later.failures).toBeNull()

    // The operator fixes the login; the visitor asks again and the confirmation goes out.
    smtp.refuseLogin = false
    try {
      await subscribe(email)
      await runNotificationTick(await payload())
      const sent = await subscriberNamed(email)
      expect(smtp.to(email)).toHaveLength(1)
      expect(sent.confirmationSentAt).toBeTruthy()
      expect(sent.confirmationError ?? null).toBeNull()
    } finally {
      smtp.refuseLogin = true
      closeEmailPool()
    }
  })
})

describe('failed deliveries in the admin', () => {
  it('lists each notification’s deliveries, with their errors, on the notification', async () => {
    const res = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: `sub-${Date.now()}@example.test`, verified: true },
    })
    expect(res.status, res.text).toBe(201)
    const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Mail group' } })
    const incident = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Mail test', updates: [{ status: 'investigating', message: 'Looking' }] },
    })
    expect(incident.status, incident.text).toBe(201)
    expect(group.status).toBe(201)
    await runNotificationTick(await payload())
    const notifications = await api('GET', `/notifications?where[incident][equals]=${incident.body.doc.id}&depth=0`, {
      key: editor.key,
    })
    const notification = notifications.body.docs[0]
    expect(notification.deliveries.docs.length).toBeGreaterThanOrEqual(1)
    const deliveries = await api(
      'GET',
      `/notification-deliveries?where[notification][equals]=${notification.id}&depth=0`,
      { key: editor.key },
    )
    expect(deliveries.body.docs[0]).toMatchObject({
      status: 'failed',
      lastError: 'SMTP server refused the login (reply 535).',
    })
    const facts = await dashboardFacts(await payload())
    expect(facts.failures?.deliveries).toBeGreaterThanOrEqual(1)
  })
})
