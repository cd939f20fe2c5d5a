// A document at the bounds is 2,000 rows with a message per language each: on a loaded two-core machine its save keeps
// the event loop busy past the 15 s statement limit, which then reads as a database that did not answer.
import { beforeAll, describe, expect, it, vi } from 'vitest'

// Before the imports below build the database adapter with its limits.
vi.hoisted(() => {
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = '120000'
})

import { api, createUser, graphql, type TestUser } from '../helpers/api'

/**
 * Issue 21, H1: one incident write with 500 updates × 500 `serviceStatuses` grew the process to 4.4 GB and killed
 * it; 100 × 100 was a 500 after seconds. A document is bounded as a whole: at most 100 rows in a list inside a row,
 * at most 2,000 such rows in all, refused with a 400 naming the field before Payload works on them. The process's
 * memory is printed around each refusal (no threshold: the test asserts that the process answers).
 */

let editor: TestUser
let serviceId: number

const rss = () => `${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`

/** `updates` × `perUpdate` service statuses, all naming the one service. */
function nested(updates: number, perUpdate: number) {
  return Array.from({ length: updates }, () => ({
    status: 'investigating',
    message: 'x',
    serviceStatuses: Array.from({ length: perUpdate }, () => ({ service: serviceId, status: 'major' })),
  }))
}

beforeAll(async () => {
  const admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Size group' } })
  const service = await api('POST', '/services', { key: admin.key, body: { name: 'Sized', group: group.body.doc.id } })
  serviceId = service.body.doc.id
})

describe('a document is bounded as a whole', () => {
  it('refuses 500 updates × 500 service statuses over REST with a 400 naming the field', async () => {
    const before = rss()
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'n', affectedServices: [serviceId], updates: nested(500, 500) },
    })
    console.log(`REST 500 × 500: ${res.status}, RSS ${before} before, ${rss()} after`)
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('updates.0.serviceStatuses has 500 rows; at most 100')
    expect((await api('GET', '/incidents?limit=1')).status).toBe(200)
  })

  it('refuses 100 updates × 100 service statuses: more than 2,000 nested rows in all', async () => {
    const before = rss()
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'n', affectedServices: [serviceId], updates: nested(100, 100) },
    })
    console.log(`REST 100 × 100: ${res.status}, RSS ${before} before, ${rss()} after`)
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('updates.20.serviceStatuses: the document has more than 2000 rows in nested lists')
  })

  it('refuses the same on an update of an existing incident', async () => {
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'small', affectedServices: [serviceId], updates: nested(1, 1) },
    })
    expect(created.status, created.text).toBe(201)
    const res = await api('PATCH', `/incidents/${created.body.doc.id}`, {
      key: editor.key,
      body: { updates: nested(1, 101) },
    })
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('updates.0.serviceStatuses has 101 rows; at most 100')
  })

  it('refuses it through GraphQL with a 400 naming the field', async () => {
    const before = rss()
    const res = await graphql(
      'mutation ($data: mutationIncidentInput!) { createIncident(data: $data) { id } }',
      { data: { title: 'n', affectedServices: [serviceId], updates: nested(500, 500) } },
      { key: editor.key },
    )
    console.log(`GraphQL 500 × 500: ${res.status}, RSS ${before} before, ${rss()} after`)
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain('updates.0.serviceStatuses has 500 rows; at most 100')
  })

  it('keeps a document at the bounds: 20 updates × 100 service statuses are saved', async () => {
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'full', affectedServices: [serviceId], updates: nested(20, 100) },
    })
    expect(res.status, res.text).toBe(201)
    const read = await api('GET', `/incidents/${res.body.doc.id}?depth=0`, { key: editor.key })
    expect(read.body.updates.flatMap((update: { serviceStatuses: unknown[] }) => update.serviceStatuses)).toHaveLength(
      2000,
    )
  })
})
