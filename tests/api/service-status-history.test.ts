/**
 * One chokepoint for a service's status: every change, through the CMS REST and GraphQL APIs, incidents
 * and maintenances, writes the new status and one history row (who, what, when, from where); a write that changes
 * nothing writes none. Incidents set the statuses of their services and give them back when they resolve;
 * maintenances with the switch put them under maintenance for their window (the job's clock is injected).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as incidentPageRoute from '@/app/(site)/i/[shortId]/route'
import { advanceDueMaintenances } from '@/services/maintenances/advance'
import { api, BASE, createUser, graphql, payload, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let groupId: number

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

interface Row {
  service: number
  fromStatus: string | null
  toStatus: string
  source: string
  sourceRef: string | null
  user: number | null
  at: string
}

async function newService(name: string, status = 'operational'): Promise<number> {
  const res = await api('POST', '/services', { key: editor.key, body: { name, group: groupId, status } })
  expect(res.status, res.text).toBe(201)
  return res.body.doc.id
}

async function statusOf(id: number): Promise<string> {
  const res = await api('GET', `/services/${id}`)
  expect(res.status).toBe(200)
  return res.body.status
}

/** The service's history as an editor reads it through the CMS API, oldest first. */
async function history(service: number): Promise<Row[]> {
  const res = await api('GET', `/service-status-changes?where[service][equals]=${service}&sort=id&depth=0&limit=100`, {
    key: editor.key,
  })
  expect(res.status, res.text).toBe(200)
  return res.body.docs
}

const moves = (rows: Row[]) =>
  rows.map((r) => `${r.fromStatus ?? '∅'}→${r.toStatus} ${r.source}${r.sourceRef ? ` ${r.sourceRef}` : ''}`)

async function createIncident(body: Record<string, unknown>) {
  const res = await api('POST', '/incidents', { key: editor.key, body })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string; updates: Record<string, unknown>[] }
}

/** The contract's write: the full list of updates, as a client that kept what it sent. */
async function patchIncident(id: number, updates: Record<string, unknown>[]) {
  const res = await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { updates } })
  expect(res.status, res.text).toBe(200)
  return res.body.doc
}

/** Update times: an hour ago plus `minutes`, the same instant for every call with the same minutes. */
const START = Date.now() - HOUR
const at = (minutes: number) => iso(START + minutes * 60_000)

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  groupId = group.body.doc.id
})

describe('the chokepoint', () => {
  it('starts a new service’s history with an initial row, by its creator', async () => {
    const id = await newService('Search', 'degraded')
    const rows = await history(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      service: id,
      fromStatus: null,
      toStatus: 'degraded',
      source: 'initial',
      user: editor.id,
    })
  })

  it('records a PATCH by REST: who, what, when; nothing for a PATCH that changes nothing', async () => {
    const id = await newService('Checkout')
    const before = Date.now()
    const res = await api('PATCH', `/services/${id}`, { key: editor.key, body: { status: 'major' } })
    expect(res.status, res.text).toBe(200)
    expect(res.body.doc.status).toBe('major')
    // The same status again, and a change of name only: no history.
    await api('PATCH', `/services/${id}`, { key: editor.key, body: { status: 'major' } })
    await api('PATCH', `/services/${id}`, { key: editor.key, body: { name: 'Checkout (EU)' } })
    const rows = await history(id)
    expect(moves(rows)).toEqual(['∅→operational initial', 'operational→major manual'])
    expect(rows[1].user).toBe(editor.id)
    expect(Date.parse(rows[1].at)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(rows[1].at)).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('records a change made over GraphQL once', async () => {
    const id = await newService('Graph')
    const res = await graphql(
      `mutation { updateService(id: ${id}, data: { status: partial }) { status } }`,
      undefined,
      { key: admin.key },
    )
    expect(res.body.errors, res.text).toBeUndefined()
    expect(res.body.data.updateService.status).toBe('partial')
    const rows = await history(id)
    expect(moves(rows)).toEqual(['∅→operational initial', 'operational→partial manual'])
    expect(rows[1].user).toBe(admin.id)
  })

  it('records a bulk PATCH (where) once per service it changed', async () => {
    const one = await newService('Bulk one')
    const two = await newService('Bulk two', 'major')
    const res = await api('PATCH', `/services?where[id][in]=${one},${two}`, {
      key: editor.key,
      body: { status: 'major' },
    })
    expect(res.status, res.text).toBe(200)
    expect(moves(await history(one))).toEqual(['∅→operational initial', 'operational→major manual'])
    expect(moves(await history(two))).toEqual(['∅→major initial'])
  })

  it('keeps the history read-only: 401 without a session, 403 with one; editors and admins read it, anonymous not', async () => {
    const id = await newService('Locked')
    const [row] = await history(id)
    const body = { service: id, toStatus: 'major', at: new Date().toISOString(), source: 'manual' }
    expect((await api('POST', '/service-status-changes', { body })).status).toBe(401)
    for (const user of [editor, admin]) {
      expect((await api('POST', '/service-status-changes', { key: user.key, body })).status).toBe(403)
      expect(
        (
          await api('PATCH', `/service-status-changes/${(row as unknown as { id: number }).id}`, {
            key: user.key,
            body: { toStatus: 'major' },
          })
        ).status,
      ).toBe(403)
      expect(
        (await api('DELETE', `/service-status-changes/${(row as unknown as { id: number }).id}`, { key: user.key }))
          .status,
      ).toBe(403)
      expect(
        (await api('GET', `/service-status-changes?where[service][equals]=${id}`, { key: user.key })).body.docs,
      ).toHaveLength(1)
    }
    expect((await api('GET', '/service-status-changes')).status).toBe(401)
    expect(await history(id)).toHaveLength(1)
  })
})

describe('incidents set the statuses of their services', () => {
  it('applies an update’s statuses when it becomes the newest, and nothing for re-sent older updates', async () => {
    const api1 = await newService('API')
    const web = await newService('Web')
    const incident = await createIncident({
      title: 'Errors on the API',
      affectedServices: [api1, web],
      updates: [
        {
          status: 'investigating',
          message: 'Looking',
          createdAt: at(0),
          serviceStatuses: [{ service: api1, status: 'major' }],
        },
      ],
    })
    expect(await statusOf(api1)).toBe('major')
    expect(await statusOf(web)).toBe('operational')
    const [, applied] = await history(api1)
    expect(applied).toMatchObject({
      fromStatus: 'operational',
      toStatus: 'major',
      source: 'incident',
      sourceRef: incident.shortId,
      user: editor.id,
    })

    // The operator sets the API to partial by hand; a client re-sending the same list (without the field) changes nothing.
    await api('PATCH', `/services/${api1}`, { key: editor.key, body: { status: 'partial' } })
    await patchIncident(incident.id, [{ status: 'investigating', message: 'Looking', createdAt: at(0) }])
    await patchIncident(incident.id, [
      {
        status: 'investigating',
        message: 'Looking',
        createdAt: at(0),
        serviceStatuses: [{ service: api1, status: 'major' }],
      },
    ])
    expect(await statusOf(api1)).toBe('partial')

    // A new newest update applies its own statuses.
    await patchIncident(incident.id, [
      { status: 'investigating', message: 'Looking', createdAt: at(0) },
      {
        status: 'identified',
        message: 'Found it',
        createdAt: at(1),
        serviceStatuses: [{ service: web, status: 'degraded' }],
      },
    ])
    expect(await statusOf(web)).toBe('degraded')
    expect(moves(await history(api1))).toEqual([
      '∅→operational initial',
      `operational→major incident ${incident.shortId}`,
      'major→partial manual',
    ])
  })

  it('changes no service for an incident without serviceStatuses', async () => {
    const id = await newService('Quiet')
    const incident = await createIncident({
      title: 'Nothing moves',
      affectedServices: [id],
      updates: [{ status: 'investigating', message: 'Hm' }],
    })
    await patchIncident(incident.id, [
      { status: 'investigating', message: 'Hm', createdAt: incident.updates[0].createdAt },
      { status: 'resolved', message: 'Fine' },
    ])
    expect(await statusOf(id)).toBe('operational')
    expect(await history(id)).toHaveLength(1)
  })

  it('gives the services back on resolve: two overlapping incidents', async () => {
    const db = await newService('Database')
    const a = await createIncident({
      title: 'A',
      updates: [
        {
          status: 'investigating',
          message: 'A starts',
          createdAt: at(0),
          serviceStatuses: [{ service: db, status: 'major' }],
        },
      ],
    })
    const b = await createIncident({
      title: 'B',
      updates: [
        {
          status: 'investigating',
          message: 'B starts',
          createdAt: at(1),
          serviceStatuses: [{ service: db, status: 'partial' }],
        },
      ],
    })
    expect(await statusOf(db)).toBe('partial')

    // B resolves first: A still holds the database, at the status it set.
    await patchIncident(b.id, [
      { status: 'investigating', message: 'B starts', createdAt: at(1) },
      { status: 'resolved', message: 'B over', createdAt: at(2) },
    ])
    expect(await statusOf(db)).toBe('major')
    // A resolves: back to the status before any incident.
    await patchIncident(a.id, [
      { status: 'investigating', message: 'A starts', createdAt: at(0) },
      { status: 'resolved', message: 'A over', createdAt: at(3) },
    ])
    expect(await statusOf(db)).toBe('operational')
    expect(moves(await history(db))).toEqual([
      '∅→operational initial',
      `operational→major incident ${a.shortId}`,
      `major→partial incident ${b.shortId}`,
      `partial→major incident ${b.shortId}`,
      `major→operational incident ${a.shortId}`,
    ])
  })

  it('gives back in either order, and an incident that set what another had set still holds it', async () => {
    const db = await newService('Queue', 'degraded')
    const a = await createIncident({
      title: 'A',
      updates: [
        {
          status: 'investigating',
          message: 'a',
          createdAt: at(0),
          serviceStatuses: [{ service: db, status: 'major' }],
        },
      ],
    })
    const b = await createIncident({
      title: 'B',
      updates: [
        {
          status: 'investigating',
          message: 'b',
          createdAt: at(1),
          serviceStatuses: [{ service: db, status: 'major' }],
        },
      ],
    })
    await patchIncident(a.id, [
      { status: 'investigating', message: 'a', createdAt: at(0) },
      { status: 'resolved', message: 'a over', createdAt: at(2) },
    ])
    expect(await statusOf(db)).toBe('major')
    await patchIncident(b.id, [
      { status: 'investigating', message: 'b', createdAt: at(1) },
      { status: 'resolved', message: 'b over', createdAt: at(3) },
    ])
    expect(await statusOf(db)).toBe('degraded')
  })

  it('leaves a service changed by hand after the incident changed it', async () => {
    const db = await newService('Cache')
    const other = await newService('CDN')
    const a = await createIncident({
      title: 'Cache down',
      updates: [
        {
          status: 'investigating',
          message: 'x',
          createdAt: at(0),
          serviceStatuses: [
            { service: db, status: 'major' },
            { service: other, status: 'partial' },
          ],
        },
      ],
    })
    expect([await statusOf(db), await statusOf(other)]).toEqual(['major', 'partial'])
    await api('PATCH', `/services/${db}`, { key: editor.key, body: { status: 'degraded' } })
    await patchIncident(a.id, [
      { status: 'investigating', message: 'x', createdAt: at(0) },
      { status: 'resolved', message: 'y', createdAt: at(1) },
    ])
    expect(await statusOf(db)).toBe('degraded')
    expect(await statusOf(other)).toBe('operational')
  })

  it('a manual change between two incidents is the status the later one gives back', async () => {
    const db = await newService('Auth')
    const a = await createIncident({
      title: 'A',
      updates: [
        {
          status: 'investigating',
          message: 'a',
          createdAt: at(0),
          serviceStatuses: [{ service: db, status: 'major' }],
        },
      ],
    })
    await api('PATCH', `/services/${db}`, { key: editor.key, body: { status: 'degraded' } })
    const b = await createIncident({
      title: 'B',
      updates: [
        {
          status: 'investigating',
          message: 'b',
          createdAt: at(2),
          serviceStatuses: [{ service: db, status: 'partial' }],
        },
      ],
    })
    expect(await statusOf(db)).toBe('partial')
    await patchIncident(b.id, [
      { status: 'investigating', message: 'b', createdAt: at(2) },
      { status: 'resolved', message: 'b over', createdAt: at(3) },
    ])
    // A's major was overruled by hand before B: the operator's degraded comes back, not A's major.
    expect(await statusOf(db)).toBe('degraded')
    await patchIncident(a.id, [
      { status: 'investigating', message: 'a', createdAt: at(0) },
      { status: 'resolved', message: 'a over', createdAt: at(4) },
    ])
    expect(await statusOf(db)).toBe('degraded')
  })

  it('previews what resolving would give back, for editors only', async () => {
    const db = await newService('Preview DB')
    const web = await newService('Preview Web', 'degraded')
    const a = await createIncident({
      title: 'Preview',
      updates: [
        {
          status: 'investigating',
          message: 'x',
          createdAt: at(0),
          serviceStatuses: [
            { service: db, status: 'major' },
            { service: web, status: 'partial' },
          ],
        },
      ],
    })
    await api('PATCH', `/services/${web}`, { key: editor.key, body: { status: 'operational' } })
    const preview = await api('GET', `/incidents/${a.id}/restore-preview`, { key: editor.key })
    expect(preview.status, preview.text).toBe(200)
    // The web service was set by hand since: it stays, so only the database is listed.
    expect(preview.body.data).toEqual([{ service: db, name: 'Preview DB', from: 'major', to: 'operational' }])
    expect((await api('GET', `/incidents/${a.id}/restore-preview`)).status).toBe(401)
    expect((await api('GET', '/incidents/999999/restore-preview', { key: editor.key })).status).toBe(404)
    expect(await statusOf(db)).toBe('major')
  })

  it('a resolving update with its own statuses sets exactly those', async () => {
    const db = await newService('Storage')
    const web = await newService('Uploads')
    const a = await createIncident({
      title: 'Storage',
      updates: [
        {
          status: 'investigating',
          message: 'x',
          createdAt: at(0),
          serviceStatuses: [
            { service: db, status: 'major' },
            { service: web, status: 'major' },
          ],
        },
      ],
    })
    await patchIncident(a.id, [
      { status: 'investigating', message: 'x', createdAt: at(0) },
      {
        status: 'resolved',
        message: 'Mostly back',
        createdAt: at(1),
        serviceStatuses: [{ service: db, status: 'degraded' }],
      },
    ])
    expect(await statusOf(db)).toBe('degraded')
    expect(await statusOf(web)).toBe('major')
  })

  it('refuses an unknown service and a bad status with a 400 naming the field, changing nothing', async () => {
    const db = await newService('Strict')
    const unknown = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'x',
        updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: 999999, status: 'major' }] }],
      },
    })
    expect(unknown.status, unknown.text).toBe(400)
    expect(unknown.text).toMatch(/serviceStatuses/)
    const bad = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'x',
        updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: db, status: 'on-fire' }] }],
      },
    })
    expect(bad.status, bad.text).toBe(400)
    expect(bad.text).toMatch(/status/)
    const missing = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'x',
        updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ status: 'major' }] }],
      },
    })
    expect(missing.status, missing.text).toBe(400)
    expect(await statusOf(db)).toBe('operational')
  })

  it('a service named by an incident can still be deleted', async () => {
    const id = await newService('Doomed')
    const incident = await createIncident({
      title: 'x',
      updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: id, status: 'major' }] }],
    })
    const res = await api('DELETE', `/services/${id}`, { key: admin.key })
    expect(res.status, res.text).toBe(200)
    const read = await api('GET', `/incidents/${incident.id}?depth=0`)
    expect(read.status).toBe(200)
  })

  it('an incident whose update named a deleted service still resolves, gives the others back, and keeps the row', async () => {
    const gone = await newService('Gone soon')
    const kept = await newService('Kept')
    const incident = await createIncident({
      title: 'Two services down',
      updates: [
        {
          status: 'investigating',
          message: 'Both down.',
          createdAt: at(0),
          serviceStatuses: [
            { service: gone, status: 'major' },
            { service: kept, status: 'partial' },
          ],
        },
      ],
    })
    expect((await api('DELETE', `/services/${gone}`, { key: admin.key })).status).toBe(200)

    // The incident as an editor reads it, sent back with a resolving update: the deleted service's row included.
    const read = await api('GET', `/incidents/${incident.id}?depth=0`, { key: editor.key })
    expect(read.body.updates[0].serviceStatuses[0].service).toBeNull()
    const resolve = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [...read.body.updates, { status: 'resolved', message: 'Fixed.', createdAt: at(1) }] },
    })
    expect(resolve.status, resolve.text).toBe(200)
    expect(resolve.body.doc.status).toBe('resolved')
    expect(await statusOf(kept)).toBe('operational')
    const after = await api('GET', `/incidents/${incident.id}?depth=0`, { key: editor.key })
    expect(after.body.updates[0].serviceStatuses).toEqual([
      expect.objectContaining({ service: null, status: 'major' }),
      expect.objectContaining({ service: kept, status: 'partial' }),
    ])
    const page = await incidentPageRoute.GET(new Request(`${BASE}/i/${incident.shortId}`), {
      params: Promise.resolve({ shortId: incident.shortId }),
    })
    expect(await page.text()).toContain('Set a deleted service to major outage, Kept to partial outage.')

    // A new row still has to name its service.
    const unnamed = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: {
        updates: [
          ...after.body.updates,
          { status: 'investigating', message: 'Again.', createdAt: at(2), serviceStatuses: [{ status: 'major' }] },
        ],
      },
    })
    expect(unnamed.status, unnamed.text).toBe(400)
    expect(unnamed.text).toContain('Choose a service')
  })
})

describe('maintenances', () => {
  let t0: number
  beforeAll(() => {
    t0 = Date.now()
  })

  async function createMaintenance(body: Record<string, unknown>) {
    const res = await api('POST', '/maintenances', { key: editor.key, body })
    expect(res.status, res.text).toBe(201)
    return res.body.doc as { id: number; shortId: string; status: string }
  }

  it('with the switch: under maintenance at the start (the job’s clock), back at the end', async () => {
    const p = await payload()
    const db = await newService('Warehouse', 'degraded')
    const m = await createMaintenance({
      title: 'Upgrade',
      affectedServices: [db],
      scheduledStartAt: iso(t0 + HOUR),
      scheduledEndAt: iso(t0 + 2 * HOUR),
      setServicesUnderMaintenance: true,
    })
    expect(m.status).toBe('upcoming')
    expect(await statusOf(db)).toBe('degraded')

    expect(await advanceDueMaintenances(p, new Date(t0 + HOUR + 1000))).toMatchObject({ failed: 0 })
    expect(await statusOf(db)).toBe('maintenance')
    const rows = await history(db)
    expect(rows[1]).toMatchObject({
      fromStatus: 'degraded',
      toStatus: 'maintenance',
      source: 'maintenance',
      sourceRef: m.shortId,
      user: null,
      at: iso(t0 + HOUR + 1000),
    })

    expect(await advanceDueMaintenances(p, new Date(t0 + 2 * HOUR + 1000))).toMatchObject({ failed: 0 })
    expect(await statusOf(db)).toBe('degraded')
    expect(moves(await history(db))).toEqual([
      '∅→degraded initial',
      `degraded→maintenance maintenance ${m.shortId}`,
      `maintenance→degraded maintenance ${m.shortId}`,
    ])
  })

  it('without the switch: the services stay as they are', async () => {
    const p = await payload()
    const db = await newService('Mailer')
    const m = await createMaintenance({
      title: 'Quiet',
      affectedServices: [db],
      scheduledStartAt: iso(t0 + HOUR),
      scheduledEndAt: iso(t0 + 2 * HOUR),
    })
    // An operator's switch: only editors and admins read it.
    expect((await api('GET', `/maintenances/${m.id}`, { key: editor.key })).body.setServicesUnderMaintenance).toBe(
      false,
    )
    await advanceDueMaintenances(p, new Date(t0 + HOUR + 1000))
    expect(await statusOf(db)).toBe('operational')
    await advanceDueMaintenances(p, new Date(t0 + 2 * HOUR + 1000))
    expect(await history(db)).toHaveLength(1)
  })

  it('a save that starts it applies at once, and a cancel gives back; an incident during it wins after', async () => {
    const db = await newService('Billing')
    const m = await createMaintenance({
      title: 'Now',
      affectedServices: [db],
      scheduledStartAt: iso(Date.now() - 1000),
      scheduledEndAt: iso(t0 + 5 * HOUR),
      setServicesUnderMaintenance: true,
    })
    expect(m.status).toBe('in_progress')
    expect(await statusOf(db)).toBe('maintenance')
    const incident = await createIncident({
      title: 'Broke during it',
      updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: db, status: 'major' }] }],
    })
    const cancel = await api('PATCH', `/maintenances/${m.id}`, { key: editor.key, body: { status: 'cancelled' } })
    expect(cancel.status, cancel.text).toBe(200)
    // The open incident still holds the service.
    expect(await statusOf(db)).toBe('major')
    await patchIncident(incident.id, [
      { status: 'investigating', message: 'x', createdAt: incident.updates[0].createdAt },
      { status: 'resolved', message: 'ok' },
    ])
    expect(await statusOf(db)).toBe('operational')
  })

  it('a service taken out of a running maintenance goes back; the others stay under maintenance', async () => {
    const out = await newService('Taken out', 'degraded')
    const stays = await newService('Stays in')
    const m = await createMaintenance({
      title: 'Partly',
      affectedServices: [out, stays],
      scheduledStartAt: iso(Date.now() - 1000),
      scheduledEndAt: iso(t0 + 5 * HOUR),
      setServicesUnderMaintenance: true,
    })
    expect([await statusOf(out), await statusOf(stays)]).toEqual(['maintenance', 'maintenance'])
    const patched = await api('PATCH', `/maintenances/${m.id}`, {
      key: editor.key,
      body: { affectedServices: [stays] },
    })
    expect(patched.status, patched.text).toBe(200)
    expect([await statusOf(out), await statusOf(stays)]).toEqual(['degraded', 'maintenance'])
    expect(moves(await history(out))).toEqual([
      '∅→degraded initial',
      `degraded→maintenance maintenance ${m.shortId}`,
      `maintenance→degraded maintenance ${m.shortId}`,
    ])
  })

  it('deleting a running maintenance gives its services back; an incident that holds one keeps it', async () => {
    const plain = await newService('Under a deleted one', 'degraded')
    const held = await newService('Held by an incident too')
    const m = await createMaintenance({
      title: 'Deleted while running',
      affectedServices: [plain, held],
      scheduledStartAt: iso(Date.now() - 1000),
      scheduledEndAt: iso(t0 + 5 * HOUR),
      setServicesUnderMaintenance: true,
    })
    await createIncident({
      title: 'Broke during it',
      updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: held, status: 'major' }] }],
    })
    expect([await statusOf(plain), await statusOf(held)]).toEqual(['maintenance', 'major'])
    const removed = await api('DELETE', `/maintenances/${m.id}`, { key: admin.key })
    expect(removed.status, removed.text).toBe(200)
    expect([await statusOf(plain), await statusOf(held)]).toEqual(['degraded', 'major'])
    expect(moves(await history(plain)).at(-1)).toBe(`maintenance→degraded maintenance ${m.shortId}`)
  })
})
