/**
 * Backfilled incidents: recorded afterwards with their own times. They show in the history and the uptime of
 * those days, tell nobody, and leave the services' current statuses alone. Clock injected (fake Date).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'
import { createServiceAt } from '../helpers/status-history'

const t = (iso: string) => new Date(iso)
const NOW = t('2026-03-10T12:00:00.000Z')
let editor: TestUser
let ledger: number

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  editor = await createUser('editor')
  const p = await payload()
  vi.setSystemTime(t('2026-03-01T00:00:00.000Z'))
  const group = await p.create({ collection: 'service-groups', data: { name: 'Money' }, overrideAccess: true })
  ledger = await createServiceAt(t('2026-03-01T00:00:00.000Z'), { name: 'Ledger', group: group.id })
  vi.setSystemTime(NOW)
  const subscriber = await p.create({
    collection: 'subscribers',
    data: { type: 'email', email: 'backfill-reader@example.test', verified: true },
    overrideAccess: true,
  })
  expect(subscriber.id).toBeDefined()
})

afterAll(() => {
  vi.useRealTimers()
})

const backfill = (updates: object[], extra: Record<string, unknown> = {}) =>
  api('POST', '/incidents', {
    key: editor.key,
    body: { title: 'Ledger was down', backfilled: true, affectedServices: [ledger], updates, ...extra },
  })

describe('a backfilled incident', () => {
  it('is refused unless it ends resolved, with every update timed in the past (400 naming backfilled)', async () => {
    const open = await backfill([{ status: 'investigating', message: 'Down', createdAt: '2026-03-08T10:00:00.000Z' }])
    expect(open.status).toBe(400)
    expect(open.text).toContain('must end with a resolved update')
    const future = await backfill([
      { status: 'investigating', message: 'Down', createdAt: '2026-03-08T10:00:00.000Z' },
      { status: 'resolved', message: 'Up', createdAt: '2026-03-11T10:00:00.000Z' },
    ])
    expect(future.status).toBe(400)
    expect(future.text).toContain('must lie in the past')
  })

  it('writes the history at its own times: the uptime of that day counts it, today’s status and the subscribers are untouched', async () => {
    const res = await backfill([
      {
        status: 'investigating',
        message: 'Ledger down',
        createdAt: '2026-03-08T10:00:00.000Z',
        serviceStatuses: [{ service: ledger, status: 'major' }],
      },
      { status: 'resolved', message: 'Ledger back', createdAt: '2026-03-08T12:00:00.000Z' },
    ])
    expect(res.status, res.text).toBe(201)
    expect(res.body.doc).toMatchObject({ status: 'resolved', backfilled: true, resolvedAt: '2026-03-08T12:00:00.000Z' })

    const service = await api('GET', `/services/${ledger}`, { key: editor.key })
    expect(service.body.status).toBe('operational')

    const p = await payload()
    const notices = await p.count({
      collection: 'notifications',
      where: { incident: { equals: res.body.doc.id } },
      overrideAccess: true,
    })
    expect(notices.totalDocs).toBe(0)

    const uptime = await v1('/uptime?days=3&service=ledger')
    expect(uptime.status).toBe(200)
    const days = uptime.body.data[0].days as {
      date: string
      seconds: { major: number }
      incidents: { shortId: string }[]
      uptimePercent: number
    }[]
    const day = days.find((d) => d.date === '2026-03-08')
    expect(day?.seconds.major).toBe(2 * 3600)
    expect(day?.incidents.map((i) => i.shortId)).toContain(res.body.doc.shortId)
    expect(days.find((d) => d.date === '2026-03-09')?.seconds.major).toBe(0)

    const history = await api('GET', `/service-status-changes?where[service][equals]=${ledger}&sort=at&depth=0`, {
      key: editor.key,
    })
    expect(
      history.body.docs.map((row: { toStatus: string; at: string; source: string }) => [
        row.toStatus,
        row.at,
        row.source,
      ]),
    ).toEqual([
      ['operational', '2026-03-01T00:00:00.000Z', 'initial'],
      ['major', '2026-03-08T10:00:00.000Z', 'incident'],
      ['operational', '2026-03-08T12:00:00.000Z', 'incident'],
    ])
  })

  it('starts, in /api/v1 and /api/v2, when its first update says, not when it was written down', async () => {
    const res = await backfill([
      { status: 'investigating', message: 'Ledger slow', createdAt: '2026-03-07T09:00:00.000Z' },
      { status: 'resolved', message: 'Ledger fine', createdAt: '2026-03-07T09:30:00.000Z' },
    ])
    expect(res.status, res.text).toBe(201)
    const { shortId } = res.body.doc
    const one = await v1(`/incidents/${shortId}`)
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({
      createdAt: '2026-03-07T09:00:00.000Z',
      resolvedAt: '2026-03-07T09:30:00.000Z',
    })
    const listed = (await v1('/incidents?limit=100')).body.data.find((i: { shortId: string }) => i.shortId === shortId)
    expect(listed.createdAt).toBe('2026-03-07T09:00:00.000Z')
    const statuspage = (await v2('/incidents.json')).body.incidents.find((i: { id: string }) => i.id === shortId)
    expect(statuspage.started_at).toBe('2026-03-07T09:00:00.000Z')
  })

  it('cannot be turned into a live incident or back afterwards (the flag is set at creation only)', async () => {
    const live = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Live', updates: [{ status: 'investigating', message: 'Now' }] },
    })
    expect(live.status).toBe(201)
    const patched = await api('PATCH', `/incidents/${live.body.doc.id}`, {
      key: editor.key,
      body: { backfilled: true },
    })
    expect(patched.body.doc.backfilled).toBe(false)
  })
})
