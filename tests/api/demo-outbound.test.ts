/**
 * Demo mode sends nothing (security finding H1): every visitor shares an administrator account, so whatever they
 * type into the SMS and e-mail settings must not make the server call it. The repro of the finding, through the
 * CMS API as the demo user, against a local HTTP listener and SMTP server that must receive nothing. The outbound
 * guard is opened for loopback here, so that only the demo rule stands in the way.
 */
process.env.DEMO_MODE = 'true'
process.env.DEMO_USER_EMAIL = 'demo@example.test'
process.env.DEMO_USER_PASSWORD = 'demo-password-1234'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as subscribeRoute from '@/app/api/subscribe/route'
import { stopRepeating } from '@/runtime/repeat'
import { closeEmailPool } from '@/notify/email'
import { runNotificationTick } from '@/notify/runner'
import { api, BASE, payload } from '../helpers/api'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let listener: SmsProvider
let smtp: SmtpSink
let cookie: string

const asDemo = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  api(method, path, { body, headers: { cookie } })

/** The service's own runner (the Local API), until the notifications queue is empty. */
async function runQueue() {
  const p = await payload()
  for (let i = 0; i < 50; i++) {
    await runNotificationTick(p)
    const { totalDocs } = await p.count({
      collection: 'payload-jobs',
      where: {
        and: [
          { queue: { equals: 'notifications' } },
          { completedAt: { exists: false } },
          { hasError: { not_equals: true } },
        ],
      },
      overrideAccess: true,
    })
    if (totalDocs === 0) return
  }
  throw new Error('notification jobs still waiting')
}

beforeAll(async () => {
  await payload() // onInit reseeds the demo at start
  stopRepeating('demoReset')
  listener = await startSmsProvider()
  smtp = await startSmtpSink()
  const login = await api('POST', '/users/login', {
    body: { email: 'demo@example.test', password: 'demo-password-1234' },
  })
  expect(login.status, login.text).toBe(200)
  cookie = login.headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]
})

afterAll(async () => {
  stopRepeating('demoReset')
  closeEmailPool()
  await listener.close()
  await smtp.close()
})

describe('demo mode', () => {
  it('sends no notification, whatever a visitor configures, and records why', async () => {
    const sms = await asDemo('POST', '/globals/sms-settings', {
      enabled: true,
      apiBaseUrl: `${listener.url}/x`,
      accountSid: 'A',
      authToken: 't',
      fromNumber: '+15550001111',
    })
    expect(sms.status, sms.text).toBe(200)
    const email = await asDemo('POST', '/globals/email-settings', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      from: 'demo@example.test',
    })
    expect(email.status, email.text).toBe(200)
    const incident = await asDemo('POST', '/incidents', {
      title: 't',
      updates: [{ status: 'investigating', message: 'x' }],
    })
    expect(incident.status, incident.text).toBe(201)

    // The visitor cannot run the queue…
    const run = await asDemo('GET', '/payload-jobs/run?queue=notifications')
    expect(run.status).toBe(404)
    expect(run.body.errors[0].message).toBe('Not Found')
    // …and when the service's own runner does, the task itself sends nothing.
    await runQueue()
    expect(listener.received).toBe(0)
    expect(smtp.messages).toHaveLength(0)

    const notification = (await asDemo('GET', `/notifications?where[incident][equals]=${incident.body.doc.id}`)).body
      .docs[0]
    const deliveries = (await asDemo('GET', `/notification-deliveries?where[notification][equals]=${notification.id}`))
      .body.docs
    // The seed's two verified subscribers, one by e-mail and one by SMS.
    expect(deliveries.map((d: any) => d.channel).sort()).toEqual(['email', 'sms'])
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        status: 'skipped',
        lastError: 'Demo mode: nothing is sent from a demo site (no e-mail, no SMS).',
      })
    }
  })

  it('sends nothing to a webhook or chat endpoint, neither a notification nor a test delivery', async () => {
    const hook = await asDemo('POST', '/subscribers', {
      type: 'webhook',
      url: `${listener.url}/hook`,
      contactEmail: 'demo-hooks@example.test',
    })
    expect(hook.status, hook.text).toBe(201)
    const slack = await asDemo('POST', '/subscribers', { type: 'slack', url: `${listener.url}/slack` })
    expect(slack.status, slack.text).toBe(201)
    const incident = await asDemo('POST', '/incidents', {
      title: 'Hooks',
      updates: [{ status: 'investigating', message: 'x' }],
    })
    expect(incident.status, incident.text).toBe(201)
    await runQueue()
    const test = await asDemo('POST', `/subscribers/${hook.body.doc.id}/test-delivery`)
    expect(test.status).toBe(409)
    expect(listener.received).toBe(0)
    const notification = (await asDemo('GET', `/notifications?where[incident][equals]=${incident.body.doc.id}`)).body
      .docs[0]
    const deliveries = (
      await asDemo(
        'GET',
        `/notification-deliveries?where[notification][equals]=${notification.id}&where[channel][in]=webhook,slack`,
      )
    ).body.docs
    expect(deliveries.map((d: any) => d.status)).toEqual(['skipped', 'skipped'])
  })

  it('sends no subscription confirmation', async () => {
    const response = await subscribeRoute.POST(
      new Request(`${BASE}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'email', email: 'visitor@example.test' }),
      }),
    )
    expect(response.status).toBe(200)
    const bySms = await subscribeRoute.POST(
      new Request(`${BASE}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'sms', phone: '+15550009999' }),
      }),
    )
    expect(bySms.status).toBe(200)
    await runQueue()
    expect(smtp.messages).toHaveLength(0)
    expect(listener.received).toBe(0)
  })
})
