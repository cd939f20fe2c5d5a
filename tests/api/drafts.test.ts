/**
 * Drafts and scheduled publishing: a draft incident or maintenance is never public (CMS API for anonymous
 * clients, /api/v1, pages, feeds), tells nobody and sets no status; published by hand or at its time by the
 * schedule tick (injected clock), it is news then, once. Through the route handlers and a real SMTP server.
 */
process.env.PUBLIC_URL = 'https://status.example.test'

import { eq, inArray } from '@payloadcms/db-sqlite/drizzle'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as atomRoute from '@/app/(site)/feed.atom/route'
import * as incidentPageRoute from '@/app/(site)/i/[shortId]/route'
import { connectionFor, tableOf } from '@/db/sql'
import { runScheduleTick } from '@/jobs/schedule-ticker'
import { closeEmailPool } from '@/notify/email'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications } from '../helpers/notification-queue'
import { v1 } from '../helpers/public-api'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let admin: TestUser
let editor: TestUser
let search: number
let groupId: number
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
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Drafts' } })
  groupId = group.body.doc.id
  search = (await api('POST', '/services', { key: admin.key, body: { name: 'Search', group: groupId } })).body.doc.id
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

/** A draft incident due at `publishAt` that sets `service` to major outage. */
async function scheduledDraft(title: string, publishAt: string, service: number) {
  const created = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      draft: true,
      publishAt,
      updates: [{ status: 'investigating', message: title, serviceStatuses: [{ service, status: 'major' }] }],
    },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.doc as { id: number; shortId: string; updates: object[] }
}
const readDraft = async (id: number) => (await api('GET', `/incidents/${id}?depth=0`, { key: editor.key })).body

describe('scheduled publishing', () => {
  it('publishes a draft whose update named a service deleted since', async () => {
    const doomed = (await api('POST', '/services', { key: admin.key, body: { name: 'Doomed', group: groupId } })).body
      .doc.id
    const publishAt = '2030-07-01T09:00:00.000Z'
    const draft = await scheduledDraft('Doomed is down', publishAt, doomed)
    expect((await api('DELETE', `/services/${doomed}`, { key: admin.key })).status).toBe(200)

    expect(await runScheduleTick(await payload(), new Date(publishAt))).toMatchObject({
      published: 1,
      unpublishable: 0,
    })
    const published = await readDraft(draft.id)
    expect(published).toMatchObject({ draft: false, status: 'investigating', publishError: null })
    expect(published.updates[0].serviceStatuses).toEqual([expect.objectContaining({ service: null, status: 'major' })])
  })

  it('marks a draft it cannot publish with why, leaves it until an editor saves it, and publishes later drafts', async () => {
    const p = await payload()
    const publishAt = Date.parse('2030-08-01T09:00:00.000Z')
    const broken = await scheduledDraft('Broken draft', new Date(publishAt).toISOString(), search)
    const later = await scheduledDraft('Later draft', new Date(publishAt + 60_000).toISOString(), search)
    // Straight into the table, as a write that skipped validation (an import, an older version) would leave it.
    const db = await connectionFor(p)
    // Messages are kept per language, beside their updates (docs/languages.md, "Content").
    const updates = tableOf(p, 'incidents_updates')
    const messages = tableOf(p, 'incidents_updates_locales')
    await db
      .update(messages)
      .set({ message: '' })
      .where(
        inArray(
          messages._parentID,
          db.select({ id: updates.id }).from(updates).where(eq(updates._parentID, broken.id)),
        ),
      )

    const tick = new Date(publishAt + 120_000)
    expect(await runScheduleTick(p, tick)).toMatchObject({ published: 1, unpublishable: 1 })
    expect(await readDraft(later.id)).toMatchObject({ draft: false })
    const marked = await readDraft(broken.id)
    expect(marked.draft).toBe(true)
    expect(marked.publishError).toMatch(/updates\.0\.message/)

    // Not tried again on the next ticks.
    expect(await runScheduleTick(p, new Date(publishAt + 130_000))).toMatchObject({ published: 0, unpublishable: 0 })
    expect(await readDraft(broken.id)).toMatchObject({ draft: true, publishError: marked.publishError })

    // An editor's save (here: the missing message written) clears the mark, and the next tick publishes it.
    const fixed = await api('PATCH', `/incidents/${broken.id}`, {
      key: editor.key,
      body: { updates: [{ ...marked.updates[0], message: 'Search is slow.' }] },
    })
    expect(fixed.status, fixed.text).toBe(200)
    expect(fixed.body.doc.publishError).toBeNull()
    expect(await runScheduleTick(p, new Date(publishAt + 140_000))).toMatchObject({ published: 1, unpublishable: 0 })
    expect(await readDraft(broken.id)).toMatchObject({ draft: false, publishError: null })
  })

  it('refuses publishError from clients', async () => {
    const draft = await scheduledDraft('Not marked', '2040-01-01T09:00:00.000Z', search)
    const res = await api('PATCH', `/incidents/${draft.id}`, { key: editor.key, body: { publishError: 'made up' } })
    expect(res.status, res.text).toBe(200)
    expect((await readDraft(draft.id)).publishError).toBeNull()
  })
})

describe.runIf(process.env.TEST_DIALECT === 'postgres')('scheduled publishing on two instances at once', () => {
  it('publishes a due draft once: one tick claims it, the other finds it taken', async () => {
    const p = await payload()
    // Several rounds, since a race shows only sometimes; each draft is the only one due at its time.
    for (let round = 0; round < 4; round++) {
      const publishAt = new Date(Date.parse('2030-10-01T09:00:00.000Z') + round * 3_600_000)
      const draft = await scheduledDraft(`Claimed once ${round}`, publishAt.toISOString(), search)
      const [first, second] = await Promise.all([runScheduleTick(p, publishAt), runScheduleTick(p, publishAt)])
      expect(first.published + second.published, `round ${round}`).toBe(1)
      expect(await readDraft(draft.id)).toMatchObject({ draft: false })
    }
  })
})
