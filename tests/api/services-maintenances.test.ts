import { beforeAll, describe, expect, it } from 'vitest'

import { SERVICE_STATUSES } from '@/domain/statuses'
import { api, createUser, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let groupId: number
let serviceId: number

const HOUR = 3_600_000
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString()

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  groupId = group.body.doc.id
  const service = await api('POST', '/services', { key: editor.key, body: { name: 'Search', group: groupId } })
  expect(service.status).toBe(201)
  serviceId = service.body.doc.id
})

describe('service status', () => {
  it('accepts every service status on PATCH and stores it', async () => {
    for (const status of [...SERVICE_STATUSES].reverse()) {
      const res = await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { status } })
      expect(res.status).toBe(200)
      expect(res.body.doc.status).toBe(status)
      const read = await api('GET', `/services/${serviceId}`)
      expect(read.body.status).toBe(status)
    }
  })

  it('refuses an unknown status with a 400 naming the field, and keeps the old one', async () => {
    await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { status: 'degraded' } })
    const res = await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { status: 'on-fire' } })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/status/i)
    const read = await api('GET', `/services/${serviceId}`)
    expect(read.body.status).toBe('degraded')
  })

  it('defaults a new service to operational', async () => {
    const res = await api('POST', '/services', { key: editor.key, body: { name: 'Defaults', group: groupId } })
    expect(res.body.doc.status).toBe('operational')
  })
})

describe('service slug and group', () => {
  it('derives the slug from the name when empty', async () => {
    const res = await api('POST', '/services', { key: editor.key, body: { name: 'Payments API (EU)', group: groupId } })
    expect(res.status).toBe(201)
    expect(res.body.doc.slug).toBe('payments-api-eu')
    const blank = await api('POST', '/services', {
      key: editor.key,
      body: { name: 'Blank Slug', slug: '', group: groupId },
    })
    expect(blank.body.doc.slug).toBe('blank-slug')
  })

  it('keeps a slug that is given', async () => {
    const res = await api('POST', '/services', {
      key: editor.key,
      body: { name: 'Web app', slug: 'frontend', group: groupId },
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.slug).toBe('frontend')
  })

  it('refuses a duplicate slug, derived or given, with a 400 naming slug', async () => {
    const first = await api('POST', '/services', { key: editor.key, body: { name: 'Mail Relay', group: groupId } })
    expect(first.status).toBe(201)
    const derived = await api('POST', '/services', { key: editor.key, body: { name: 'Mail relay', group: groupId } })
    expect(derived.status).toBe(400)
    expect(derived.body.errors[0].message).toMatch(/slug/i)
    const given = await api('POST', '/services', {
      key: editor.key,
      body: { name: 'Other', slug: 'mail-relay', group: groupId },
    })
    expect(given.status).toBe(400)
    expect(given.body.errors[0].message).toMatch(/slug/i)
    const renamed = await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { slug: 'mail-relay' } })
    expect(renamed.status).toBe(400)
    const count = await api('GET', '/services?where[slug][equals]=mail-relay')
    expect(count.body.totalDocs).toBe(1)
  })

  it('refuses a slug that is not URL-safe', async () => {
    const res = await api('POST', '/services', {
      key: editor.key,
      body: { name: 'Bad', slug: 'Not A Slug', group: groupId },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/slug/i)
  })

  it('requires a service group', async () => {
    const res = await api('POST', '/services', { key: editor.key, body: { name: 'Orphan' } })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/group/i)
    const list = await api('GET', '/services?where[name][equals]=Orphan')
    expect(list.body.totalDocs).toBe(0)
  })

  it('derives service group slugs the same way', async () => {
    const res = await api('POST', '/service-groups', { key: editor.key, body: { name: 'Data & Storage' } })
    expect(res.status).toBe(201)
    expect(res.body.doc.slug).toBe('data-and-storage')
    const dup = await api('POST', '/service-groups', { key: editor.key, body: { name: 'Data and storage' } })
    expect(dup.status).toBe(400)
    expect(dup.body.errors[0].message).toMatch(/slug/i)
  })
})

async function createMaintenance(body: Record<string, unknown>) {
  return api('POST', '/maintenances', {
    key: editor.key,
    body: { title: 'Database upgrade', affectedServices: [serviceId], ...body },
  })
}

describe('maintenance status from the clock', () => {
  it('is upcoming before its start', async () => {
    const res = await createMaintenance({ scheduledStartAt: fromNow(HOUR), scheduledEndAt: fromNow(3 * HOUR) })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({ status: 'upcoming', completedAt: null, cancelledAt: null })
    expect(res.body.doc.shortId).toHaveLength(10)
    expect(res.body.doc.affectedServices.map((s: any) => s.id ?? s)).toEqual([serviceId])
  })

  it('is in_progress inside its window, and with an open end', async () => {
    const windowed = await createMaintenance({ scheduledStartAt: fromNow(-HOUR), scheduledEndAt: fromNow(HOUR) })
    expect(windowed.body.doc).toMatchObject({ status: 'in_progress', completedAt: null, cancelledAt: null })
    const open = await createMaintenance({ scheduledStartAt: fromNow(-48 * HOUR) })
    expect(open.status).toBe(201)
    expect(open.body.doc).toMatchObject({ status: 'in_progress', scheduledEndAt: null, completedAt: null })
  })

  it('is completed after its end, stamped with the scheduled end', async () => {
    const end = fromNow(-HOUR)
    const res = await createMaintenance({ scheduledStartAt: fromNow(-3 * HOUR), scheduledEndAt: end })
    expect(res.body.doc).toMatchObject({ status: 'completed', completedAt: end, cancelledAt: null })
  })

  it('ignores a clock status sent by the client', async () => {
    const res = await createMaintenance({
      status: 'in_progress',
      scheduledStartAt: fromNow(2 * HOUR),
      scheduledEndAt: fromNow(3 * HOUR),
    })
    expect(res.body.doc.status).toBe('upcoming')
  })

  it('refuses a status outside the vocabulary with a 400 naming status', async () => {
    const res = await createMaintenance({ status: 'postponed', scheduledStartAt: fromNow(HOUR) })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/status/i)
  })
})

describe('maintenance duration', () => {
  it('is estimated from the window when empty', async () => {
    const start = Date.now() + HOUR
    const two = await createMaintenance({
      scheduledStartAt: new Date(start).toISOString(),
      scheduledEndAt: new Date(start + 2 * HOUR).toISOString(),
    })
    expect(two.body.doc.duration).toBe('2 hours')
    const long = await createMaintenance({
      scheduledStartAt: new Date(start).toISOString(),
      scheduledEndAt: new Date(start + 28 * HOUR).toISOString(),
      duration: '',
    })
    expect(long.body.doc.duration).toBe('1 day 4 hours')
  })

  it('keeps a duration the operator wrote', async () => {
    const res = await createMaintenance({
      scheduledStartAt: fromNow(HOUR),
      scheduledEndAt: fromNow(2 * HOUR),
      duration: 'about an hour',
    })
    expect(res.body.doc.duration).toBe('about an hour')
    const moved = await api('PATCH', `/maintenances/${res.body.doc.id}`, {
      key: editor.key,
      body: { scheduledEndAt: fromNow(5 * HOUR) },
    })
    expect(moved.body.doc.duration).toBe('about an hour')
  })

  it('follows the window when it was an estimate', async () => {
    const start = Date.now() + HOUR
    const res = await createMaintenance({
      scheduledStartAt: new Date(start).toISOString(),
      scheduledEndAt: new Date(start + 2 * HOUR).toISOString(),
    })
    expect(res.body.doc.duration).toBe('2 hours')
    const moved = await api('PATCH', `/maintenances/${res.body.doc.id}`, {
      key: editor.key,
      body: { scheduledEndAt: new Date(start + 3 * HOUR + 30 * 60_000).toISOString() },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.doc.duration).toBe('3 hours 30 minutes')
  })

  it('stays empty for an open end', async () => {
    const res = await createMaintenance({ scheduledStartAt: fromNow(HOUR) })
    expect(res.body.doc.duration).toBeNull()
  })
})

describe('maintenance completion and cancellation', () => {
  it('stamps cancelledAt on cancel; cancelled is final', async () => {
    const created = await createMaintenance({ scheduledStartAt: fromNow(HOUR), scheduledEndAt: fromNow(2 * HOUR) })
    const id = created.body.doc.id
    const before = Date.now()
    const cancelled = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { status: 'cancelled' } })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.doc).toMatchObject({ status: 'cancelled', completedAt: null })
    const stamp = Date.parse(cancelled.body.doc.cancelledAt)
    expect(stamp).toBeGreaterThanOrEqual(before - 1)
    expect(stamp).toBeLessThanOrEqual(Date.now() + 1)

    for (const status of ['upcoming', 'in_progress', 'completed']) {
      const res = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { status } })
      expect(res.status).toBe(400)
      expect(res.body.errors[0].message).toMatch(/status/i)
    }
    const retitled = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { title: 'Called off' } })
    expect(retitled.status).toBe(200)
    expect(retitled.body.doc).toMatchObject({
      status: 'cancelled',
      cancelledAt: cancelled.body.doc.cancelledAt,
      title: 'Called off',
    })
  })

  it('stamps completedAt with the time of the write when completed by hand; completed is final', async () => {
    const created = await createMaintenance({ scheduledStartAt: fromNow(-HOUR), scheduledEndAt: fromNow(HOUR) })
    expect(created.body.doc.status).toBe('in_progress')
    const id = created.body.doc.id
    const before = Date.now()
    const done = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { status: 'completed' } })
    expect(done.status).toBe(200)
    expect(done.body.doc).toMatchObject({ status: 'completed', cancelledAt: null })
    const stamp = Date.parse(done.body.doc.completedAt)
    expect(stamp).toBeGreaterThanOrEqual(before - 1)
    expect(stamp).toBeLessThan(Date.parse(created.body.doc.scheduledEndAt))

    const reopened = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { status: 'in_progress' } })
    expect(reopened.status).toBe(400)
    expect(reopened.body.errors[0].message).toMatch(/status/i)
    const cancelled = await api('PATCH', `/maintenances/${id}`, { key: editor.key, body: { status: 'cancelled' } })
    expect(cancelled.status).toBe(400)
    const read = await api('GET', `/maintenances/${id}`)
    expect(read.body).toMatchObject({ status: 'completed', completedAt: done.body.doc.completedAt, cancelledAt: null })
  })

  it('ignores completedAt and cancelledAt sent by the client', async () => {
    const res = await createMaintenance({
      scheduledStartAt: fromNow(HOUR),
      completedAt: '2020-01-01T00:00:00.000Z',
      cancelledAt: '2020-01-01T00:00:00.000Z',
    })
    expect(res.body.doc).toMatchObject({ status: 'upcoming', completedAt: null, cancelledAt: null })
    const patched = await api('PATCH', `/maintenances/${res.body.doc.id}`, {
      key: editor.key,
      body: { completedAt: '2020-01-01T00:00:00.000Z', cancelledAt: '2020-01-01T00:00:00.000Z' },
    })
    expect(patched.body.doc).toMatchObject({ status: 'upcoming', completedAt: null, cancelledAt: null })
  })

  it('moves an upcoming maintenance with its window', async () => {
    const created = await createMaintenance({ scheduledStartAt: fromNow(HOUR), scheduledEndAt: fromNow(2 * HOUR) })
    const moved = await api('PATCH', `/maintenances/${created.body.doc.id}`, {
      key: editor.key,
      body: { scheduledStartAt: fromNow(-HOUR) },
    })
    expect(moved.body.doc).toMatchObject({ status: 'in_progress', completedAt: null, cancelledAt: null })
  })
})

describe('maintenance window', () => {
  it('refuses an end before the start with a 400 naming scheduledEndAt', async () => {
    const res = await createMaintenance({ scheduledStartAt: fromNow(3 * HOUR), scheduledEndAt: fromNow(HOUR) })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/scheduled ?end ?at/i)
  })

  it('refuses an end equal to the start', async () => {
    const at = fromNow(HOUR)
    const res = await createMaintenance({ scheduledStartAt: at, scheduledEndAt: at })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/scheduled ?end ?at/i)
  })

  it('refuses a PATCH that moves the end before the stored start', async () => {
    const created = await createMaintenance({ scheduledStartAt: fromNow(5 * HOUR), scheduledEndAt: fromNow(6 * HOUR) })
    const res = await api('PATCH', `/maintenances/${created.body.doc.id}`, {
      key: editor.key,
      body: { scheduledEndAt: fromNow(4 * HOUR) },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/scheduled ?end ?at/i)
    const read = await api('GET', `/maintenances/${created.body.doc.id}`)
    expect(read.body.scheduledEndAt).toBe(created.body.doc.scheduledEndAt)
  })

  it('requires a start', async () => {
    const res = await createMaintenance({ scheduledEndAt: fromNow(HOUR) })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/scheduled ?start ?at/i)
  })
})
