/**
 * Webhook, Slack, Discord and Teams subscribers, through the CMS API and POST /api/subscribe, delivered to a local
 * HTTP receiver on 127.0.0.1 (allowed here as an operator would allow an internal endpoint) and checked with the
 * Standard Webhooks library a receiver would use. The jobs run through Payload's queue with the runner's own tick.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.NOTIFY_RETRY_BASE_MS = '200'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'
// The slow receiver never answers: the delivery gives up after this long.
process.env.WEBHOOK_TIMEOUT_MS = '400'

import MarkdownIt from 'markdown-it'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'

import * as subscribeRoute from '@/app/api/subscribe/route'
import * as verifyRoute from '@/app/api/subscribe/verify/route'
import { env, resetConfig } from '@/config/env'
import { deliverNotification } from '@/notify/deliver'
import { subscribe } from '@/services/subscribers/subscribe'
import { closeEmailPool } from '@/notify/email'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications as drain } from '../helpers/notification-queue'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver'

let smtp: SmtpSink
let receiver: WebhookReceiver
let admin: TestUser
let editor: TestUser
const services: Record<string, number> = {}
let groupId: number
const unique = () => Math.random().toString(36).slice(2, 8)
const DAY = 24 * 60 * 60 * 1000

async function post(route: { POST: (request: Request) => Promise<Response> }, path: string, body: unknown) {
  const response = await route.POST(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: await response.json() }
}

/** A subscriber an administrator adds; returns the create answer's document (with the secret, once). */
async function addSubscriber(fields: Record<string, unknown>) {
  const res = await api('POST', '/subscribers', { key: admin.key, body: fields })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; signingSecret?: string; verified: boolean }
}

async function createIncident(body: Record<string, unknown>) {
  const res = await api('POST', '/incidents', { key: editor.key, body })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string }
}

async function notificationsOf(field: 'incident' | 'maintenance', id: number) {
  const p = await payload()
  const { docs } = await p.find({
    collection: 'notifications',
    where: { [field]: { equals: id } },
    sort: 'id',
    overrideAccess: true,
    depth: 0,
  })
  return docs
}

async function deliveriesOf(subscriberId: number) {
  const p = await payload()
  const { docs } = await p.find({
    collection: 'notification-deliveries',
    where: { subscriber: { equals: subscriberId } },
    sort: 'id',
    overrideAccess: true,
    depth: 0,
  })
  return docs
}

const json = (request: ReceivedRequest) => JSON.parse(request.body)
const verify = (secret: string, request: ReceivedRequest) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>)

function withPolicy(allowed: string | undefined) {
  if (allowed === undefined) delete process.env.OUTBOUND_ALLOWED_NETWORKS
  else process.env.OUTBOUND_ALLOWED_NETWORKS = allowed
  resetConfig()
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  receiver = await startWebhookReceiver()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  resetConfig()
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  groupId = group.body.doc.id
  for (const name of ['API', 'Dashboard']) {
    const res = await api('POST', '/services', { key: editor.key, body: { name, group: group.body.doc.id } })
    services[res.body.doc.slug] = res.body.doc.id
  }
})

beforeEach(async () => {
  await drain()
  receiver.requests.length = 0
  receiver.replies.clear()
  smtp.messages.length = 0
})

// Each test hears only its own subscribers.
afterEach(async () => {
  receiver.release()
  await drain()
  const p = await payload()
  await p.update({
    collection: 'subscribers',
    where: { active: { equals: true } },
    data: { active: false },
    overrideAccess: true,
    depth: 0,
  })
  withPolicy('127.0.0.1/32')
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await receiver.close()
})

describe('webhook subscribers an administrator adds', () => {
  it('show their signing secret once, send nothing on save, and keep the URL from editors', async () => {
    const created = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/saved`,
      contactEmail: 'ops@example.test',
    })
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(created.verified).toBe(true)
    await drain()
    expect(receiver.requests).toHaveLength(0)

    const asAdmin = await api('GET', `/subscribers/${created.id}`, { key: admin.key })
    expect(asAdmin.body.signingSecret).toBeUndefined()
    expect(asAdmin.body.url).toBe(`${receiver.url}/saved`)
    const asEditor = await api('GET', `/subscribers/${created.id}`, { key: editor.key })
    expect(asEditor.status).toBe(200)
    expect(asEditor.body.url).toBeUndefined()
    expect(asEditor.body.signingSecret).toBeUndefined()
    // A write cannot choose the secret, nor does an update show it again.
    const updated = await api('PATCH', `/subscribers/${created.id}`, {
      key: admin.key,
      body: { signingSecret: 'whsec_AAAA' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.doc.signingSecret).toBeUndefined()
  })

  it("get exactly one signed request per incident event, in Statuspage's shape", async () => {
    const { id, signingSecret } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/hook`,
      contactEmail: 'ops@example.test',
    })
    const incident = await createIncident({
      title: 'API errors',
      affectedServices: [services.api],
      updates: [{ status: 'investigating', message: 'Looking into <it>' }],
    })
    await drain()
    expect(receiver.to('/hook')).toHaveLength(1)
    const [first] = receiver.to('/hook')
    expect(first.headers['content-type']).toBe('application/json')
    const body = verify(signingSecret!, first) as any
    expect(body).toMatchObject({
      meta: {
        unsubscribe: expect.stringMatching(/^https:\/\/status\.example\.test\/unsubscribe\//),
        generated_at: expect.any(String),
      },
      page: {
        id: expect.stringMatching(/^[a-z0-9]{12}$/),
        status_indicator: expect.any(String),
        status_description: expect.any(String),
      },
      incident: {
        id: incident.shortId,
        name: 'API errors',
        status: 'investigating',
        shortlink: `https://status.example.test/i/${incident.shortId}`,
        incident_updates: [{ status: 'investigating', body: 'Looking into <it>' }],
        components: [{ name: 'API' }],
      },
    })
    // A tampered body or a foreign secret fails verification.
    expect(() => verify(signingSecret!, { ...first, body: first.body.replace('API errors', 'API fine') })).toThrow()
    expect(() => verify(`whsec_${Buffer.from('another secret of enough length!').toString('base64')}`, first)).toThrow()

    // Running the job again, or the runner again, sends nothing twice.
    const [notification] = await notificationsOf('incident', incident.id)
    await deliverNotification(await payload(), notification.id)
    await drain()
    expect(receiver.to('/hook')).toHaveLength(1)

    // The next update is the next event: one more request, with its own id.
    await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: {
        updates: [
          {
            status: 'investigating',
            message: 'Looking into <it>',
            createdAt: body.incident.incident_updates[0].created_at,
          },
          { status: 'resolved', message: 'Fixed' },
        ],
      },
    })
    await drain()
    const requests = receiver.to('/hook')
    expect(requests).toHaveLength(2)
    expect((verify(signingSecret!, requests[1]) as any).incident.status).toBe('resolved')
    expect(requests[1].headers['webhook-id']).not.toBe(requests[0].headers['webhook-id'])
    expect((await deliveriesOf(id)).map((d) => d.status)).toEqual(['sent', 'sent'])

    // A new secret, shown once to an administrator, signs from then on; the old one verifies nothing more.
    expect((await api('POST', `/subscribers/${id}/signing-secret`)).status).toBe(401)
    expect((await api('POST', `/subscribers/${id}/signing-secret`, { key: editor.key })).status).toBe(403)
    const renewed = await api('POST', `/subscribers/${id}/signing-secret`, { key: admin.key })
    expect(renewed.status).toBe(200)
    const next = renewed.body.signingSecret as string
    expect(next).toMatch(/^whsec_/)
    expect(next).not.toBe(signingSecret)
    expect((await api('GET', `/subscribers/${id}`, { key: admin.key })).body.signingSecret).toBeUndefined()
    const test = await api('POST', `/subscribers/${id}/test-delivery`, { key: admin.key })
    expect(test.body).toMatchObject({ sent: true })
    const tested = receiver.to('/hook').at(-1)!
    expect(verify(next, tested)).toMatchObject({ test: expect.any(Object) })
    expect(() => verify(signingSecret!, tested)).toThrow()
  })

  it("hear of a service's status change as a component update, and of a maintenance as Statuspage sends it", async () => {
    const { signingSecret } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/components`,
      contactEmail: 'ops@example.test',
    })
    const changed = await api('PATCH', `/services/${services.dashboard}`, {
      key: editor.key,
      body: { status: 'partial' },
    })
    expect(changed.status, changed.text).toBe(200)
    await drain()
    expect(receiver.to('/components')).toHaveLength(1)
    expect(verify(signingSecret!, receiver.to('/components')[0])).toMatchObject({
      meta: expect.any(Object),
      page: { status_indicator: 'minor', status_description: 'Minor Service Outage' },
      component: { name: 'Dashboard', status: 'partial_outage', id: expect.stringMatching(/^[a-z0-9]{12}$/) },
      component_update: { old_status: 'operational', new_status: 'partial_outage', component_type: 'Component' },
    })
    await api('PATCH', `/services/${services.dashboard}`, { key: editor.key, body: { status: 'operational' } })

    const maintenance = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: '2031-03-10T22:00:00.000Z',
        scheduledEndAt: '2031-03-11T00:30:00.000Z',
        affectedServices: [services.api],
      },
    })
    expect(maintenance.status, maintenance.text).toBe(201)
    await drain()
    const last = receiver.to('/components').at(-1)!
    expect(verify(signingSecret!, last)).toMatchObject({
      incident: {
        name: 'Database upgrade',
        impact: 'maintenance',
        status: 'scheduled',
        scheduled_for: '2031-03-10T22:00:00.000Z',
        scheduled_until: '2031-03-11T00:30:00.000Z',
      },
    })
  })

  it("describe a maintenance's reminder as it takes effect, and each update with the status it had then", async () => {
    const { signingSecret } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/maintenance-body`,
      contactEmail: 'ops@example.test',
    })
    const settings = await api('POST', '/globals/settings', { key: admin.key, body: { maintenanceReminder: 'none' } })
    expect(settings.status, settings.text).toBe(200)
    try {
      const plan = async (title: string, remindBefore: string) => {
        const res = await api('POST', '/maintenances', {
          key: editor.key,
          body: {
            title,
            scheduledStartAt: '2031-05-10T22:00:00.000Z',
            scheduledEndAt: '2031-05-11T00:00:00.000Z',
            remindBefore,
            updates: [{ message: 'We will upgrade the database.' }],
          },
        })
        expect(res.status, res.text).toBe(201)
        await drain()
        const body = verify(signingSecret!, receiver.to('/maintenance-body').at(-1)!) as {
          incident: { name: string; scheduled_remind_prior: boolean; incident_updates: { status: string }[] }
        }
        expect(body.incident.name).toBe(title)
        return { id: res.body.doc.id as number, remindPrior: body.incident.scheduled_remind_prior }
      }
      // The site's default is "no reminder": a maintenance that takes the default is reminded of as little.
      expect((await plan('Takes the default', 'default')).remindPrior).toBe(false)
      expect((await plan('No reminder', 'none')).remindPrior).toBe(false)
      const reminded = await plan('Reminded a day ahead', '24h')
      expect(reminded.remindPrior).toBe(true)

      const cancelled = await api('PATCH', `/maintenances/${reminded.id}`, {
        key: editor.key,
        body: { status: 'cancelled' },
      })
      expect(cancelled.status, cancelled.text).toBe(200)
      await drain()
      const body = verify(signingSecret!, receiver.to('/maintenance-body').at(-1)!) as {
        incident: { status: string; incident_updates: { body: string; status: string }[] }
      }
      expect(body.incident.status).toBe('completed')
      // Written while it was still planned: scheduled, as /api/v2 shows it, not the status it has now.
      expect(body.incident.incident_updates).toEqual([
        expect.objectContaining({ body: 'We will upgrade the database.', status: 'scheduled' }),
      ])
    } finally {
      await api('POST', '/globals/settings', { key: admin.key, body: { maintenanceReminder: '1h' } })
    }
  })

  it('hear only of the services they chose', async () => {
    await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/api-only`,
      contactEmail: 'ops@example.test',
      services: [services.api],
    })
    await createIncident({
      title: 'Dashboard slow',
      affectedServices: [services.dashboard],
      updates: [{ status: 'investigating', message: 'x' }],
    })
    await drain()
    expect(receiver.to('/api-only')).toHaveLength(0)
    await createIncident({
      title: 'API slow',
      affectedServices: [services.api],
      updates: [{ status: 'investigating', message: 'x' }],
    })
    await drain()
    expect(receiver.to('/api-only').map((r) => json(r).incident.name)).toEqual(['API slow'])
  })
})

// The shapes the services document: Slack Block Kit (api.slack.com/reference/block-kit), Discord's embed limits
// (discord.com/developers/docs/resources/message#embed-object-embed-limits), and an Adaptive Card in a Teams
// Workflows webhook's message (learn.microsoft.com, "Create incoming webhooks with Workflows for Microsoft Teams").
const plainText = (max: number) =>
  z.object({ type: z.literal('plain_text'), text: z.string().min(1).max(max), emoji: z.boolean().optional() })
const textObject = (max: number) =>
  z.object({ type: z.enum(['plain_text', 'mrkdwn']), text: z.string().min(1).max(max) })
const SlackMessage = z.object({
  text: z.string().max(40_000),
  blocks: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('header'), text: plainText(150) }).strict(),
        z
          .object({
            type: z.literal('section'),
            text: textObject(3000).optional(),
            fields: z.array(textObject(2000)).max(10).optional(),
          })
          .strict(),
        z.object({ type: z.literal('context'), elements: z.array(textObject(3000)).min(1).max(10) }).strict(),
        z
          .object({
            type: z.literal('actions'),
            elements: z
              .array(z.object({ type: z.literal('button'), text: plainText(75), url: z.url().max(3000) }).strict())
              .min(1)
              .max(25),
          })
          .strict(),
      ]),
    )
    .min(1)
    .max(50),
})
const DiscordEmbed = z
  .object({
    title: z.string().max(256),
    description: z.string().max(4096).optional(),
    url: z.url(),
    color: z.number().int().min(0).max(0xffffff),
    fields: z
      .array(
        z.object({
          name: z.string().min(1).max(256),
          value: z.string().min(1).max(1024),
          inline: z.boolean().optional(),
        }),
      )
      .max(25),
    footer: z.object({ text: z.string().max(2048) }),
    timestamp: z.iso.datetime(),
  })
  .strict()
  .refine(
    (e) =>
      e.title.length +
        (e.description?.length ?? 0) +
        e.footer.text.length +
        e.fields.reduce((n, f) => n + f.name.length + f.value.length, 0) <=
      6000,
    'an embed holds at most 6,000 characters',
  )
const DiscordMessage = z.object({
  embeds: z.array(DiscordEmbed).min(1).max(10),
  allowed_mentions: z.object({ parse: z.array(z.string()).length(0) }),
})
const TeamsMessage = z.object({
  type: z.literal('message'),
  attachments: z
    .array(
      z.object({
        contentType: z.literal('application/vnd.microsoft.card.adaptive'),
        contentUrl: z.null().optional(),
        content: z.object({
          $schema: z.string(),
          type: z.literal('AdaptiveCard'),
          version: z.string().regex(/^1\.\d$/),
          body: z.array(z.object({ type: z.enum(['TextBlock', 'FactSet']) }).loose()).min(1),
          actions: z.array(z.object({ type: z.literal('Action.OpenUrl'), title: z.string(), url: z.url() })).optional(),
        }),
      }),
    )
    .length(1),
})

/** Discord embeds and Teams TextBlocks are Markdown: read as CommonMark, with bare addresses turned into links. */
const chatMarkdown = new MarkdownIt({ linkify: true })

/** What a reader sees of a Markdown text (`shown`), and each link it renders, with its label and address. */
function rendered(text: string) {
  let shown = ''
  const links: { label: string; href: string }[] = []
  let link: { label: string; href: string } | null = null
  for (const block of chatMarkdown.parse(text, {})) {
    if (block.type !== 'inline') continue
    if (shown) shown += '\n'
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') link = { label: '', href: String(token.attrGet('href') ?? '') }
      else if (token.type === 'link_close' && link) {
        links.push(link)
        link = null
      } else if (token.type === 'text' || token.type === 'code_inline') {
        shown += token.content
        if (link) link.label += token.content
      } else if (token.type === 'softbreak' || token.type === 'hardbreak') shown += '\n'
    }
  }
  return { shown, links }
}

/** Links whose label is not their own address: a label that can say anything while the link leads elsewhere. */
const maskedLinks = (text: string) =>
  rendered(text).links.filter(({ label, href }) => label !== href && label !== decodeURI(href))

describe('Slack, Discord and Teams subscribers', () => {
  it('get a message in their documented shape, readable on its own and linking to the incident page', async () => {
    await addSubscriber({ type: 'slack', url: `${receiver.url}/slack` })
    await addSubscriber({ type: 'discord', url: `${receiver.url}/discord` })
    await addSubscriber({ type: 'teams', url: `${receiver.url}/teams` })
    const incident = await createIncident({
      title: 'Login <fails> & @everyone',
      affectedServices: [services.api],
      updates: [{ status: 'identified', message: 'The **cache** is full' }],
    })
    await drain()
    const link = `https://status.example.test/i/${incident.shortId}`

    expect(receiver.to('/slack')).toHaveLength(1)
    const slack = SlackMessage.parse(json(receiver.to('/slack')[0]))
    expect(JSON.stringify(slack.blocks)).toContain(link)
    const slackText = JSON.stringify(slack.blocks)
    // mrkdwn sees no markup from the title: no link, no mention.
    expect(slackText).toContain('Login <fails> & @everyone')
    expect(slackText).toContain('Identified')
    expect(slackText).toContain('API')

    const discord = DiscordMessage.parse(json(receiver.to('/discord')[0]))
    expect(discord.embeds[0]).toMatchObject({ url: link, description: 'The cache is full' })
    expect(rendered(discord.embeds[0].title).shown).toBe('New incident: Login <fails> & @everyone')
    expect(discord.embeds[0].fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Status', value: 'Identified' })]),
    )

    const teams = TeamsMessage.parse(json(receiver.to('/teams')[0]))
    expect(teams.attachments[0].content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'View on the status page', url: link },
    ])
    expect(teams.attachments[0].content.body.map((block) => rendered(String(block.text ?? '')).shown)).toContain(
      'New incident: Login <fails> & @everyone',
    )
    // Chat channels are not signed (their services authenticate by the URL), and hear of no component updates,
    // which a webhook beside them does hear of.
    expect(receiver.to('/slack')[0].headers['webhook-signature']).toBeUndefined()
    await addSubscriber({ type: 'webhook', url: `${receiver.url}/beside-chat`, contactEmail: 'ops@example.test' })
    await api('PATCH', `/services/${services.api}`, { key: editor.key, body: { status: 'degraded' } })
    await api('PATCH', `/services/${services.api}`, { key: editor.key, body: { status: 'operational' } })
    await drain()
    expect(receiver.to('/beside-chat').map((r) => json(r).component_update.new_status)).toEqual([
      'degraded_performance',
      'operational',
    ])
    expect(receiver.requests).toHaveLength(5)
  })

  it('escape Slack mrkdwn in what users wrote', async () => {
    await addSubscriber({ type: 'slack', url: `${receiver.url}/slack-escape` })
    await createIncident({
      title: 'Title',
      updates: [{ status: 'investigating', message: 'see <https://evil.example|here> & <!channel>' }],
    })
    await drain()
    const raw = receiver.to('/slack-escape')[0].body
    expect(raw).not.toContain('<!channel>')
    expect(raw).toContain('&lt;!channel&gt;')
  })

  it('escape Discord and Teams Markdown in what users wrote: no link label hides where the link goes', async () => {
    await addSubscriber({ type: 'discord', url: `${receiver.url}/discord-escape` })
    await addSubscriber({ type: 'teams', url: `${receiver.url}/teams-escape` })
    // A code span and escaped brackets come out of the plain-text conversion as literal Markdown links.
    const smuggled =
      'Check `[Status page login](https://evil.example/phish)` and \\[Reset your password\\](https://evil.example/reset)'
    const readable =
      'Check [Status page login](https://evil.example/phish) and [Reset your password](https://evil.example/reset)'
    const service = await api('POST', '/services', {
      key: editor.key,
      body: { name: `Sign-in [Login](https://evil.example/service) ${unique()}`, group: groupId },
    })
    expect(service.status, service.text).toBe(201)
    await createIncident({
      title: 'Logins *fail* [Login](https://evil.example/title) <@123> ||hidden||',
      affectedServices: [service.body.doc.id],
      updates: [{ status: 'investigating', message: `${smuggled}\n\nDetails: [our post](https://example.com/a_b).` }],
    })
    await drain()

    const embed = DiscordMessage.parse(json(receiver.to('/discord-escape')[0])).embeds[0]
    const card = TeamsMessage.parse(json(receiver.to('/teams-escape')[0])).attachments[0].content
    const teamsTexts = card.body.flatMap((block) =>
      block.type === 'FactSet'
        ? (block.facts as { value: string }[]).map((fact) => fact.value)
        : [String(block.text ?? '')],
    )
    const discordTexts = [embed.title, embed.description ?? '', embed.footer.text, ...embed.fields.map((f) => f.value)]
    for (const text of [...discordTexts, ...teamsTexts]) expect(maskedLinks(text), text).toEqual([])

    // And they read as written; the real link's address is written out, and is a link to itself.
    const message = `${readable}\nDetails: our post (https://example.com/a_b).`
    expect(rendered(embed.description ?? '').shown).toBe(message)
    expect(rendered(embed.description ?? '').links.map((l) => l.href)).toContain('https://example.com/a_b')
    expect(teamsTexts.map((text) => rendered(text).shown)).toContain(message)
    const headline = 'New incident: Logins *fail* [Login](https://evil.example/title) <@123> ||hidden||'
    expect(rendered(embed.title).shown).toBe(headline)
    expect(teamsTexts.map((text) => rendered(text).shown)).toContain(headline)
    const affected = embed.fields.find((field) => field.name === 'Affected')?.value ?? ''
    expect(rendered(affected).shown).toBe(service.body.doc.name)
  })
})

describe('delivery to endpoints that misbehave', () => {
  it('retries an endpoint that answers 500, with backoff, until it accepts, and keeps only an excerpt of a refusal', async () => {
    const { id } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/flaky`,
      contactEmail: 'ops@example.test',
    })
    receiver.replies.set('/flaky', (before) =>
      before < 2 ? { status: 500, body: 'database is down' } : { status: 204 },
    )
    const refusing = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/refusing`,
      contactEmail: 'ops@example.test',
    })
    receiver.replies.set('/refusing', { status: 422, body: 'no such\nchannel '.repeat(500) })
    await createIncident({ title: 'Flaky receiver', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    const tries = receiver.to('/flaky')
    expect(tries).toHaveLength(3)
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 3 })
    // One delivery, one id: the receiver can tell the retries of one event from a new event.
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1)

    // A 4xx is the receiver's answer for good: not retried, and only the first words of what it said are kept.
    expect(receiver.to('/refusing')).toHaveLength(1)
    const [refused] = await deliveriesOf(refusing.id)
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(refused.lastError).toMatch(/^The endpoint answered HTTP 422: no such channel no such channel/)
    expect(refused.lastError!.length).toBeLessThan(200)
  })

  it('does not repeat a request to an endpoint that did not answer in time: it may have arrived', async () => {
    const { id } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/slow`,
      contactEmail: 'ops@example.test',
    })
    receiver.replies.set('/slow', 'hang')
    await createIncident({ title: 'Slow receiver', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/slow')).toHaveLength(1)
    const [delivery] = await deliveriesOf(id)
    expect(delivery).toMatchObject({ status: 'interrupted', attempts: 1 })
    expect(delivery.lastError).toContain('may have arrived')
  })

  it('does not follow a redirect, to a public address or to an internal one', async () => {
    const { id } = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/moved`,
      contactEmail: 'ops@example.test',
    })
    receiver.replies.set('/moved', { status: 307, location: `${receiver.url}/target` })
    const metadata = await addSubscriber({
      type: 'webhook',
      url: `${receiver.url}/to-metadata`,
      contactEmail: 'ops@example.test',
    })
    receiver.replies.set('/to-metadata', { status: 302, location: 'http://169.254.169.254/latest/meta-data/' })
    await createIncident({ title: 'Redirecting receivers', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/moved')).toHaveLength(1)
    expect(receiver.to('/target')).toHaveLength(0)
    expect((await deliveriesOf(id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'The endpoint answered with a redirect (HTTP 307), which is not followed.',
    })
    expect((await deliveriesOf(metadata.id))[0]).toMatchObject({
      status: 'failed',
      lastError: 'The endpoint answered with a redirect (HTTP 302), which is not followed.',
    })
  })
})

describe('destinations the server must not reach', () => {
  it('refuses internal addresses when a subscriber is saved, with a 400 naming the url field', async () => {
    withPolicy(undefined)
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/hook',
    ]) {
      const res = await api('POST', '/subscribers', {
        key: admin.key,
        body: { type: 'webhook', url, contactEmail: 'ops@example.test' },
      })
      expect(res.status, url).toBe(400)
      expect(res.body.errors[0].data.errors[0]).toMatchObject({
        path: 'url',
        message: expect.stringContaining('internal address'),
      })
      const visitor = await post(subscribeRoute, '/api/subscribe', {
        type: 'webhook',
        url,
        email: 'someone@example.test',
      })
      expect(visitor.status, url).toBe(400)
      expect(visitor.body.message).toMatch(/^url must not point to/)
    }
    withPolicy('127.0.0.1/32')
    delete process.env.OUTBOUND_ALLOW_HTTP
    resetConfig()
    const plain = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'slack', url: 'http://hooks.example.test/x' },
    })
    expect(plain.status).toBe(400)
    expect(plain.body.errors[0].data.errors[0]).toMatchObject({
      path: 'url',
      message: expect.stringContaining('https://'),
    })
    process.env.OUTBOUND_ALLOW_HTTP = 'true'
    resetConfig()
  })

  it('accepts a name on save and refuses it at send time when it resolves to a private address', async () => {
    const port = new URL(receiver.url).port
    const { id } = await addSubscriber({
      type: 'webhook',
      url: `http://localhost:${port}/by-name`,
      contactEmail: 'ops@example.test',
    })
    withPolicy(undefined)
    await createIncident({ title: 'By name', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/by-name')).toHaveLength(0)
    const [delivery] = await deliveriesOf(id)
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null })
    expect(delivery.lastError).toContain('not a public internet address')
  })
})

describe('webhooks subscribed by visitors', () => {
  it('are confirmed through the e-mail address, which receives the signing secret', async () => {
    const email = `hooks-${unique()}@example.test`
    const res = await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url: `${receiver.url}/visitor`, email })
    expect(res.status).toBe(200)
    expect(res.body.message).toContain('confirm the webhook')
    expect(
      (await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url: `${receiver.url}/x` })).body.message,
    ).toMatch(/^email is required/)
    expect((await post(subscribeRoute, '/api/subscribe', { type: 'slack', url: `${receiver.url}/x` })).status).toBe(400)
    await drain()
    const [mail] = smtp.to(email)
    expect(mail.parsed.subject).toContain('Confirm your webhook')
    const secret = /whsec_[A-Za-z0-9+/]+=*/.exec(mail.parsed.text ?? '')![0]
    const token = /verify\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]

    await createIncident({ title: 'Before confirming', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/visitor')).toHaveLength(0)
    expect((await post(verifyRoute, '/api/subscribe/verify', { token })).status).toBe(200)
    await createIncident({ title: 'After confirming', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/visitor')).toHaveLength(1)
    expect((verify(secret, receiver.to('/visitor')[0]) as any).incident.name).toBe('After confirming')
  })
  it('are one subscription per endpoint whatever its spelling, stored in one spelling', async () => {
    const port = new URL(receiver.url).port
    const email = `spellings-${unique()}@example.test`
    const plain = `http://127.0.0.1:${port}/spelled`
    for (const url of [
      plain,
      `${plain}#1`,
      `${plain}#2`,
      `http://127.0.0.1.:${port}/spelled#3`,
      `${plain}?`,
      `${plain}?#4`,
      `HTTP://127.0.0.1:${port}/spelled`,
    ])
      expect((await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email })).status, url).toBe(200)
    const stored = await api('GET', `/subscribers?where[contactEmail][equals]=${email}`, { key: admin.key })
    expect(stored.body.docs.map((d: { url: string }) => d.url)).toEqual([plain])
    // An administrator's write is stored in that spelling too, so the endpoint cannot be added twice that way.
    const again = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'webhook', url: `${plain}#admin`, contactEmail: 'ops@example.test' },
    })
    expect(again.status).toBe(400)
    expect(again.body.errors[0].data.errors[0]).toMatchObject({ path: 'url' })
    const host = await addSubscriber({ type: 'slack', url: `${receiver.url}/Spelled-Slack?#x` })
    expect((await api('GET', `/subscribers/${host.id}`, { key: admin.key })).body.url).toBe(
      `${receiver.url}/Spelled-Slack`,
    )
  })

  it('send one inbox at most one confirmation per resend interval, however many URLs name it, and store the rest', async () => {
    process.env.SUBSCRIBE_RESEND_SECONDS = '3600'
    resetConfig()
    try {
      const victim = `victim-${unique()}@example.test`
      const urls = [1, 2, 3, 4, 5, 6].map((i) => `${receiver.url}/flood/${unique()}/${i}`)
      const answers = []
      for (const url of urls)
        answers.push(await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email: victim }))
      // An e-mail subscription of the same inbox waits its turn too.
      answers.push(await post(subscribeRoute, '/api/subscribe', { type: 'email', email: victim }))
      const fresh = await post(subscribeRoute, '/api/subscribe', {
        type: 'webhook',
        url: `${receiver.url}/flood/${unique()}/fresh`,
        email: `fresh-${unique()}@example.test`,
      })
      // Every webhook answer is the one a first subscription gets, and says that an address may have to wait.
      for (const answer of answers.slice(0, 6)) expect(answer).toEqual(fresh)
      expect(fresh.body.message).toContain('at most one confirmation every 60 minutes')
      expect(answers[6].status).toBe(200)
      await drain()
      expect(smtp.to(victim)).toHaveLength(1)
      const stored = await api('GET', `/subscribers?where[contactEmail][equals]=${victim}&limit=10`, { key: admin.key })
      expect(stored.body.docs.map((d: { url: string }) => d.url).sort()).toEqual([...urls].sort())
      for (const doc of stored.body.docs) expect(doc).toMatchObject({ active: true, verified: false })

      // After the interval, asking again for a URL that waited sends its confirmation, and only that one.
      const later = new Date(Date.now() + 2 * 3600_000)
      const request = { type: 'webhook' as const, url: urls[3], contactEmail: victim, services: [] }
      await subscribe(await payload(), request, { now: later })
      await subscribe(await payload(), { ...request, url: urls[4] }, { now: later })
      await drain()
      expect(smtp.to(victim)).toHaveLength(2)
      const asked = await api('GET', `/subscribers?where[contactEmail][equals]=${victim}&limit=10`, { key: admin.key })
      const requestedAt = (url: string) =>
        asked.body.docs.find((d: { url: string }) => d.url === url).confirmationRequestedAt
      expect(requestedAt(urls[3])).toBe(later.toISOString())
      expect(requestedAt(urls[4])).toBeNull()
    } finally {
      process.env.SUBSCRIBE_RESEND_SECONDS = '0'
      resetConfig()
    }
  })

  // PostgreSQL runs the requests' transactions truly at once; SQLite's one instance does not hold them apart (see
  // lockRecipient in src/services/subscribers/internal.ts).
  it.runIf(process.env.TEST_DIALECT === 'postgres')(
    'send one inbox one confirmation when its webhooks are subscribed at the same moment',
    async () => {
      process.env.SUBSCRIBE_RESEND_SECONDS = '3600'
      resetConfig()
      try {
        const victim = `at-once-${unique()}@example.test`
        const urls = [1, 2, 3, 4, 5, 6].map((i) => `${receiver.url}/at-once/${unique()}/${i}`)
        const answers = await Promise.all(
          urls.map((url) => post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email: victim })),
        )
        for (const answer of answers) expect(answer.status).toBe(200)
        await drain()
        expect(smtp.to(victim)).toHaveLength(1)
      } finally {
        process.env.SUBSCRIBE_RESEND_SECONDS = '0'
        resetConfig()
      }
    },
  )

  it('subscribed again by a stranger after the owner left, get a new signing secret, and the owner is told', async () => {
    const owner = `owner-${unique()}@example.test`
    const stranger = `stranger-${unique()}@example.test`
    const url = `${receiver.url}/changed-hands`
    expect((await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email: owner })).status).toBe(200)
    await drain()
    const ownerSecret = /whsec_[A-Za-z0-9+/]+=*/.exec(smtp.to(owner)[0].parsed.text ?? '')![0]
    const ownerToken = /verify\/([A-Za-z0-9_-]+)/.exec(smtp.to(owner)[0].parsed.text ?? '')![1]
    expect((await post(verifyRoute, '/api/subscribe/verify', { token: ownerToken })).status).toBe(200)
    const [row] = (await api('GET', `/subscribers?where[contactEmail][equals]=${owner}`, { key: admin.key })).body.docs
    expect((await api('PATCH', `/subscribers/${row.id}`, { key: admin.key, body: { active: false } })).status).toBe(200)

    expect((await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email: stranger })).status).toBe(200)
    await drain()
    const [confirmation] = smtp.to(stranger)
    const strangerSecret = /whsec_[A-Za-z0-9+/]+=*/.exec(confirmation.parsed.text ?? '')![0]
    expect(strangerSecret).not.toBe(ownerSecret)
    // The owner hears that the endpoint changed hands, without the stranger's address.
    const notices = smtp.to(owner).slice(1)
    expect(notices).toHaveLength(1)
    expect(notices[0].parsed.subject).toContain('Your former webhook was subscribed again')
    expect(notices[0].raw).not.toContain(stranger)

    const strangerToken = /verify\/([A-Za-z0-9_-]+)/.exec(confirmation.parsed.text ?? '')![1]
    expect((await post(verifyRoute, '/api/subscribe/verify', { token: strangerToken })).status).toBe(200)
    await createIncident({ title: 'After the change', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    const [delivered] = receiver.to('/changed-hands')
    expect((verify(strangerSecret, delivered) as any).incident.name).toBe('After the change')
    expect(() => verify(ownerSecret, delivered)).toThrow()

    // The same contact coming back is told nothing more than its confirmation.
    await api('PATCH', `/subscribers/${row.id}`, { key: admin.key, body: { active: false } })
    smtp.messages.length = 0
    expect((await post(subscribeRoute, '/api/subscribe', { type: 'webhook', url, email: stranger })).status).toBe(200)
    await drain()
    expect(smtp.messages.map((m) => m.to)).toEqual([stranger])
  })
})

describe('quarantine', () => {
  it('comes after 3 days of failures, with a notice to the contact e-mail, and a successful test delivery lifts it', async () => {
    const contact = `owner-${unique()}@example.test`
    const { id } = await addSubscriber({ type: 'webhook', url: `${receiver.url}/broken`, contactEmail: contact })
    receiver.replies.set('/broken', { status: 410 })
    const t0 = new Date()
    const p = await payload()
    const send = async (title: string, at: Date) => {
      const incident = await createIncident({ title, updates: [{ status: 'investigating', message: 'x' }] })
      const [notification] = await notificationsOf('incident', incident.id)
      await deliverNotification(p, notification.id, env(), () => at)
    }
    await send('Day one', t0)
    const failing = await api('GET', `/subscribers/${id}`, { key: admin.key })
    expect(failing.body).toMatchObject({ failingSince: t0.toISOString(), quarantinedAt: null })

    await send('Day three', new Date(t0.getTime() + 3 * DAY - 60_000))
    expect((await api('GET', `/subscribers/${id}`, { key: admin.key })).body.quarantinedAt).toBeNull()
    expect(smtp.to(contact)).toHaveLength(0)

    const later = new Date(t0.getTime() + 3 * DAY)
    await send('Day four', later)
    expect((await api('GET', `/subscribers/${id}`, { key: admin.key })).body.quarantinedAt).toBe(later.toISOString())
    await smtp.waitFor(1)
    expect(smtp.to(contact)[0].parsed.subject).toContain('quarantined')
    expect(receiver.to('/broken')).toHaveLength(3)

    // Quarantined: nothing more is sent.
    await createIncident({ title: 'While quarantined', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(receiver.to('/broken')).toHaveLength(3)

    // Only administrators try an endpoint; a failing try keeps it quarantined, a success lifts it.
    expect((await api('POST', `/subscribers/${id}/test-delivery`)).status).toBe(401)
    expect((await api('POST', `/subscribers/${id}/test-delivery`, { key: editor.key })).status).toBe(403)
    const failed = await api('POST', `/subscribers/${id}/test-delivery`, { key: admin.key })
    expect(failed.body).toMatchObject({ sent: false, message: 'The endpoint answered HTTP 410' })
    receiver.replies.delete('/broken')
    const fixed = await api('POST', `/subscribers/${id}/test-delivery`, { key: admin.key })
    expect(fixed.body).toMatchObject({ sent: true })
    expect(json(receiver.to('/broken').at(-1)!)).toMatchObject({
      test: { message: expect.stringContaining('test message') },
    })
    expect((await api('GET', `/subscribers/${id}`, { key: admin.key })).body).toMatchObject({
      failingSince: null,
      quarantinedAt: null,
    })
    await createIncident({ title: 'After recovery', updates: [{ status: 'investigating', message: 'x' }] })
    await drain()
    expect(json(receiver.to('/broken').at(-1)!).incident.name).toBe('After recovery')
  })
})
