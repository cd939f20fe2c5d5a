/**
 * Subscriptions and notifications through the public endpoints and the CMS API, delivered to a real SMTP server
 * (smtp-server, in this process) and a local HTTP endpoint standing in for the SMS provider. The jobs run through
 * Payload's queue with the service's own runner tick.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.NOTIFY_RETRY_BASE_MS = '300'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
// The local SMS provider listens on loopback over plain HTTP: allowed here as an operator would allow theirs.
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as unsubscribePage from '@/app/(site)/unsubscribe/[token]/route'
import * as verifyPage from '@/app/(site)/verify/[token]/route'
import * as subscribeRoute from '@/app/api/subscribe/route'
import * as verifyRoute from '@/app/api/subscribe/verify/route'
import * as unsubscribeRoute from '@/app/api/unsubscribe/route'
import { runNotificationTick } from '@/notify/runner'
import { env } from '@/config/env'
import { sendConfirmationTask } from '@/notify/confirm'
import { deliverNotification, leaseMs } from '@/notify/deliver'
import { closeEmailPool } from '@/notify/email'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let sms: SmsProvider
let admin: TestUser
let editor: TestUser
const services: Record<string, number> = {}

const unique = () => Math.random().toString(36).slice(2, 8)

async function post(
  route: { POST: (request: Request) => Promise<Response> },
  path: string,
  body: unknown,
  raw?: string,
) {
  const response = await route.POST(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw ?? JSON.stringify(body),
    }),
  )
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text), headers: response.headers }
}
const subscribeApi = (body: unknown, raw?: string) => post(subscribeRoute, '/api/subscribe', body, raw)
const verifyApi = (body: unknown) => post(verifyRoute, '/api/subscribe/verify', body)
const unsubscribeApi = (body: unknown) => post(unsubscribeRoute, '/api/unsubscribe', body)

const drain = drainNotifications

/** A confirmed subscriber made by an administrator through the CMS API. */
async function verifiedSubscriber(fields: Record<string, unknown>) {
  const res = await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', verified: true, ...fields } })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; email?: string }
}

async function createIncident(body: Record<string, unknown>) {
  const res = await api('POST', '/incidents', { key: editor.key, body })
  expect(res.status, res.text).toBe(201)
  return res.body.doc
}

const tokenFromLink = (mail: ReceivedMail, prefix: string) => {
  const match = new RegExp(`${prefix}/([A-Za-z0-9_-]+)`).exec(mail.parsed.text ?? '')
  if (!match) throw new Error(`no ${prefix} link in: ${mail.parsed.text}`)
  return match[1]
}
const unsubscribeToken = (mail: ReceivedMail) => tokenFromLink(mail, 'https://status.example.test/unsubscribe')

beforeAll(async () => {
  smtp = await startSmtpSink()
  sms = await startSmsProvider()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  for (const name of ['API', 'Dashboard', 'Billing']) {
    const res = await api('POST', '/services', { key: editor.key, body: { name, group: group.body.doc.id } })
    services[res.body.doc.slug] = res.body.doc.id
  }
  const smsSettings = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: {
      enabled: true,
      apiBaseUrl: sms.url,
      accountSid: 'AC123',
      authToken: 'sms-secret-token',
      fromNumber: '+15550001111',
    },
  })
  expect(smsSettings.status, smsSettings.text).toBe(200)
})

beforeEach(async () => {
  await drain()
  smtp.messages.length = 0
  sms.requests.length = 0
  smtp.reject = undefined
  smtp.dropAfterData = undefined
  smtp.onMessage = undefined
  sms.respond = undefined
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await sms.close()
})

describe('subscribing: double opt-in', () => {
  it('stores a new address unverified, sends a confirmation link, and confirms it', async () => {
    const email = `new-${unique()}@example.test`
    const res = await subscribeApi({ type: 'email', email: email.toUpperCase() })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('confirm') })
    const stored = await api('GET', `/subscribers?where[email][equals]=${email}`, { key: admin.key })
    expect(stored.body.docs).toHaveLength(1)
    expect(stored.body.docs[0]).toMatchObject({ type: 'email', email, verified: false, active: true })

    await drain()
    const mails = smtp.to(email)
    expect(mails).toHaveLength(1)
    expect(mails[0].parsed.subject).toContain('Confirm your subscription')
    const token = tokenFromLink(mails[0], 'https://status.example.test/verify')

    // Unconfirmed subscribers hear nothing.
    await createIncident({ title: 'Before confirming', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(smtp.to(email)).toHaveLength(1)

    // The page shows a button first (a link scanner confirms nothing); the POST confirms.
    const page = await verifyPage.GET(new Request(`${BASE}/verify/${token}`), { params: Promise.resolve({ token }) })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(await page.text()).toContain('Confirm subscription</button>')
    expect((await api('GET', `/subscribers/${stored.body.docs[0].id}`, { key: admin.key })).body.verified).toBe(false)

    const confirmed = await verifyApi({ token })
    expect(confirmed).toMatchObject({ status: 200, body: { success: true } })
    expect((await api('GET', `/subscribers/${stored.body.docs[0].id}`, { key: admin.key })).body.verified).toBe(true)
    expect((await verifyApi({ token })).body.message).toContain('already confirmed')

    await createIncident({ title: 'After confirming', updates: [{ status: 'investigating', message: 'y' }] })
    await drain()
    expect(smtp.to(email).map((m) => m.parsed.subject)).toContain('[Status] New incident: After confirming')
  })

  it('refuses a confirmation link older than seven days with 400, on the endpoint and the page', async () => {
    const email = `late-${unique()}@example.test`
    expect((await subscribeApi({ type: 'email', email })).status).toBe(200)
    await drain()
    const token = tokenFromLink(smtp.to(email)[0], 'https://status.example.test/verify')
    const stored = await api('GET', `/subscribers?where[email][equals]=${email}`, { key: admin.key })
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000).toISOString()
    await (
      await payload()
    ).update({
      collection: 'subscribers',
      id: stored.body.docs[0].id,
      data: { confirmationSentAt: eightDaysAgo },
      overrideAccess: true,
    })
    expect(await verifyApi({ token })).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringContaining('expired') },
    })
    const page = await verifyPage.POST(new Request(`${BASE}/verify/${token}`, { method: 'POST' }), {
      params: Promise.resolve({ token }),
    })
    expect(await page.text()).toContain('This confirmation link has expired')
    expect((await api('GET', `/subscribers/${stored.body.docs[0].id}`, { key: admin.key })).body.verified).toBe(false)
  })

  it('answers an existing address exactly like a new one, and resends the confirmation while it is unverified', async () => {
    const pending = `pending-${unique()}@example.test`
    const confirmed = `confirmed-${unique()}@example.test`
    await verifiedSubscriber({ email: confirmed })
    const first = await subscribeApi({ type: 'email', email: pending })
    const again = await subscribeApi({ type: 'email', email: pending })
    const known = await subscribeApi({ type: 'email', email: confirmed })
    expect(again).toEqual(first)
    expect(known.status).toBe(first.status)
    expect(known.body).toEqual(first.body)
    await drain()
    expect(smtp.to(pending)).toHaveLength(2)
    expect(smtp.to(confirmed)).toHaveLength(0) // nothing to confirm, and nothing that would tell a stranger
  })

  it('sends a pending address at most one confirmation per resend interval, whoever asks', async () => {
    process.env.SUBSCRIBE_RESEND_SECONDS = '3600'
    try {
      const email = `bombed-${unique()}@example.test`
      for (let i = 0; i < 3; i++) expect((await subscribeApi({ type: 'email', email })).status).toBe(200)
      await drain()
      expect(smtp.to(email)).toHaveLength(1)
    } finally {
      process.env.SUBSCRIBE_RESEND_SECONDS = '0'
    }
  })

  it('sends a confirmation once however often its job runs, even by two runners at once', async () => {
    const email = `raced-${unique()}@example.test`
    expect((await subscribeApi({ type: 'email', email })).status).toBe(200)
    const p = await payload()
    const { docs } = await p.find({
      collection: 'payload-jobs',
      where: { and: [{ taskSlug: { equals: 'sendConfirmation' } }, { completedAt: { exists: false } }] },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs).toHaveLength(1)
    // Two runners run the same job at once (two instances, or a job handed back while its first run still sends),
    // then the queue runs it once more.
    const run = () =>
      (sendConfirmationTask.handler as unknown as (args: object) => Promise<unknown>)({
        input: docs[0].input,
        req: { payload: p },
      })
    await Promise.all([run(), run()])
    await drain()
    expect(smtp.to(email)).toHaveLength(1)
    // A new request is a new confirmation.
    expect((await subscribeApi({ type: 'email', email })).status).toBe(200)
    await drain()
    expect(smtp.to(email)).toHaveLength(2)
  })

  it('takes somebody back after they unsubscribed, unverified until they confirm again', async () => {
    const email = `returning-${unique()}@example.test`
    const subscriber = await verifiedSubscriber({ email })
    await createIncident({ title: 'Hello', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    const token = unsubscribeToken(smtp.to(email)[0])
    expect((await unsubscribeApi({ token })).status).toBe(200)

    expect((await subscribeApi({ type: 'email', email })).status).toBe(200)
    const stored = await api('GET', `/subscribers/${subscriber.id}`, { key: admin.key })
    expect(stored.body).toMatchObject({ active: true, verified: false })
    await drain()
    const confirmation = smtp.to(email).find((m) => m.parsed.subject?.includes('Confirm'))!
    expect((await verifyApi({ token: tokenFromLink(confirmation, 'https://status.example.test/verify') })).status).toBe(
      200,
    )
    expect((await api('GET', `/subscribers/${subscriber.id}`, { key: admin.key })).body).toMatchObject({
      active: true,
      verified: true,
    })
  })

  it('subscribes a phone number by SMS with a confirmation link', async () => {
    const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`
    const res = await subscribeApi({ type: 'sms', phone })
    expect(res).toMatchObject({ status: 200, body: { success: true } })
    await drain()
    const sent = sms.requests.filter((r) => r.to === phone)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      user: 'AC123',
      password: 'sms-secret-token',
      from: '+15550001111',
    })
    const token = /verify\/([A-Za-z0-9_-]+)/.exec(sent[0].body)![1]
    expect((await verifyApi({ token })).status).toBe(200)
  })

  it('keeps the chosen services, by slug, and refuses unknown ones', async () => {
    const email = `chooser-${unique()}@example.test`
    expect((await subscribeApi({ type: 'email', email, services: ['api', 'billing'] })).status).toBe(200)
    const stored = await api('GET', `/subscribers?where[email][equals]=${email}&depth=0`, { key: admin.key })
    expect([...stored.body.docs[0].services].sort()).toEqual([services.api, services.billing].sort())
    const bad = await subscribeApi({
      type: 'email',
      email: `x-${unique()}@example.test`,
      services: ['no-such-service'],
    })
    expect(bad).toEqual({
      status: 400,
      body: { success: false, message: expect.stringContaining('no-such-service') },
      headers: expect.anything(),
    })
  })

  it('cannot be verified by the subscriber, and the CMS API is closed to the public', async () => {
    const email = `sneaky-${unique()}@example.test`
    expect((await subscribeApi({ type: 'email', email, verified: true, active: true })).status).toBe(200)
    const stored = await api('GET', `/subscribers?where[email][equals]=${email}`, { key: admin.key })
    expect(stored.body.docs[0].verified).toBe(false)
    expect(
      (
        await api('POST', '/subscribers', {
          body: { type: 'email', email: `anon-${unique()}@example.test`, verified: true },
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await api('POST', '/subscribers', {
          key: editor.key,
          body: { type: 'email', email: `ed-${unique()}@example.test`, verified: true },
        })
      ).status,
    ).toBe(403)
  })
})

describe('subscribe and unsubscribe refuse bad input with 400 and say why', () => {
  const cases: [string, unknown, string | undefined, RegExp][] = [
    ['missing type', { email: 'a@example.test' }, undefined, /type is required/],
    [
      'unknown type',
      { type: 'pigeon', email: 'a@example.test' },
      undefined,
      /type must be email, sms, webhook, slack, discord or teams/,
    ],
    ['wrong type of type', { type: 5, email: 'a@example.test' }, undefined, /type must be/],
    ['missing e-mail', { type: 'email' }, undefined, /email is required/],
    ['bad e-mail', { type: 'email', email: 'not-an-address' }, undefined, /valid e-mail address/],
    ['e-mail of the wrong type', { type: 'email', email: ['a@example.test'] }, undefined, /email must be a string/],
    ['missing phone', { type: 'sms' }, undefined, /phone is required/],
    ['bad phone', { type: 'sms', phone: '0123' }, undefined, /E\.164/],
    [
      'services of the wrong type',
      { type: 'email', email: 'a@example.test', services: 'x'.repeat(300) },
      undefined,
      /services must be/,
    ],
    ['an array body', [], undefined, /JSON object/],
    ['non-JSON', null, 'type=email&email=a@example.test', /not valid JSON/],
    ['an empty body', null, '', /empty/],
    [
      'a 1 MB body',
      null,
      JSON.stringify({ type: 'email', email: 'a@example.test', pad: 'x'.repeat(1024 * 1024) }),
      /too large/,
    ],
  ]
  for (const [name, body, raw, message] of cases) {
    it(`subscribe: ${name}`, async () => {
      const res = await subscribeApi(body, raw)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(message) })
    })
  }

  it('unsubscribe: a missing token is 400, an unknown one 404, both with {success:false, message}', async () => {
    expect(await unsubscribeApi({})).toMatchObject({
      status: 400,
      body: { success: false, message: 'token is required' },
    })
    expect(await unsubscribeApi({ token: 42 })).toMatchObject({ status: 400, body: { success: false } })
    expect(await unsubscribeApi({ token: 'no-such-token' })).toMatchObject({
      status: 404,
      body: { success: false, message: expect.stringContaining('not valid') },
    })
    expect(await verifyApi({ token: 'no-such-token' })).toMatchObject({ status: 404, body: { success: false } })
  })
})

describe('notifications', () => {
  it('reach only verified, active subscribers whose services match, once each, with both parts and the unsubscribe headers', async () => {
    const tag = unique()
    const everything = await verifiedSubscriber({ email: `all-${tag}@example.test` })
    await verifiedSubscriber({ email: `api-${tag}@example.test`, services: [services.api] })
    await verifiedSubscriber({ email: `billing-${tag}@example.test`, services: [services.billing] })
    await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: `unverified-${tag}@example.test` },
    })
    await verifiedSubscriber({ email: `left-${tag}@example.test`, active: false })

    const incident = await createIncident({
      title: `Errors on the API ${tag}`,
      affectedServices: [services.api],
      updates: [{ status: 'investigating', message: 'We are looking into elevated error rates.' }],
    })
    await drain()
    const received = smtp.messages
      .filter((m) => m.to.endsWith(`-${tag}@example.test`))
      .map((m) => m.to)
      .sort()
    expect(received).toEqual([`all-${tag}@example.test`, `api-${tag}@example.test`])

    const mail = smtp.to(`all-${tag}@example.test`)[0]
    expect(mail.parsed.subject).toBe(`[Status] New incident: Errors on the API ${tag}`)
    expect(mail.parsed.text).toContain('We are looking into elevated error rates.')
    expect(mail.parsed.text).toContain(`https://status.example.test/i/${incident.shortId}`)
    expect(mail.parsed.html).toContain(`href="https://status.example.test/i/${incident.shortId}"`)
    const token = unsubscribeToken(mail)
    const headers = mail.raw
      .split('\r\n\r\n')[0]
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
    expect(headers).toContain(`List-Unsubscribe: <https://status.example.test/unsubscribe/${token}>`)
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

    // The operator's record: one notification, a delivery per recipient (subscribers of earlier tests included).
    const notifications = await api('GET', `/notifications?where[incident][equals]=${incident.id}`, { key: editor.key })
    expect(notifications.body.docs).toHaveLength(1)
    const notification = notifications.body.docs[0]
    expect(notification).toMatchObject({ kind: 'incident_created', status: 'sent', failed: 0 })
    expect(notification.sent).toBe(notification.recipients)
    const deliveries = await api(
      'GET',
      `/notification-deliveries?where[notification][equals]=${notification.id}&depth=0&limit=100`,
      { key: editor.key },
    )
    expect(deliveries.body.docs).toHaveLength(notification.recipients)
    expect(deliveries.body.docs.every((d: any) => d.status === 'sent')).toBe(true)
    expect(
      deliveries.body.docs
        .filter((d: any) => d.address.endsWith(`-${tag}@example.test`))
        .map((d: any) => d.address)
        .sort(),
    ).toEqual(received)
    expect(deliveries.body.docs.map((d: any) => d.subscriber)).toContain(everything.id)
  })

  it('follow the incident: an update, an update the operator keeps quiet, the resolution; a repeated list adds nothing', async () => {
    const email = `follower-${unique()}@example.test`
    await verifiedSubscriber({ email })
    const first = {
      status: 'investigating',
      message: 'Looking into it.',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    }
    const incident = await createIncident({ title: 'Queue delays', updates: [first] })
    const quiet = {
      status: 'identified',
      message: 'A noisy intermediate step.',
      createdAt: new Date(Date.now() - 30_000).toISOString(),
      notify: false,
    }
    await api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: { updates: [first, quiet] } })
    const monitoring = {
      status: 'monitoring',
      message: 'A fix is deployed.',
      createdAt: new Date(Date.now() - 20_000).toISOString(),
    }
    await api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: { updates: [first, quiet, monitoring] } })
    await api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: { updates: [first, quiet, monitoring] } })
    const resolved = { status: 'resolved', message: 'All clear.' }
    await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [first, quiet, monitoring, resolved] },
    })
    await drain()
    expect(smtp.to(email).map((m) => m.parsed.subject)).toEqual([
      '[Status] New incident: Queue delays',
      '[Status] Incident update: Queue delays',
      '[Status] Incident resolved: Queue delays',
    ])
    expect(smtp.to(email)[1].parsed.text).toContain('Status: Monitoring')
    expect(smtp.to(email)[2].parsed.text).toContain('All clear.')
  })

  it('stay quiet about a corrected update sent back with its row id, and speak when its status changes', async () => {
    const email = `corrector-${unique()}@example.test`
    await verifiedSubscriber({ email })
    const incident = await createIncident({
      title: 'Login errors',
      updates: [{ status: 'investigating', message: 'Lokking into it.' }],
    })
    const [row] = incident.updates as { id: string; status: string; message: string; createdAt: string }[]
    const corrected = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [{ ...row, message: 'Looking into it.' }] },
    })
    expect(corrected.body.doc.updates).toMatchObject([{ id: row.id, message: 'Looking into it.' }])
    await drain()
    expect(smtp.to(email).map((m) => m.parsed.subject)).toEqual(['[Status] New incident: Login errors'])
    await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [{ ...row, status: 'resolved' }] },
    })
    await drain()
    expect(smtp.to(email).map((m) => m.parsed.subject)).toEqual([
      '[Status] New incident: Login errors',
      '[Status] Incident resolved: Login errors',
    ])
  })

  it("stay quiet when a client corrects an old update in the contract's write shape (no row ids), even after the resolution", async () => {
    const email = `typo-${unique()}@example.test`
    await verifiedSubscriber({ email })
    const first = { status: 'investigating', message: 'Lokking into it.', createdAt: '2026-11-20T10:00:00.000Z' }
    const incident = await createIncident({ title: 'Slow checkout', updates: [first] })
    const resolved = { status: 'resolved', message: 'Fixed.', createdAt: '2026-11-20T11:00:00.000Z' }
    expect(
      (await api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: { updates: [first, resolved] } }))
        .status,
    ).toBe(200)
    const corrected = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [{ ...first, message: 'Looking into it.' }, resolved] },
    })
    expect(corrected.status, corrected.text).toBe(200)
    expect(corrected.body.doc.status).toBe('resolved')
    await drain()
    expect(smtp.to(email).map((m) => m.parsed.subject)).toEqual([
      '[Status] New incident: Slow checkout',
      '[Status] Incident resolved: Slow checkout',
    ])
    const notifications = await api('GET', `/notifications?where[incident][equals]=${incident.id}&sort=createdAt`, {
      key: editor.key,
    })
    expect(notifications.body.docs.map((n: { kind: string }) => n.kind)).toEqual([
      'incident_created',
      'incident_resolved',
    ])
  })

  it('announce maintenances when scheduled and as they move on, unless the operator turned that off', async () => {
    const email = `maint-${unique()}@example.test`
    await verifiedSubscriber({ email })
    const res = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: '2031-03-10T22:00:00.000Z',
        scheduledEndAt: '2031-03-11T00:30:00.000Z',
        affectedServices: [services.api],
      },
    })
    await api('PATCH', `/maintenances/${res.body.doc.id}`, { key: editor.key, body: { status: 'cancelled' } })
    await api('POST', '/maintenances', {
      key: editor.key,
      body: { title: 'Quiet work', scheduledStartAt: '2031-04-01T10:00:00.000Z', notifySubscribers: false },
    })
    await drain()
    const mails = smtp.to(email)
    expect(mails.map((m) => m.parsed.subject)).toEqual([
      '[Status] Maintenance scheduled: Database upgrade',
      '[Status] Maintenance cancelled: Database upgrade',
    ])
    expect(mails[0].parsed.text).toContain('When: 10 Mar 2031, 22:00 UTC to 11 Mar 2031, 00:30 UTC')
  })

  it('escape every user-written string in the HTML part', async () => {
    const email = `escape-${unique()}@example.test`
    await verifiedSubscriber({ email })
    await api('POST', '/globals/settings', { key: admin.key, body: { siteName: 'Acme <b>Status</b>' } })
    try {
      await createIncident({
        title: '<script>alert(1)</script> & "quotes"',
        updates: [{ status: 'investigating', message: '<img src=x onerror=alert(2)> down' }],
      })
      await drain()
      const mail = smtp.to(email)[0]
      const html = mail.parsed.html as string
      expect(html).not.toMatch(/<script|<img|<b>/i)
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;')
      expect(html).toContain('&lt;img src=x onerror=alert(2)&gt; down')
      expect(html).toContain('Acme &lt;b&gt;Status&lt;/b&gt;')
      expect(mail.parsed.text).toContain('<img src=x onerror=alert(2)> down') // plain text is plain
    } finally {
      await api('POST', '/globals/settings', { key: admin.key, body: { siteName: 'Status' } })
    }
  })

  it('go out through the e-mail settings of the admin area when SMTP_URL is not set', async () => {
    const email = `settings-${unique()}@example.test`
    await verifiedSubscriber({ email })
    const saved = await api('POST', '/globals/email-settings', {
      key: admin.key,
      body: {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        from: 'From Settings <settings@example.test>',
        replyTo: 'help@example.test',
      },
    })
    expect(saved.status, saved.text).toBe(200)
    const { SMTP_URL, SMTP_FROM } = process.env
    delete process.env.SMTP_URL
    delete process.env.SMTP_FROM
    try {
      await createIncident({ title: 'Via the settings', updates: [{ status: 'investigating', message: 'x' }] })
      await drain()
    } finally {
      Object.assign(process.env, { SMTP_URL, SMTP_FROM })
    }
    const mail = smtp.to(email)[0]
    expect(mail.parsed.subject).toBe('[Status] New incident: Via the settings')
    expect(mail.parsed.from?.value).toEqual([{ name: 'From Settings', address: 'settings@example.test' }])
    expect(mail.parsed.replyTo?.text).toBe('help@example.test')
  })

  it('reach SMS subscribers through the provider', async () => {
    const phone = `+4915${Math.floor(10_000_000 + Math.random() * 89_999_999)}`
    await api('POST', '/subscribers', { key: admin.key, body: { type: 'sms', phone, verified: true } })
    const incident = await createIncident({
      title: 'SMS check',
      updates: [{ status: 'investigating', message: 'Short.' }],
    })
    await drain()
    const sent = sms.requests.filter((r) => r.to === phone)
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toContain('SMS check')
    expect(sent[0].body).toContain(`https://status.example.test/i/${incident.shortId}`)
    // The link leads to the page where the subscriber changes services or leaves.
    expect(sent[0].body).toMatch(/ Manage or stop: https:\/\/status\.example\.test\/manage\/[A-Za-z0-9_-]+$/)
  })

  it('stop when the subscriber unsubscribes, by the endpoint or by RFC 8058 one-click', async () => {
    const byApi = `by-api-${unique()}@example.test`
    const byClick = `by-click-${unique()}@example.test`
    await verifiedSubscriber({ email: byApi })
    await verifiedSubscriber({ email: byClick })
    await createIncident({ title: 'First', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()

    const apiToken = unsubscribeToken(smtp.to(byApi)[0])
    expect(await unsubscribeApi({ token: apiToken })).toMatchObject({ status: 200, body: { success: true } })
    expect(await unsubscribeApi({ token: apiToken })).toMatchObject({
      status: 200,
      body: { success: true, message: expect.stringContaining('already') },
    })

    // What a mail client sends for one-click: a form POST to the List-Unsubscribe address, no page opened.
    const clickToken = unsubscribeToken(smtp.to(byClick)[0])
    const click = await unsubscribePage.POST(
      new Request(`${BASE}/unsubscribe/${clickToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      { params: Promise.resolve({ token: clickToken }) },
    )
    expect(click.status).toBe(200)
    expect(click.headers.get('referrer-policy')).toBe('no-referrer')

    await createIncident({ title: 'Second', updates: [{ status: 'investigating', message: 'y' }] })
    await drain()
    expect(smtp.to(byApi)).toHaveLength(1)
    expect(smtp.to(byClick)).toHaveLength(1)
  })

  it('retry a refused delivery with backoff, give up on a permanent refusal, and show both to the operator', async () => {
    const flaky = `flaky-${unique()}@example.test`
    const gone = `gone-${unique()}@example.test`
    await verifiedSubscriber({ email: flaky })
    await verifiedSubscriber({ email: gone })
    let refusals = 0
    smtp.reject = (address) => {
      if (address === gone) return [550, 'No such mailbox']
      if (address === flaky && refusals++ === 0) return [451, 'Try again later']
      return null
    }
    const incident = await createIncident({
      title: 'Retry check',
      updates: [{ status: 'investigating', message: 'x' }],
    })
    await drain()
    expect(smtp.to(flaky)).toHaveLength(1)
    expect(smtp.to(gone)).toHaveLength(0)

    const notification = (
      await api('GET', `/notifications?where[incident][equals]=${incident.id}`, { key: editor.key })
    ).body.docs[0]
    expect(notification).toMatchObject({ status: 'partly_failed' })
    const deliveries = (
      await api('GET', `/notification-deliveries?where[notification][equals]=${notification.id}&limit=100`, {
        key: editor.key,
      })
    ).body.docs
    const of = (address: string) => deliveries.find((d: any) => d.address === address)
    expect(of(flaky)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(of(gone)).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(of(gone).lastError).toBe('SMTP server refused the message (reply 550).')
  })

  it('are not sent again by e-mail when the connection drops after the message was handed over', async () => {
    const dropped = `dropped-${unique()}@example.test`
    await verifiedSubscriber({ email: dropped })
    smtp.dropAfterData = (address) => address === dropped
    const incident = await createIncident({
      title: 'Dropped after DATA',
      updates: [{ status: 'investigating', message: 'x' }],
    })
    await drain()
    smtp.dropAfterData = undefined
    await drain()
    // The server had the message: a retry would be a second copy.
    expect(smtp.to(dropped)).toHaveLength(1)
    const notification = (
      await api('GET', `/notifications?where[incident][equals]=${incident.id}`, { key: editor.key })
    ).body.docs[0]
    const deliveries = (
      await api(
        'GET',
        `/notification-deliveries?where[notification][equals]=${notification.id}&where[address][equals]=${dropped}`,
        { key: editor.key },
      )
    ).body.docs
    expect(deliveries[0]).toMatchObject({ status: 'interrupted', attempts: 1, nextAttemptAt: null })
    expect(deliveries[0].lastError).toBe(
      'The SMTP connection failed after the message may have been sent; it is not sent again.',
    )
  })

  it('retry an e-mail whose server could not be reached, and record that without its address', async () => {
    const later = `later-${unique()}@example.test`
    await verifiedSubscriber({ email: later })
    const closed = await startSmtpSink()
    await closed.close()
    process.env.SMTP_URL = closed.url
    try {
      const incident = await createIncident({
        title: 'Unreachable SMTP',
        updates: [{ status: 'investigating', message: 'x' }],
      })
      await runNotificationTick(await payload())
      const notification = (
        await api('GET', `/notifications?where[incident][equals]=${incident.id}`, { key: editor.key })
      ).body.docs[0]
      const deliveries = (
        await api(
          'GET',
          `/notification-deliveries?where[notification][equals]=${notification.id}&where[address][equals]=${later}`,
          { key: editor.key },
        )
      ).body.docs
      expect(deliveries[0]).toMatchObject({ status: 'failed', lastError: 'SMTP server unreachable (no connection).' })
      expect(deliveries[0].nextAttemptAt).not.toBeNull()
    } finally {
      process.env.SMTP_URL = smtp.url
    }
    await drain()
    expect(smtp.to(later)).toHaveLength(1)
  })

  it('never start a send once the run’s time is up: the rest go to a continuation, sent, none recorded interrupted', async () => {
    const tag = unique()
    const addresses = Array.from({ length: 4 }, (_, i) => `slow-${i}-${tag}@example.test`)
    for (const email of addresses) await verifiedSubscriber({ email })
    const incident = await createIncident({ title: 'Slow mail', updates: [{ status: 'investigating', message: 'x' }] })
    const p = await payload()
    const notification = (
      await p.find({ collection: 'notifications', where: { incident: { equals: incident.id } }, overrideAccess: true })
    ).docs[0]
    // One connection, so a batch (two claims) sends one after the other; the first message is slow: by the time the
    // server accepts it, the run's clock has moved a whole lease on.
    let now = Date.now()
    smtp.onMessage = () => {
      now += leaseMs()
    }
    const run = await deliverNotification(
      p,
      notification.id,
      { ...env(), SMTP_MAX_CONNECTIONS: 1 },
      () => new Date(now),
    )
    smtp.onMessage = undefined
    expect(run).toEqual({ sent: 1, state: 'continued' })
    expect(smtp.messages).toHaveLength(1)
    const statuses = async () =>
      (
        await p.find({
          collection: 'notification-deliveries',
          where: { notification: { equals: notification.id } },
          pagination: false,
          overrideAccess: true,
          depth: 0,
        })
      ).docs.map((delivery) => ({ status: delivery.status, attempts: delivery.attempts }))
    // The second claim was handed back before its send started: waiting again, its attempt not counted.
    const afterRun = await statuses()
    expect(afterRun.filter((d) => d.status === 'sent')).toHaveLength(1)
    expect(afterRun.filter((d) => d.status !== 'sent').every((d) => d.status === 'pending' && d.attempts === 0)).toBe(
      true,
    )
    await drain()
    for (const address of addresses) expect(smtp.to(address)).toHaveLength(1)
    expect((await statuses()).every((d) => d.status === 'sent')).toBe(true)
  })

  it('are sent once per subscriber however often the job runs, even two runs at once', async () => {
    const tag = unique()
    for (let i = 0; i < 12; i++) await verifiedSubscriber({ email: `once-${i}-${tag}@example.test` })
    const incident = await createIncident({ title: 'Once only', updates: [{ status: 'investigating', message: 'x' }] })
    const p = await payload()
    const notification = (
      await p.find({ collection: 'notifications', where: { incident: { equals: incident.id } }, overrideAccess: true })
    ).docs[0]
    // The queued job, a retry of it and a second runner: three runs of one notification, two of them concurrent.
    await Promise.all([deliverNotification(p, notification.id), deliverNotification(p, notification.id)])
    await deliverNotification(p, notification.id)
    await drain()
    for (let i = 0; i < 12; i++) expect(smtp.to(`once-${i}-${tag}@example.test`)).toHaveLength(1)
  })
})
