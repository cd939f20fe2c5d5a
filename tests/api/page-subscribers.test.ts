/**
 * Subscribers belong to a page (docs/pages.md): the subscribe endpoint on page B's host subscribes to B, its
 * confirmation and notifications carry B's name and links, an incident on another page's service never reaches
 * them, one address may follow two pages, and a page with subscribers is not deleted. Delivered to a real SMTP server
 * (smtp-server, in this process), through Payload's queue with the service's own runner tick.
 */
process.env.PUBLIC_URL = 'https://status-a.test'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
// The webhook receiver listens on loopback over plain HTTP: allowed here as an operator would allow theirs.
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as manageRoute from '@/app/(site)/manage/[token]/route'
import * as subscribeRoute from '@/app/api/subscribe/route'
import * as verifyRoute from '@/app/api/subscribe/verify/route'
import { closeEmailPool } from '@/notify/email'
import { PAGE_SLUG_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp'
import { v2 } from '../helpers/statuspage-api'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'

const HOST_B = 'https://status-b.test'
const onA = { [PUBLIC_ORIGIN_HEADER]: 'https://status-a.test' }
const onB = { [PUBLIC_ORIGIN_HEADER]: HOST_B }

let smtp: SmtpSink
let receiver: WebhookReceiver
let admin: TestUser
let editor: TestUser
const ids: Record<string, number> = {}

async function post(
  route: { POST: (request: Request, context?: never) => Promise<Response> },
  path: string,
  body: unknown,
  headers: Record<string, string>,
) {
  const response = await route.POST(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: await response.json() }
}

const drain = drainNotifications

const mailTo = (address: string) => smtp.to(address)
const linkIn = (mail: ReceivedMail, path: string) =>
  new RegExp(`(https?://[^\\s]+)/${path}/([A-Za-z0-9_-]+)`).exec(mail.parsed.text ?? '')

/** Subscribes on the page the headers name, and confirms through the link the confirmation carries. */
async function subscribeAndConfirm(email: string, headers: Record<string, string>, services: string[] = []) {
  const subscribed = await post(subscribeRoute, '/api/subscribe', { type: 'email', email, services }, headers)
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200)
  await drain()
  const confirmation = mailTo(email).at(-1)!
  const link = linkIn(confirmation, 'verify')!
  const verified = await post(verifyRoute, '/api/subscribe/verify', { token: link[2] }, headers)
  expect(verified.status).toBe(200)
  return { confirmation, base: link[1] }
}

async function createIncident(title: string, services: number[]) {
  const created = await api('POST', '/incidents', {
    key: editor.key,
    body: { title, affectedServices: services, updates: [{ status: 'investigating', message: `${title}.` }] },
  })
  expect(created.status, created.text).toBe(201)
  await drain()
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  receiver = await startWebhookReceiver()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  for (const name of ['Database', 'Website', 'Billing']) {
    const res = await api('POST', '/services', { key: editor.key, body: { name, group: group.body.doc.id } })
    ids[res.body.doc.slug] = res.body.doc.id
  }
  await api('POST', '/globals/settings', {
    key: admin.key,
    body: { siteName: 'Acme status', sections: [{ group: group.body.doc.id, services: [ids.database, ids.website] }] },
  })
  const page = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name: 'Acme Pay status',
      slug: 'pay',
      hosts: [{ host: 'status-b.test' }],
      publicUrl: HOST_B,
      sections: [{ group: group.body.doc.id, services: [ids.database, ids.billing] }],
    },
  })
  expect(page.status, page.text).toBe(201)
  ids.pageB = page.body.doc.id
})

beforeEach(async () => {
  await drain()
  smtp.messages.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await receiver.close()
})

describe("a page's subscribers", () => {
  it("are confirmed and told in the page's name, with the page's links; another page's incident never reaches them", async () => {
    const { confirmation, base } = await subscribeAndConfirm('b-reader@example.test', onB)
    expect(confirmation.parsed.subject).toContain('Acme Pay status')
    expect(confirmation.parsed.from?.value).toEqual([{ name: 'Acme Pay status', address: 'status@example.test' }])
    expect(base).toBe(HOST_B)
    await subscribeAndConfirm('a-reader@example.test', onA, ['website'])
    smtp.messages.length = 0

    await createIncident('Card payments fail', [ids.billing])
    const toB = mailTo('b-reader@example.test')
    expect(toB).toHaveLength(1)
    expect(toB[0].parsed.subject).toContain('[Acme Pay status]')
    expect(toB[0].parsed.from?.value).toEqual([{ name: 'Acme Pay status', address: 'status@example.test' }])
    expect(toB[0].parsed.text).toContain(`${HOST_B}/i/`)
    expect(linkIn(toB[0], 'unsubscribe')?.[1]).toBe(HOST_B)
    expect(linkIn(toB[0], 'manage')?.[1]).toBe(HOST_B)
    expect(mailTo('a-reader@example.test')).toEqual([])

    // A service both pages show: each page's subscriber hears of it (A's only if it chose that service).
    await createIncident('Database slow', [ids.database])
    expect(mailTo('b-reader@example.test')).toHaveLength(2)
    expect(mailTo('a-reader@example.test')).toEqual([])
    await createIncident('Website down', [ids.website])
    expect(mailTo('a-reader@example.test')).toHaveLength(1)
    expect(mailTo('a-reader@example.test')[0].parsed.subject).toContain('[Acme status]')
    expect(mailTo('a-reader@example.test')[0].parsed.from?.value).toEqual([
      { name: 'Status', address: 'status@example.test' },
    ])
    expect(mailTo('b-reader@example.test')).toHaveLength(2)
  })

  it("tells a maintenance's window in each page's time zone and date format", async () => {
    await subscribeAndConfirm('b-times@example.test', onB)
    await subscribeAndConfirm('a-times@example.test', onA)
    const zoned = await api('PATCH', `/pages/${ids.pageB}`, {
      key: admin.key,
      body: { timeZone: 'America/New_York', dateFormat: 'iso' },
    })
    expect(zoned.status, zoned.text).toBe(200)
    smtp.messages.length = 0
    const created = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: '2030-12-10T15:00:00Z',
        scheduledEndAt: '2030-12-10T17:00:00Z',
        affectedServices: [ids.database],
      },
    })
    expect(created.status, created.text).toBe(201)
    await drain()
    const [toB] = mailTo('b-times@example.test')
    const [toA] = mailTo('a-times@example.test')
    // B: New York (UTC-5 in December), ISO dates; A: the default page's UTC and day-first dates.
    expect(toB.parsed.text).toMatch(/When: 2030-12-10 10:00 .* to 2030-12-10 12:00/)
    expect(toA.parsed.text).toMatch(/When: 10 Dec 2030, 15:00 .* to 10 Dec 2030, 17:00/)
    await api('PATCH', `/pages/${ids.pageB}`, { key: admin.key, body: { timeZone: null, dateFormat: null } })
  })

  it("gives a page's webhooks the page's Statuspage id and status, as its /api/v2 says", async () => {
    const hook = await api('POST', '/subscribers', {
      key: admin.key,
      body: {
        type: 'webhook',
        url: `${receiver.url}/on-b`,
        contactEmail: 'ops@example.test',
        verified: true,
        page: ids.pageB,
      },
    })
    expect(hook.status, hook.text).toBe(201)
    receiver.requests.length = 0
    await createIncident('Refunds stuck', [ids.billing])
    const bodies = receiver.requests.filter((r) => r.path === '/on-b').map((r) => JSON.parse(r.body))
    expect(bodies).toHaveLength(1)
    const summary = (await v2('/summary.json', onB)).body
    expect(bodies[0].page.id).toBe(summary.page.id)
    expect(bodies[0].page.id).not.toBe((await v2('/summary.json', onA)).body.page.id)
    expect(bodies[0].meta.documentation).toMatch(new RegExp(`^${HOST_B}/i/`))
  })

  it('lets one address follow two pages and leave one of them', async () => {
    const address = 'both@example.test'
    await subscribeAndConfirm(address, onA)
    await subscribeAndConfirm(address, onB)
    const { docs } = await (
      await payload()
    ).find({
      collection: 'subscribers',
      where: { email: { equals: address } },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs.map((d) => d.page ?? null).sort()).toEqual([ids.pageB, null].sort())
    const onPageB = docs.find((d) => d.page === ids.pageB)!
    const left = await api('PATCH', `/subscribers/${onPageB.id}`, { key: admin.key, body: { active: false } })
    expect(left.status).toBe(200)
    smtp.messages.length = 0
    await createIncident('Database maintenance overran', [ids.database])
    // Only the default page's subscription is left; the default page shows Database too.
    expect(mailTo(address)).toHaveLength(1)
    expect(mailTo(address)[0].parsed.subject).toContain('[Acme status]')
  })

  it("offers a page's services only: a service of another page is a 400 naming it", async () => {
    const refused = await post(
      subscribeRoute,
      '/api/subscribe',
      { type: 'email', email: 'picky@example.test', services: ['website'] },
      onB,
    )
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain('"website"')
    const byPath = await post(
      subscribeRoute,
      '/api/subscribe',
      { type: 'email', email: 'picky@example.test', services: ['billing'] },
      { ...onA, [PAGE_SLUG_HEADER]: 'pay' },
    )
    expect(byPath.status).toBe(200)
  })

  it("keeps the manage page's choices to the subscriber's page", async () => {
    await subscribeAndConfirm('manager@example.test', onB)
    const token = linkIn(mailTo('manager@example.test').at(-1)!, 'verify')![2]
    const subscriber = (
      await (
        await payload()
      ).find({
        collection: 'subscribers',
        where: { email: { equals: 'manager@example.test' } },
        overrideAccess: true,
        showHiddenFields: true,
      })
    ).docs[0]
    const form = (services: string[]) =>
      manageRoute.POST(
        new Request(`${HOST_B}/manage/${subscriber.unsubscribeToken}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...onB },
          body: new URLSearchParams([['action', 'save'], ...services.map((s) => ['services', s])]).toString(),
        }),
        { params: Promise.resolve({ token: subscriber.unsubscribeToken! }) },
      )
    expect(token).toBeTruthy()
    expect((await form(['website'])).status).toBe(400)
    expect((await form(['billing'])).status).toBe(200)
  })
})

describe('deleting a page', () => {
  it('is refused while it has subscribers, saying how many; allowed once they are gone', async () => {
    const refused = await api('DELETE', `/pages/${ids.pageB}`, { key: admin.key })
    expect(refused.status).toBe(409)
    expect(refused.text).toMatch(/This page has \d+ subscribers naming it/)
    const p = await payload()
    await p.delete({ collection: 'subscribers', where: { page: { equals: ids.pageB } }, overrideAccess: true })
    expect((await api('DELETE', `/pages/${ids.pageB}`, { key: admin.key })).status).toBe(200)
    // Its host now gets the default page.
    const summary = await (
      await import('@/app/api/v1/status/route')
    ).GET(new Request(`${BASE}/api/v1/status`, { headers: onB }), { params: Promise.resolve({}) })
    expect((await summary.json()).data.siteName).toBe('Acme status')
  })
})
