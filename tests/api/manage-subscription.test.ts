/**
 * Managing a subscription: every notification links to the subscriber's own page, where they change the
 * services they hear about or leave. Delivered to a real SMTP server (smtp-server, in this process); the page is
 * the route handler called with real Requests.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.NOTIFY_RETRY_BASE_MS = '300'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as managePage from '@/app/(site)/manage/[token]/route'
import * as unsubscribePage from '@/app/(site)/unsubscribe/[token]/route'
import { closeEmailPool } from '@/notify/email'
import { api, BASE, createUser, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let admin: TestUser
const services: Record<string, number> = {}

const drain = drainNotifications

type Route = {
  GET: (r: Request, c: { params: Promise<any> }) => Promise<Response>
  POST: (r: Request, c: { params: Promise<any> }) => Promise<Response>
}

async function call(route: Route, method: 'GET' | 'POST', path: string, token: string, form?: string) {
  const init: RequestInit =
    method === 'POST'
      ? { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form ?? '' }
      : { method }
  const response = await route[method](new Request(`${BASE}${path}`, init), { params: Promise.resolve({ token }) })
  return { status: response.status, text: await response.text(), cache: response.headers.get('cache-control') }
}

async function incident(title: string, service: number) {
  const res = await api('POST', '/incidents', {
    key: admin.key,
    body: { title, affectedServices: [service], updates: [{ status: 'investigating', message: 'Looking.' }] },
  })
  expect(res.status, res.text).toBe(201)
  await drain()
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  for (const name of ['API', 'Billing']) {
    const res = await api('POST', '/services', { key: admin.key, body: { name, group: group.body.doc.id } })
    services[res.body.doc.slug] = res.body.doc.id
  }
})

afterAll(async () => {
  closeEmailPool()
  await smtp?.close()
})

describe('managing a subscription', () => {
  it('links every notification to a page where the subscriber changes services or leaves', async () => {
    const created = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: 'reader@example.test', verified: true },
    })
    expect(created.status, created.text).toBe(201)
    await incident('API errors', services.api)
    const mail = smtp.to('reader@example.test')[0]
    const link =
      /Change your services or unsubscribe: (https:\/\/status\.example\.test\/manage\/([A-Za-z0-9_-]+))/.exec(
        mail.parsed.text ?? '',
      )
    expect(link, mail.parsed.text).not.toBeNull()
    const token = link![2]
    expect(mail.parsed.html).toContain(`href="${link![1]}"`)
    expect(mail.parsed.html).toContain('Manage your subscription')
    // The one-click unsubscribe stays where mail clients expect it.
    expect(mail.parsed.text).toContain(`Unsubscribe at once: https://status.example.test/unsubscribe/${token}`)

    const page = await call(managePage, 'GET', `/manage/${token}`, token)
    expect(page.status).toBe(200)
    expect(page.cache).toBe('no-store')
    expect(page.text).toContain('<strong>re***@example.test</strong>, for every service')
    expect(page.text).toContain('<input type="checkbox" name="services" value="api"> API')
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>')
    // The unsubscribe page offers the same choice.
    expect((await call(unsubscribePage, 'GET', `/unsubscribe/${token}`, token)).text).toContain(
      `<a href="/manage/${token}">change which services you hear about</a>`,
    )

    const saved = await call(managePage, 'POST', `/manage/${token}`, token, 'action=save&services=billing')
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Saved.')
    expect(saved.text).toContain('<input type="checkbox" name="services" value="billing" checked> Billing')
    const stored = await api('GET', `/subscribers/${created.body.doc.id}?depth=0`, { key: admin.key })
    expect(stored.body.services).toEqual([services.billing])
    await incident('API errors again', services.api)
    expect(smtp.to('reader@example.test')).toHaveLength(1)
    await incident('Billing errors', services.billing)
    expect(smtp.to('reader@example.test')).toHaveLength(2)

    const unknown = await call(managePage, 'POST', `/manage/${token}`, token, 'action=save&services=nope')
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain('services: no service has the slug &quot;nope&quot;')
    const odd = await call(managePage, 'POST', `/manage/${token}`, token, 'action=drop')
    expect(odd.status).toBe(400)
    expect(odd.text).toContain('action: must be')

    const left = await call(managePage, 'POST', `/manage/${token}`, token, 'action=unsubscribe')
    expect(left.status).toBe(200)
    expect(left.text).toContain('You are unsubscribed and will receive no more notifications.')
    expect(left.text).toContain('are cancelled')
    expect((await api('GET', `/subscribers/${created.body.doc.id}?depth=0`, { key: admin.key })).body.active).toBe(
      false,
    )
    expect((await call(managePage, 'POST', `/manage/${token}`, token, 'action=save&services=api')).status).toBe(409)

    const missing = await call(managePage, 'GET', '/manage/not-a-token', 'not-a-token')
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('This link is not valid.')
  })
})
