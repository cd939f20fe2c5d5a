/**
 * Following one incident (docs/notifications.md): from an incident's page (and under another page's or a language's
 * prefix) a visitor subscribes by e-mail (double opt-in) or SMS to that incident only, hears its updates and its
 * resolution and nothing else, and is ended once the resolution is sent. Real SMTP and SMS receivers on 127.0.0.1;
 * the jobs run through Payload's queue as the runner runs them.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import type { Where } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as manageRoute from '@/app/(site)/manage/[token]/route'
import * as subscribePageRoute from '@/app/(site)/subscribe/route'
import * as verifyPageRoute from '@/app/(site)/verify/[token]/route'
import { closeEmailPool } from '@/notify/email'
import { LOCALE_HEADER, PAGE_SLUG_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, subscribeJson, type TestUser } from '../helpers/api'
import { drainNotifications as drain } from '../helpers/notification-queue'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let sms: SmsProvider
let admin: TestUser
let editor: TestUser
let serviceId: number
let siteName: string
const unique = () => Math.random().toString(36).slice(2, 8)
const flat = (text: string) => text.replace(/\s+/g, ' ')

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>

/** A page's answer: its status, and its `<main>` (what the assertions are about) in one line. */
async function call(handler: Handler, path: string, init: RequestInit = {}, params: object = {}) {
  const response = await handler(new Request(`${BASE}${path}`, init), { params: Promise.resolve(params) })
  const text = flat(await response.text())
  return { status: response.status, text: text.slice(text.indexOf('<main'), text.indexOf('</main>')) }
}

const incidentPage = (shortId: string, headers: Record<string, string> = {}) =>
  call(incidentRoute.GET, `/i/${shortId}`, { headers }, { shortId })

/** The follow form's POST, as a browser sends it from the incident's page. */
const followForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(subscribePageRoute.POST, '/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })

interface Update {
  status: string
  message: string
  createdAt: string
  notify?: boolean
}
const T0 = Date.now() - 3600_000
/** The updates' times, a minute apart, in the last hour. */
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()

let opened = 0
async function openIncident(title: string) {
  // Each its own first instant: SQLite gives a deleted incident's id to the next one, and an update's notification
  // is known by the incident's id and the update's status, time and words.
  const createdAt = new Date(Date.parse(at(0)) + ++opened).toISOString()
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      affectedServices: [serviceId],
      updates: [{ status: 'investigating', message: 'Looking', createdAt }],
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string; updates: Update[] }
}

/** Appends an update (the whole list is sent back, as the contract says). */
async function addUpdate(id: number, update: Update) {
  const current = await api('GET', `/incidents/${id}`, { key: editor.key })
  const updates = (current.body.updates as Update[]).map(({ status, message, createdAt, notify }) => ({
    status,
    message,
    createdAt,
    notify,
  }))
  const res = await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { updates: [...updates, update] } })
  expect(res.status, res.text).toBe(200)
}

async function follower(where: Where) {
  const { docs } = await (
    await payload()
  ).find({ collection: 'subscribers', where, overrideAccess: true, showHiddenFields: true, depth: 0 })
  expect(docs).toHaveLength(1)
  return docs[0]
}

const tokenIn = (text: string) => /\/verify\/([A-Za-z0-9_-]+)/.exec(text)![1]
const confirmByPage = (token: string) => call(verifyPageRoute.POST, `/verify/${token}`, { method: 'POST' }, { token })
const subjects = (mails: ReceivedMail[]) => mails.map((m) => m.parsed.subject)

beforeAll(async () => {
  smtp = await startSmtpSink()
  sms = await startSmsProvider()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  const smsSettings = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: { enabled: true, apiBaseUrl: sms.url, accountSid: 'AC1', authToken: 'secret', fromNumber: '+15550001111' },
  })
  expect(smsSettings.status, smsSettings.text).toBe(200)
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  const service = await api('POST', '/services', { key: editor.key, body: { name: 'API', group: group.body.doc.id } })
  serviceId = service.body.doc.id
  const page = await api('POST', '/pages', {
    key: admin.key,
    body: { name: 'Partner status', slug: 'partners', sections: [{ group: group.body.doc.id, services: [serviceId] }] },
  })
  expect(page.status, page.text).toBe(201)
  siteName = (await (await payload()).findGlobal({ slug: 'settings', depth: 0 })).siteName ?? 'Status'
})

beforeEach(async () => {
  await drain()
  smtp.messages.length = 0
  sms.requests.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await sms.close()
})

describe('the follow form on an incident’s page', () => {
  it('is offered while the incident is open, by e-mail or SMS, under another page’s and a language’s prefix', async () => {
    const { id, shortId } = await openIncident('Slow logins')
    const page = await incidentPage(shortId)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<h2 id="follow-h" class="flush">Follow this incident</h2>')
    expect(page.text).toContain('<form method="post" action="/subscribe" class="stacked">')
    expect(page.text).toContain(`<input type="hidden" name="incident" value="${shortId}">`)
    expect(page.text).toContain('name="email"')
    expect(page.text).toContain('name="phone"')

    const onPartners = await incidentPage(shortId, { [PAGE_SLUG_HEADER]: 'partners' })
    expect(onPartners.text).toContain('action="/p/partners/subscribe"')
    const german = await incidentPage(shortId, { [LOCALE_HEADER]: 'de' })
    expect(german.text).toContain('Dieser Störung folgen')
    expect(german.text).toContain('action="/de/subscribe"')
    expect(german.text).toContain('>Folgen</button>')
    const japanese = await incidentPage(shortId, { [LOCALE_HEADER]: 'ja', [PAGE_SLUG_HEADER]: 'partners' })
    expect(japanese.text).toContain('この障害をフォロー')
    expect(japanese.text).toContain('action="/p/partners/ja/subscribe"')

    await addUpdate(id, { status: 'resolved', message: 'Fixed', createdAt: at(5) })
    const resolved = await incidentPage(shortId)
    expect(resolved.status).toBe(200)
    expect(resolved.text).not.toContain('follow-h')
    expect(resolved.text).not.toContain('name="incident"')
  })

  it('refuses a resolved or unknown incident, beside the form, in the reader’s language, and stores nothing', async () => {
    const { id, shortId } = await openIncident('Resolved before anyone followed')
    await addUpdate(id, { status: 'resolved', message: 'Fixed', createdAt: at(5) })
    const email = `late-${unique()}@example.test`
    const late = await followForm({ type: 'email', email, incident: shortId })
    expect(late.status).toBe(400)
    expect(late.text).toContain('This incident is resolved: there is nothing more to follow.')
    const german = await followForm({ type: 'email', email, incident: shortId }, { [LOCALE_HEADER]: 'de' })
    expect(german.text).toContain('Diese Störung ist behoben: Es gibt nichts mehr zu verfolgen.')
    expect(await subscribeJson({ type: 'email', email, incident: shortId })).toEqual({
      status: 400,
      body: { success: false, message: 'incident: this incident is resolved; there is nothing more to follow' },
    })
    expect(await subscribeJson({ type: 'sms', phone: '+14155550100', incident: 'nope00' })).toEqual({
      status: 400,
      body: { success: false, message: 'incident: no incident has the id "nope00" on this page' },
    })
    const unknown = await followForm({ type: 'email', email, incident: 'nope00' })
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain('This incident is not on this page.')
    const open = await openIncident('Still open')
    expect(
      await subscribeJson({ type: 'webhook', url: 'https://hooks.example.test/x', email, incident: open.shortId }),
    ).toMatchObject({
      status: 400,
      body: { message: 'incident: only e-mail and SMS subscriptions can follow one incident' },
    })
    const bad = await followForm({ type: 'email', email: 'not-an-address', incident: open.shortId })
    expect(bad.status).toBe(400)
    // Said on the incident's page, beside its form, with what was typed.
    expect(bad.text).toContain('<h1 id="title">Still open</h1>')
    expect(bad.text).toContain('email must be a valid e-mail address')
    expect(bad.text).toContain('value="not-an-address"')
    // Its address is /subscribe: it does not refresh itself from there.
    expect(bad.text).not.toContain('data-refresh')
    expect((await api('GET', `/subscribers?where[email][equals]=${email}`, { key: admin.key })).body.docs).toEqual([])
  })
})

describe('an e-mail follower', () => {
  it('hears exactly that incident’s updates and its resolution, nothing of another incident, then is ended', async () => {
    const followed = await openIncident('Checkout errors')
    const other = await openIncident('Search is slow')
    const email = `follower-${unique()}@example.test`
    const everything = `everything-${unique()}@example.test`
    await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: everything, verified: true } })

    const answered = await followForm({ type: 'email', email, incident: followed.shortId })
    expect(answered.status).toBe(200)
    expect(answered.text).toContain('Check your inbox')
    const stored = await follower({ email: { equals: email } })
    expect(stored).toMatchObject({ incident: followed.id, incidentKey: followed.id, verified: false, active: true })
    // The admin shows which incident it follows.
    expect((await api('GET', `/subscribers/${stored.id}?depth=1`, { key: admin.key })).body.incident).toMatchObject({
      id: followed.id,
      title: 'Checkout errors',
    })

    await drain()
    const [confirmation] = smtp.to(email)
    expect(confirmation.parsed.text).toContain(
      `Please confirm that you want to follow the incident “Checkout errors” on ${siteName}`,
    )
    // Unconfirmed, it hears nothing.
    await addUpdate(followed.id, { status: 'identified', message: 'Found it', createdAt: at(1) })
    await drain()
    expect(smtp.to(email)).toHaveLength(1)
    const confirmed = await confirmByPage(tokenIn(confirmation.parsed.text ?? ''))
    expect(confirmed.text).toContain('You will hear of this incident’s updates until it is resolved')

    await addUpdate(followed.id, { status: 'monitoring', message: 'Fix deployed', createdAt: at(2) })
    await addUpdate(other.id, { status: 'identified', message: 'Index rebuild', createdAt: at(2) })
    await openIncident('Another one meanwhile')
    const maintenance = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: new Date(Date.now() + 86_400_000).toISOString(),
        scheduledEndAt: new Date(Date.now() + 90_000_000).toISOString(),
        affectedServices: [serviceId],
      },
    })
    expect(maintenance.status, maintenance.text).toBe(201)
    await addUpdate(followed.id, { status: 'resolved', message: 'All good', createdAt: at(3) })
    await drain()

    const heard = smtp.to(email).slice(1)
    expect(subjects(heard)).toEqual([
      `[${siteName}] Incident update: Checkout errors`,
      `[${siteName}] Incident resolved: Checkout errors`,
    ])
    expect(heard[1].parsed.text).toContain('All good')
    expect(heard[0].parsed.text).toContain(`because you follow this incident on ${siteName}`)
    // The page's subscriber heard all of it meanwhile.
    expect(subjects(smtp.to(everything))).toEqual(
      expect.arrayContaining([
        `[${siteName}] New incident: Another one meanwhile`,
        `[${siteName}] Maintenance scheduled: Database upgrade`,
        `[${siteName}] Incident update: Search is slow`,
      ]),
    )

    // Ended once the resolution went out: its manage page says so, and nothing more comes.
    const ended = await follower({ email: { equals: email } })
    expect(ended).toMatchObject({ active: false, unsubscribedAt: expect.any(String), incident: followed.id })
    await addUpdate(followed.id, { status: 'investigating', message: 'It is back', createdAt: at(4) })
    await addUpdate(other.id, { status: 'resolved', message: 'Done', createdAt: at(4) })
    await drain()
    expect(smtp.to(email)).toHaveLength(3)
    const manage = await call(
      manageRoute.GET,
      `/manage/${ended.unsubscribeToken}`,
      {},
      { token: ended.unsubscribeToken },
    )
    expect(manage.text).toContain('are cancelled')
  })

  it('is one subscription beside the same address’s page subscription, which hears it once', async () => {
    const incident = await openIncident('Double delivery?')
    const email = `both-${unique()}@example.test`
    await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email, verified: true } })
    expect((await subscribeJson({ type: 'email', email, incident: incident.shortId })).status).toBe(200)
    await drain()
    const confirmation = smtp.to(email).at(-1)!
    expect((await confirmByPage(tokenIn(confirmation.parsed.text ?? ''))).status).toBe(200)
    const before = smtp.to(email).length
    await addUpdate(incident.id, { status: 'identified', message: 'Once please', createdAt: at(1) })
    await drain()
    expect(subjects(smtp.to(email).slice(before))).toEqual([`[${siteName}] Incident update: Double delivery?`])

    // Its manage page names the incident and offers no choice of services.
    const row = await follower({ and: [{ email: { equals: email } }, { incidentKey: { equals: incident.id } }] })
    const manage = await call(manageRoute.GET, `/manage/${row.unsubscribeToken}`, {}, { token: row.unsubscribeToken })
    expect(manage.text).toContain(`<a href="/i/${incident.shortId}">Double delivery?</a>`)
    expect(manage.text).not.toContain('name="services"')
  })

  it('ends at once when the incident is resolved without a notification', async () => {
    const incident = await openIncident('Quietly resolved')
    const email = `quiet-${unique()}@example.test`
    expect((await subscribeJson({ type: 'email', email, incident: incident.shortId })).status).toBe(200)
    await drain()
    await confirmByPage(tokenIn(smtp.to(email)[0].parsed.text ?? ''))
    await addUpdate(incident.id, {
      status: 'resolved',
      message: 'Nobody needs to hear',
      createdAt: at(1),
      notify: false,
    })
    expect(await follower({ email: { equals: email } })).toMatchObject({ active: false })
    await drain()
    expect(smtp.to(email)).toHaveLength(1)
  })
})

describe('an SMS follower', () => {
  it('is confirmed by SMS naming the incident, hears its update and resolution only, then is ended', async () => {
    const followed = await openIncident('Payments delayed')
    const other = await openIncident('Unrelated outage')
    const phone = `+1415555${Math.floor(1000 + Math.random() * 8999)}`
    expect((await subscribeJson({ type: 'sms', phone, incident: followed.shortId })).status).toBe(200)
    await drain()
    expect(sms.requests).toHaveLength(1)
    expect(sms.requests[0].body).toContain(`confirm that you follow the incident “Payments delayed”`)
    await confirmByPage(tokenIn(sms.requests[0].body))

    await addUpdate(other.id, { status: 'identified', message: 'Elsewhere', createdAt: at(1) })
    await addUpdate(followed.id, { status: 'identified', message: 'Bank link down', createdAt: at(1) })
    await addUpdate(followed.id, { status: 'resolved', message: 'Back to normal', createdAt: at(2) })
    await drain()
    const texts = sms.requests.slice(1).filter((r) => r.to === phone)
    expect(texts.map((r) => r.body.includes('Payments delayed'))).toEqual([true, true])
    expect(texts[1].body).toContain('Back to normal')
    expect(await follower({ phone: { equals: phone } })).toMatchObject({ active: false })
  })
})

describe('deleting a followed incident', () => {
  it('breaks nothing: the follower stays readable, ended, with no incident; later notifications go out', async () => {
    const incident = await openIncident('Created by mistake')
    const email = `orphan-${unique()}@example.test`
    expect((await subscribeJson({ type: 'email', email, incident: incident.shortId })).status).toBe(200)
    await drain()
    await confirmByPage(tokenIn(smtp.to(email)[0].parsed.text ?? ''))
    const { id } = await follower({ email: { equals: email } })

    const deleted = await api('DELETE', `/incidents/${incident.id}`, { key: admin.key })
    expect(deleted.status, deleted.text).toBe(200)
    const row = await api('GET', `/subscribers/${id}`, { key: admin.key })
    expect(row.status).toBe(200)
    expect(row.body).toMatchObject({ incident: null, active: false })
    expect((await api('GET', '/subscribers?limit=100', { key: admin.key })).status).toBe(200)

    const everyone = `after-${unique()}@example.test`
    await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: everyone, verified: true } })
    await openIncident('A real one')
    await drain()
    expect(subjects(smtp.to(everyone))).toEqual([`[${siteName}] New incident: A real one`])
    expect(smtp.to(email)).toHaveLength(1)
  })
})
