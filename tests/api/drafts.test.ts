/**
 * Drafts and scheduled publishing: a draft incident or maintenance is never public (CMS API for anonymous
 * clients, /api/v1, pages, feeds), tells nobody and sets no status; published by hand or at its time by the
 * schedule tick (injected clock), it is news then, once. Through the route handlers and a real SMTP server.
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as atomRoute from '../../src/app/(site)/feed.atom/route'
import * as incidentPageRoute from '../../src/app/(site)/i/[shortId]/route'
import { runScheduleTick } from '../../src/jobs/schedule-ticker'
import { closeEmailPool } from '../../src/notify/email'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { v1 } from '../helpers/public-api'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let editor: TestUser
let search: number
const reader = 'draft-reader@example.test'

type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }
const get = async (route: Route, path: string, params: Record<string, string> = {}) => {
  const response = await route.GET(new Request(`${BASE}${path}`), { params: Promise.resolve(params) })
  return { status: response.status, text: await response.text() }
}
const serviceStatus = async () => (await api('GET', `/services/${search}`, { key: editor.key })).body.status

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  const admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Drafts' } })
  search = (await api('POST', '/services', { key: admin.key, body: { name: 'Search', group: group.body.doc.id } })).body
    .doc.id
  expect(
    (await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: reader, verified: true } }))
      .status,
  ).toBe(201)
})

beforeEach(async () => {
  await drainNotifications()
  smtp.messages.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
})

describe('a draft incident', () => {
  it('is seen by editors only, tells nobody and sets no status; published at its time, it is news once', async () => {
    const publishAt = '2030-06-01T09:00:00.000Z'
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'Search is down (draft)',
        draft: true,
        publishAt,
        affectedServices: [search],
        updates: [
          {
            status: 'investigating',
            message: 'Search fails.',
            serviceStatuses: [{ service: search, status: 'major' }],
          },
        ],
      },
    })
    expect(created.status, created.text).toBe(201)
    const { id, shortId } = created.body.doc

    expect((await api('GET', `/incidents/${id}`)).status).toBe(404)
    expect((await api('GET', '/incidents')).body.docs.map((d: { id: number }) => d.id)).not.toContain(id)
    expect((await api('GET', `/incidents/${id}`, { key: editor.key })).status).toBe(200)
    expect((await v1(`/incidents/${shortId}`)).status).toBe(404)
    expect((await v1('/incidents')).body.data.map((i: { shortId: string }) => i.shortId)).not.toContain(shortId)
    expect((await v1('/status')).body.data.activeIncidents).toHaveLength(0)
    expect((await get(incidentPageRoute, `/i/${shortId}`, { shortId })).status).toBe(404)
    expect((await get(atomRoute, '/feed.atom')).text).not.toContain('Search is down (draft)')
    expect(await serviceStatus()).toBe('operational')
    await drainNotifications()
    expect(smtp.to(reader)).toHaveLength(0)

    const p = await payload()
    expect((await runScheduleTick(p, new Date(Date.parse(publishAt) - 60_000))).published).toBe(0)
    expect((await runScheduleTick(p, new Date(publishAt))).published).toBe(1)
    expect((await runScheduleTick(p, new Date(Date.parse(publishAt) + 60_000))).published).toBe(0)

    expect((await v1(`/incidents/${shortId}`)).status).toBe(200)
    expect((await v1('/status')).body.data.activeIncidents.map((i: { shortId: string }) => i.shortId)).toEqual([
      shortId,
    ])
    expect((await get(incidentPageRoute, `/i/${shortId}`, { shortId })).status).toBe(200)
    expect(await serviceStatus()).toBe('major')
    await drainNotifications()
    const mails = smtp.to(reader)
    expect(mails).toHaveLength(1)
    expect(mails[0].parsed.subject).toContain('New incident: Search is down (draft)')

    const back = await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { draft: true } })
    expect(back.status).toBe(400)
    expect(back.text).toContain('cannot become a draft again')
  })
})

describe('a draft maintenance', () => {
  it('is not listed until published by hand, and subscribers hear it is scheduled then', async () => {
    const created = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Index rebuild',
        draft: true,
        scheduledStartAt: '2031-01-01T10:00:00.000Z',
        scheduledEndAt: '2031-01-01T11:00:00.000Z',
        affectedServices: [search],
      },
    })
    expect(created.status, created.text).toBe(201)
    const { id, shortId } = created.body.doc
    expect((await v1('/maintenances')).body.data.map((m: { shortId: string }) => m.shortId)).not.toContain(shortId)
    expect((await v1(`/maintenances/${shortId}`)).status).toBe(404)
    await drainNotifications()
    expect(smtp.to(reader)).toHaveLength(0)

    const published = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { draft: false } })
    expect(published.status, published.text).toBe(200)
    expect((await v1(`/maintenances/${shortId}`)).status).toBe(200)
    await drainNotifications()
    expect(smtp.to(reader).map((m) => m.parsed.subject)).toEqual([
      expect.stringContaining('Maintenance scheduled: Index rebuild'),
    ])
  })
})
