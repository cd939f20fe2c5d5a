/**
 * Visitors add their own Slack, Discord or Microsoft Teams channel (an incoming-webhook address) through the
 * /subscribe form or POST /api/subscribe: checked by the service's shape, confirmed through the e-mail address given
 * with it as webhooks are, then the outbound policy, quarantine and notices that administrators' channels have. The
 * services' hosts stand in as a receiver on 127.0.0.1 (CHAT_WEBHOOK_ORIGINS), which the outbound policy is told to
 * allow as an operator would allow an internal endpoint; real SMTP on 127.0.0.1 too.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as subscribePageRoute from '@/app/(site)/subscribe/route'
import * as verifyPageRoute from '@/app/(site)/verify/[token]/route'
import { env, resetConfig } from '@/config/env'
import { deliverNotification } from '@/notify/deliver'
import { closeEmailPool } from '@/notify/email'
import { LOCALE_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, subscribeJson, type TestUser } from '../helpers/api'
import { drainNotifications as drain } from '../helpers/notification-queue'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'

let smtp: SmtpSink
let receiver: WebhookReceiver
let admin: TestUser
let editor: TestUser
let serviceId: number
const unique = () => Math.random().toString(36).slice(2, 8)
const DAY = 24 * 60 * 60 * 1000
const flat = (text: string) => text.replace(/\s+/g, ' ')

type Handler = (request: Request, context: { params: Promise<any> }) => Promise<Response>

/** A page's answer: its status, and its `<main>` in one line. */
async function call(handler: Handler, path: string, init: RequestInit = {}, params: object = {}) {
  const response = await handler(new Request(`${BASE}${path}`, init), { params: Promise.resolve(params) })
  const text = flat(await response.text())
  return { status: response.status, text: text.slice(text.indexOf('<main'), text.indexOf('</main>')) }
}

const subscribeForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(subscribePageRoute.POST, '/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })

/** Where each service's webhooks live here: a path of the service's own shape on the receiver. */
const slackUrl = (name: string) => `${receiver.url}/services/T0001/B0002/${name}`
const discordUrl = (name: string) => `${receiver.url}/api/webhooks/1234567890/${name}`
const teamsUrl = (name: string) => `${receiver.url}/workflows/${name}/triggers/manual/paths/invoke`
const pathOf = (url: string) => new URL(url).pathname

async function confirmFrom(contact: string) {
  const mail = smtp.to(contact).at(-1)!
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]
  return call(verifyPageRoute.POST, `/verify/${token}`, { method: 'POST' }, { token })
}

interface Update {
  status: string
  message: string
  createdAt: string
}
const T0 = Date.now() - 3600_000
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()

async function openIncident(title: string) {
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      affectedServices: [serviceId],
      updates: [{ status: 'investigating', message: 'Looking', createdAt: at(0) }],
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string; updates: Update[] }
}

async function addUpdate(id: number, update: Update) {
  const current = await api('GET', `/incidents/${id}`, { key: editor.key })
  const updates = (current.body.updates as Update[]).map(({ status, message, createdAt }) => ({
    status,
    message,
    createdAt,
  }))
  const res = await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { updates: [...updates, update] } })
  expect(res.status, res.text).toBe(200)
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  receiver = await startWebhookReceiver()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  process.env.CHAT_WEBHOOK_ORIGINS = `slack=${receiver.url},discord=${receiver.url},teams=${receiver.url}`
  resetConfig()
  admin = await createUser('admin')
  editor = await createUser('editor')
  // Complete SMS settings, so the form offers every channel (nothing here is sent by SMS).
  const smsSettings = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: {
      enabled: true,
      apiBaseUrl: 'https://sms.example.test',
      accountSid: 'AC1',
      authToken: 'x',
      fromNumber: '+15550001111',
    },
  })
  expect(smsSettings.status, smsSettings.text).toBe(200)
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  const service = await api('POST', '/services', { key: editor.key, body: { name: 'API', group: group.body.doc.id } })
  serviceId = service.body.doc.id
})

beforeEach(async () => {
  await drain()
  smtp.messages.length = 0
  receiver.requests.length = 0
  receiver.replies.clear()
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await receiver.close()
})

describe('the /subscribe form', () => {
  it('offers Slack, Discord and Microsoft Teams beside e-mail, SMS and webhooks, in the reader’s language', async () => {
    const english = await call(subscribePageRoute.GET, '/subscribe')
    for (const type of ['email', 'sms', 'webhook', 'slack', 'discord', 'teams'])
      expect(english.text).toContain(`<input type="radio" name="type" value="${type}"`)
    expect(english.text).toContain('> Slack channel</label>')
    expect(english.text).toContain('<label for="url">Webhook or channel address (URL)</label>')
    expect(english.text).toContain('https://hooks.slack.com/services/…')
    const german = await call(subscribePageRoute.GET, '/subscribe', { headers: { [LOCALE_HEADER]: 'de' } })
    expect(german.text).toContain('> Slack-Kanal</label>')
    expect(german.text).toContain('> Microsoft-Teams-Kanal</label>')
    expect(german.text).toContain('Adresse des Webhooks oder Kanals (URL)')
    expect(german.text).toContain('action="/de/subscribe"')
    const arabic = await call(subscribePageRoute.GET, '/subscribe', { headers: { [LOCALE_HEADER]: 'ar' } })
    expect(arabic.text).toContain('> قناة Discord</label>')
  })
})

describe('a visitor’s Slack channel', () => {
  it('subscribed through the form is confirmed through the e-mail link, then gets one message per update', async () => {
    const contact = `slack-${unique()}@example.test`
    const url = slackUrl(`form-${unique()}`)
    const answered = await subscribeForm({ type: 'slack', url, email: contact })
    expect(answered.status).toBe(200)
    expect(answered.text).toContain('Check the inbox of the e-mail address you gave for a link to confirm it.')
    const [stored] = (await api('GET', `/subscribers?where[contactEmail][equals]=${contact}`, { key: admin.key })).body
      .docs
    expect(stored).toMatchObject({ type: 'slack', url, verified: false, active: true })

    await drain()
    const [confirmation] = smtp.to(contact)
    expect(confirmation.parsed.subject).toBe('[Status] Confirm your Slack channel')
    expect(confirmation.parsed.text).toContain(
      `Please confirm that Status may post status updates to your Slack channel at ${receiver.url}/…:`,
    )
    // The channel's address is its credential: the e-mail names only its origin.
    expect(confirmation.raw).not.toContain(pathOf(url))

    // Nothing is posted before it is confirmed.
    const before = await openIncident('Before the channel was confirmed')
    await drain()
    expect(receiver.to(pathOf(url))).toHaveLength(0)
    const confirmed = await confirmFrom(contact)
    expect(confirmed.status).toBe(200)
    expect(confirmed.text).toContain('Subscription confirmed')

    const incident = await openIncident('Queue backlog')
    await addUpdate(incident.id, { status: 'identified', message: 'A consumer is stuck', createdAt: at(1) })
    await addUpdate(incident.id, { status: 'resolved', message: 'Drained', createdAt: at(2) })
    await addUpdate(before.id, { status: 'resolved', message: 'Also done', createdAt: at(1) })
    await drain()
    const posted = receiver
      .to(pathOf(url))
      .map((request) => JSON.parse(request.body) as { text: string; blocks: unknown[] })
    expect(posted.map((message) => message.text)).toEqual([
      expect.stringContaining('Queue backlog'),
      expect.stringContaining('Queue backlog'),
      expect.stringContaining('Queue backlog'),
      expect.stringContaining('Before the channel was confirmed'),
    ])
    for (const message of posted) expect(message.blocks.length).toBeGreaterThan(0)
    expect(JSON.stringify(posted[1].blocks)).toContain('A consumer is stuck')
    expect(JSON.stringify(posted[2].blocks)).toContain('Drained')
  })
})

describe('a visitor’s Discord and Teams channels', () => {
  it('are subscribed through the API, confirmed by e-mail, and get their own message shapes', async () => {
    const contact = `chat-${unique()}@example.test`
    const discord = discordUrl(`d${unique()}`)
    const teams = teamsUrl(`t${unique()}`)
    for (const [type, url] of [
      ['discord', discord],
      ['teams', teams],
    ]) {
      const res = await subscribeJson({ type, url, email: contact })
      expect(res, type).toEqual({
        status: 200,
        body: {
          success: true,
          message: 'Thanks! Check the inbox of the e-mail address you gave for a link to confirm the channel.',
        },
      })
    }
    await drain()
    expect(smtp.to(contact).map((m) => m.parsed.subject)).toEqual([
      '[Status] Confirm your Discord channel',
      '[Status] Confirm your Microsoft Teams channel',
    ])
    for (const mail of smtp.to(contact)) {
      const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]
      expect((await call(verifyPageRoute.POST, `/verify/${token}`, { method: 'POST' }, { token })).status).toBe(200)
    }
    await openIncident('Login errors')
    await drain()
    const [embed] = receiver.to(pathOf(discord)).map((r) => JSON.parse(r.body))
    expect(embed.embeds[0].title).toBe('New incident: Login errors')
    expect(embed.allowed_mentions).toEqual({ parse: [] })
    const [card] = receiver.to(pathOf(teams)).map((r) => JSON.parse(r.body))
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive')
  })

  it('in another language, are confirmed in it', async () => {
    const contact = `de-${unique()}@example.test`
    const answered = await subscribeForm(
      { type: 'discord', url: discordUrl(`de${unique()}`), email: contact },
      { [LOCALE_HEADER]: 'de' },
    )
    expect(answered.status).toBe(200)
    expect(answered.text).toContain('Sehen Sie im Posteingang der angegebenen E-Mail-Adresse nach einem Link')
    await drain()
    expect(smtp.to(contact)[0].parsed.subject).toBe('[Status] Bestätigen Sie Ihren Discord-Kanal')
    expect(smtp.to(contact)[0].parsed.text).toContain(`${'https://status.example.test'}/de/verify/`)
  })
})

describe('addresses a visitor’s channel may not have', () => {
  it('are refused with a 400 naming url when they do not have the service’s shape, on the API and the form', async () => {
    const contact = `shape-${unique()}@example.test`
    const refusals: [string, string, RegExp][] = [
      [
        'slack',
        discordUrl('x'),
        /^url must be a Slack incoming-webhook address, such as https:\/\/hooks\.slack\.com\//,
      ],
      ['discord', slackUrl('x'), /^url must be a Discord incoming-webhook address, such as https:\/\/discord\.com\//],
      ['teams', `${receiver.url}/anything`, /^url must be a Microsoft Teams incoming-webhook address/],
      ['slack', 'https://hooks.slack.com/services/T1/B2/x', /^url must be a Slack incoming-webhook address/],
      ['slack', 'not a url', /^url must be a full URL/],
    ]
    for (const [type, url, message] of refusals) {
      const res = await subscribeJson({ type, url, email: contact })
      expect(res.status, url).toBe(400)
      expect(res.body.message, url).toMatch(message)
    }
    const form = await subscribeForm({ type: 'teams', url: slackUrl('x'), email: contact })
    expect(form.status).toBe(400)
    expect(form.text).toContain('url must be a Microsoft Teams incoming-webhook address, such as https://')
    // What was typed stays in the form, with the Teams choice.
    expect(form.text).toContain(`value="${slackUrl('x')}"`)
    expect(form.text).toContain('value="teams" checked')
    const german = await subscribeForm({ type: 'slack', url: teamsUrl('x'), email: contact }, { [LOCALE_HEADER]: 'de' })
    expect(german.text).toContain('Die Adresse (URL) muss die eines eingehenden Slack-Webhooks sein, etwa https://')
    expect(
      (await api('GET', `/subscribers?where[contactEmail][equals]=${contact}`, { key: admin.key })).body.docs,
    ).toEqual([])
  })

  it('are refused by the outbound policy like every address a visitor typed, on the API and the form', async () => {
    delete process.env.OUTBOUND_ALLOWED_NETWORKS
    resetConfig()
    try {
      const contact = `internal-${unique()}@example.test`
      const res = await subscribeJson({ type: 'slack', url: slackUrl('internal'), email: contact })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(
        /^url must not point to a loopback, private, link-local or other internal address/,
      )
      const form = await subscribeForm({ type: 'slack', url: slackUrl('internal'), email: contact })
      expect(form.status).toBe(400)
      expect(form.text).toContain('url: the server may not send to this address')
    } finally {
      process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
      resetConfig()
    }
  })
})

describe('a visitor’s channel that keeps failing', () => {
  it('is quarantined after 3 days, and its contact gets the notice administrators’ channels give', async () => {
    const contact = `broken-${unique()}@example.test`
    const url = slackUrl(`broken${unique()}`)
    expect((await subscribeJson({ type: 'slack', url, email: contact })).status).toBe(200)
    await drain()
    await confirmFrom(contact)
    const [row] = (await api('GET', `/subscribers?where[contactEmail][equals]=${contact}`, { key: admin.key })).body
      .docs
    receiver.replies.set(pathOf(url), { status: 410 })
    const p = await payload()
    const t0 = new Date()
    const send = async (title: string, when: Date) => {
      const incident = await openIncident(title)
      const { docs } = await p.find({
        collection: 'notifications',
        where: { incident: { equals: incident.id } },
        overrideAccess: true,
        depth: 0,
      })
      await deliverNotification(p, docs[0].id, env(), () => when)
    }
    await send('Day one', t0)
    await send('Day four', new Date(t0.getTime() + 3 * DAY))
    expect((await api('GET', `/subscribers/${row.id}`, { key: admin.key })).body.quarantinedAt).toBe(
      new Date(t0.getTime() + 3 * DAY).toISOString(),
    )
    await smtp.waitFor(2)
    expect(smtp.to(contact).at(-1)!.parsed.subject).toContain('quarantined')
    await openIncident('While quarantined')
    await drain()
    expect(receiver.to(pathOf(url))).toHaveLength(2)
  })
})
