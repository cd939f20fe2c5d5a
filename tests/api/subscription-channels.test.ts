/**
 * Nothing is accepted that cannot happen: the subscribe form on `/` and `/subscribe` and POST /api/subscribe offer
 * and take only the channels whose settings are complete. With none, the pages say so and the endpoint answers 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as subscribePageRoute from '@/app/(site)/subscribe/route'
import { api, BASE, createUser, payload, subscribeJson, type TestUser } from '../helpers/api'

let admin: TestUser
const saved = { SMTP_URL: process.env.SMTP_URL, SMTP_FROM: process.env.SMTP_FROM }

async function page(
  route: { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> },
  pathname: string,
) {
  const response = await route.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve({}) })
  return { status: response.status, text: (await response.text()).replace(/\s+/g, ' ') }
}

async function subscribeForm(fields: Record<string, string>) {
  const response = await subscribePageRoute.POST(
    new Request(`${BASE}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({}) },
  )
  return { status: response.status, text: (await response.text()).replace(/\s+/g, ' ') }
}

async function subscriberCount(): Promise<number> {
  return (await (await payload()).count({ collection: 'subscribers', overrideAccess: true })).totalDocs
}

async function setSms(enabled: boolean) {
  const res = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: {
      enabled,
      apiBaseUrl: 'https://sms.example.test',
      accountSid: 'AC1',
      authToken: 'secret',
      fromNumber: '+15550001111',
    },
  })
  expect(res.status, res.text).toBe(200)
}

beforeAll(async () => {
  admin = await createUser('admin')
  delete process.env.SMTP_URL
  delete process.env.SMTP_FROM
})

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe('subscriptions with no channel configured', () => {
  it('the pages say subscriptions are not available and offer no form', async () => {
    const home = await page(homeRoute, '/')
    expect(home.status).toBe(200)
    expect(home.text).toContain('Subscriptions are not available on this site')
    expect(home.text).not.toContain('id="subscribe-email"')
    const form = await page(subscribePageRoute, '/subscribe')
    expect(form.status).toBe(200)
    expect(form.text).toContain('Subscriptions are not available on this site')
    expect(form.text).not.toContain('<form method="post" action="/subscribe"')
  })

  it('POST /api/subscribe answers 400 with a clear message and stores nothing, for e-mail and SMS', async () => {
    const before = await subscriberCount()
    for (const body of [
      { type: 'email', email: 'nobody@example.test' },
      { type: 'sms', phone: '+15550002222' },
    ]) {
      const res = await subscribeJson(body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        success: false,
        message: 'Subscriptions are not available on this site: neither e-mail nor SMS is configured.',
      })
    }
    expect(await subscriberCount()).toBe(before)
  })

  it('the form POST answers 400 with the same message and stores nothing', async () => {
    const before = await subscriberCount()
    const res = await subscribeForm({ type: 'email', email: 'nobody@example.test' })
    expect(res.status).toBe(400)
    expect(res.text).toContain('Subscriptions are not available on this site')
    expect(res.text).not.toContain('Check your inbox')
    expect(await subscriberCount()).toBe(before)
  })
})

describe('subscriptions with e-mail only', () => {
  beforeAll(() => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525'
  })
  afterAll(() => {
    delete process.env.SMTP_URL
  })

  it('offers e-mail and no SMS on the pages', async () => {
    const home = await page(homeRoute, '/')
    expect(home.text).toContain('id="subscribe-email"')
    expect(home.text).not.toContain('Subscribe by SMS')
    const form = await page(subscribePageRoute, '/subscribe')
    expect(form.text).toContain('name="email"')
    expect(form.text).not.toContain('name="phone"')
    expect(form.text).not.toContain('Text message (SMS)')
  })

  it('takes an e-mail subscription, and refuses SMS while SMS is switched off', async () => {
    await setSms(false)
    const email = await subscribeJson({ type: 'email', email: 'reader@example.test' })
    expect(email.status).toBe(200)
    expect(email.body.message).toContain('Check your inbox')
    const before = await subscriberCount()
    const sms = await subscribeJson({ type: 'sms', phone: '+15550003333' })
    expect(sms.status).toBe(400)
    expect(sms.body).toEqual({
      success: false,
      message: 'Subscriptions by text message (SMS) are not available on this site; subscribe by e-mail instead.',
    })
    const form = await subscribeForm({ type: 'sms', phone: '+15550003333' })
    expect(form.status).toBe(400)
    expect(form.text).toContain('not available on this site; subscribe by e-mail instead')
    expect(await subscriberCount()).toBe(before)
  })
})

describe('subscriptions with SMS only', () => {
  it('offers SMS and no e-mail; takes SMS, refuses e-mail', async () => {
    await setSms(true)
    const home = await page(homeRoute, '/')
    expect(home.text).not.toContain('id="subscribe-email"')
    expect(home.text).toContain('Subscribe by text message (SMS)')
    const form = await page(subscribePageRoute, '/subscribe')
    expect(form.text).toContain('name="phone"')
    expect(form.text).not.toContain('name="email"')
    expect((await subscribeJson({ type: 'sms', phone: '+15550004444' })).status).toBe(200)
    const email = await subscribeJson({ type: 'email', email: 'reader2@example.test' })
    expect(email.status).toBe(400)
    expect(email.body.message).toBe(
      'Subscriptions by e-mail are not available on this site; subscribe by text message (SMS) instead.',
    )
    await setSms(false)
  })
})
