/**
 * Postmortems: written on an incident at any time, public only once published (the incident page, /api/v1 and the
 * feeds), and announced to the incident's subscribers exactly once, through a real SMTP server.
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as incidentPageRoute from '@/app/(site)/i/[shortId]/route'
import { closeEmailPool } from '@/notify/email'
import { onLocalDataChange } from '@/runtime/data-version'
import { api, BASE, createUser, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { link, paragraph, richText, text } from '../helpers/rich-text'
import { v1 } from '../helpers/public-api'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let admin: TestUser
let editor: TestUser
let serviceId: number
const subscriberEmail = 'postmortem-reader@example.test'

type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }
const get = async (route: Route, path: string, params: Record<string, string> = {}) => {
  const response = await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve(params) })
  return { status: response.status, text: await response.text() }
}

async function resolvedIncident(title: string) {
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      affectedServices: [serviceId],
      updates: [
        { status: 'investigating', message: 'Looking.' },
        { status: 'resolved', message: 'Fixed.', createdAt: new Date(Date.now() + 1000).toISOString() },
      ],
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string }
}

const postmortemMails = () => smtp.to(subscriberEmail).filter((mail) => mail.parsed.subject?.includes('Postmortem'))

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Postmortem group' } })
  serviceId = (await api('POST', '/services', { key: admin.key, body: { name: 'Ledger', group: group.body.doc.id } }))
    .body.doc.id
  const subscriber = await api('POST', '/subscribers', {
    key: admin.key,
    body: { type: 'email', email: subscriberEmail, verified: true },
  })
  expect(subscriber.status, subscriber.text).toBe(201)
})

beforeEach(async () => {
  await drainNotifications()
  smtp.messages.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
})

describe('a postmortem', () => {
  it('cannot be published before it is written (400 naming the field)', async () => {
    const incident = await resolvedIncident('Nothing written')
    const res = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { postmortemPublishedAt: new Date().toISOString() },
    })
    expect(res.status).toBe(400)
    expect(res.text).toContain('Write the postmortem before publishing it')
  })

  it('stays private while a draft: not on the page, in /api/v1 or the feed, and nobody is told', async () => {
    const incident = await resolvedIncident('Draft only')
    const res = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { postmortem: richText(paragraph(text('Secret draft words.'))) },
    })
    expect(res.status, res.text).toBe(200)
    expect((await v1(`/incidents/${incident.shortId}`)).body.data.postmortem).toBeNull()
    expect((await get(incidentPageRoute, `/i/${incident.shortId}`, { shortId: incident.shortId })).text).not.toContain(
      'Secret draft words.',
    )
    expect((await get(atomRoute, '/feed.atom')).text).not.toContain('Secret draft words.')
    await drainNotifications()
    expect(postmortemMails()).toHaveLength(0)
  })

  it('once published shows on the page under the timeline, in /api/v1 and the feed, and tells subscribers once', async () => {
    const incident = await resolvedIncident('Ledger outage')
    const published = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: {
        postmortem: richText(
          paragraph(
            text('A full disk stopped the ledger. '),
            link('https://example.test/rca', 'Details'),
            link('javascript:alert(1)', 'bad'),
          ),
        ),
        postmortemPublishedAt: '2026-03-01T12:00:00.000Z',
      },
    })
    expect(published.status, published.text).toBe(200)

    const api1 = await v1(`/incidents/${incident.shortId}`)
    expect(api1.body.data.postmortem).toMatchObject({
      text: expect.stringContaining('A full disk stopped the ledger.'),
      publishedAt: '2026-03-01T12:00:00.000Z',
    })
    expect(api1.body.data.postmortem.html).toContain('href="https://example.test/rca"')
    expect(api1.body.data.postmortem.html).not.toContain('javascript:')

    const page = (await get(incidentPageRoute, `/i/${incident.shortId}`, { shortId: incident.shortId })).text
    expect(page.indexOf('<h2 id="postmortem">Postmortem</h2>')).toBeGreaterThan(page.indexOf('<h2>Updates</h2>'))
    expect(page).toContain('A full disk stopped the ledger.')
    expect(page).not.toContain('javascript:')

    expect((await get(atomRoute, '/feed.atom')).text).toContain('A full disk stopped the ledger.')

    await drainNotifications()
    const mails = postmortemMails()
    expect(mails).toHaveLength(1)
    expect(mails[0].parsed.subject).toContain('Postmortem: Ledger outage')
    expect(mails[0].parsed.text).toContain('A full disk stopped the ledger.')
    expect(mails[0].parsed.text).toContain(`https://status.example.test/i/${incident.shortId}`)

    // Editing the published postmortem, or unpublishing and publishing it again, tells nobody anything more.
    smtp.messages.length = 0
    expect(
      (
        await api('PATCH', `/incidents/${incident.id}`, {
          key: editor.key,
          body: { postmortem: richText(paragraph(text('A full disk stopped the ledger; now alerting at 80%.'))) },
        })
      ).status,
    ).toBe(200)
    // Taken back: the incident's own paths are named, so that no copy of the page with the postmortem is shown.
    const withdrawn: string[][] = []
    const stop = onLocalDataChange(
      (_version, change) => void (change.withdrawn && withdrawn.push([...change.withdrawn])),
    )
    expect(
      (await api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: { postmortemPublishedAt: null } }))
        .status,
    ).toBe(200)
    stop()
    expect(withdrawn).toEqual([[`/i/${incident.shortId}`, `/api/v1/incidents/${incident.shortId}`]])
    expect((await v1(`/incidents/${incident.shortId}`)).body.data.postmortem).toBeNull()
    expect(
      (
        await api('PATCH', `/incidents/${incident.id}`, {
          key: editor.key,
          body: { postmortemPublishedAt: new Date().toISOString() },
        })
      ).status,
    ).toBe(200)
    await drainNotifications()
    expect(postmortemMails()).toHaveLength(0)
    expect((await v1(`/incidents/${incident.shortId}`)).body.data.postmortem.text).toContain('now alerting at 80%')
  })
})
