/**
 * Deleting an incident gives its services back: an open incident deleted by mistake applies the same
 * restore rule as resolving it, so no service stays in an outage that no incident names.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { onLocalDataChange } from '@/runtime/data-version'
import { api, createUser, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let groupId: number

const START = Date.now() - 3_600_000
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString()

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

async function openIncident(title: string, minute: number, statuses: { service: number; status: string }[]) {
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title,
      updates: [{ status: 'investigating', message: title, createdAt: at(minute), serviceStatuses: statuses }],
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; shortId: string }
}

async function remove(id: number) {
  const res = await api('DELETE', `/incidents/${id}`, { key: admin.key })
  expect(res.status, res.text).toBe(200)
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Delete group' } })
  groupId = group.body.doc.id
})

describe('deleting an incident', () => {
  it('gives back what an open incident set, and records it under the incident', async () => {
    const payments = await newService('Payments del')
    const web = await newService('Web del', 'degraded')
    const incident = await openIncident('Payments slow', 0, [
      { service: payments, status: 'partial' },
      { service: web, status: 'major' },
    ])
    expect([await statusOf(payments), await statusOf(web)]).toEqual(['partial', 'major'])

    await remove(incident.id)
    expect([await statusOf(payments), await statusOf(web)]).toEqual(['operational', 'degraded'])
    const rows = await api(
      'GET',
      `/service-status-changes?where[service][equals]=${payments}&sort=-id&limit=1&depth=0`,
      { key: editor.key },
    )
    expect(rows.body.docs[0]).toMatchObject({
      fromStatus: 'partial',
      toStatus: 'operational',
      source: 'incident',
      sourceRef: incident.shortId,
    })
  })

  it('leaves a service another open incident holds at that incident’s status', async () => {
    const db = await newService('DB del')
    const a = await openIncident('A', 0, [{ service: db, status: 'major' }])
    const b = await openIncident('B', 1, [{ service: db, status: 'partial' }])
    await remove(b.id)
    expect(await statusOf(db)).toBe('major')
    await remove(a.id)
    expect(await statusOf(db)).toBe('operational')
  })

  it('leaves a status a person set after the incident', async () => {
    const cache = await newService('Cache del')
    const incident = await openIncident('Cache', 0, [{ service: cache, status: 'major' }])
    expect((await api('PATCH', `/services/${cache}`, { key: editor.key, body: { status: 'degraded' } })).status).toBe(
      200,
    )
    await remove(incident.id)
    expect(await statusOf(cache)).toBe('degraded')
  })

  it('changes nothing when the incident was resolved already', async () => {
    const queue = await newService('Queue del')
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'Queue',
        updates: [
          {
            status: 'investigating',
            message: 'q',
            createdAt: at(0),
            serviceStatuses: [{ service: queue, status: 'major' }],
          },
          {
            status: 'resolved',
            message: 'mostly',
            createdAt: at(1),
            serviceStatuses: [{ service: queue, status: 'degraded' }],
          },
        ],
      },
    })
    expect(res.status, res.text).toBe(201)
    expect(await statusOf(queue)).toBe('degraded')
    await remove(res.body.doc.id)
    expect(await statusOf(queue)).toBe('degraded')
  })
})

describe('what deleting an incident takes back from the public', () => {
  it("names a published incident's own paths, so that no copy of them is shown again; a draft's nothing", async () => {
    const withdrawn: string[][] = []
    const stop = onLocalDataChange(
      (_version, change) => void (change.withdrawn && withdrawn.push([...change.withdrawn])),
    )
    try {
      const published = await openIncident('Posted by mistake', 0, [])
      await remove(published.id)
      expect(withdrawn).toEqual([[`/i/${published.shortId}`, `/api/v1/incidents/${published.shortId}`]])
      withdrawn.length = 0
      const draft = await api('POST', '/incidents', {
        key: editor.key,
        body: { title: 'Never public', draft: true, updates: [{ status: 'investigating', message: 'x' }] },
      })
      expect(draft.status, draft.text).toBe(201)
      await remove(draft.body.doc.id)
      expect(withdrawn).toEqual([])
    } finally {
      stop()
    }
  })
})
