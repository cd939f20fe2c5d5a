/**
 * Public pages that depend on the clock report when they next change (the `x-statuspage-expires` header the
 * response cache honours), so a cached page never outlives what it says. The clock is injected (fake Date): the
 * routes are called in process with real Requests at chosen instants, no sleeping.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as historyRoute from '@/app/(site)/history/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import { api, BASE, createUser, type TestUser } from '../helpers/api'

const T0 = new Date('2026-03-02T09:00:00.000Z')
const MINUTE = 60_000
const at = (ms: number) => new Date(T0.getTime() + ms)

let admin: TestUser

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

async function page(route: SiteRoute, pathname: string, params: Record<string, string> = {}) {
  const response = await route.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve(params) })
  const text = (await response.text()).replace(/\s+/g, ' ')
  const expires = response.headers.get('x-statuspage-expires')
  return { status: response.status, text, expiresAt: expires === null ? null : new Date(Number(expires)).toISOString() }
}

beforeAll(async () => {
  admin = await createUser('admin')
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
})

afterAll(() => {
  vi.useRealTimers()
})

describe('the clock of the public pages', () => {
  it('/i/<id> says for how long an incident is ongoing, and expires when that next reads differently', async () => {
    vi.setSystemTime(T0)
    const created = await api('POST', '/incidents', {
      key: admin.key,
      body: {
        title: 'Slow logins',
        updates: [{ status: 'investigating', message: 'Looking', createdAt: T0.toISOString() }],
      },
    })
    expect(created.status, created.text).toBe(201)
    const { shortId, id } = created.body.doc

    vi.setSystemTime(at(5 * MINUTE))
    const first = await page(incidentRoute, `/i/${shortId}`, { shortId })
    expect(first.status).toBe(200)
    expect(first.text).toContain('Ongoing for 5 minutes')
    expect(first.expiresAt).toBe(at(5.5 * MINUTE).toISOString())

    vi.setSystemTime(new Date(first.expiresAt!))
    const later = await page(incidentRoute, `/i/${shortId}`, { shortId })
    expect(later.text).toContain('Ongoing for 6 minutes')
    expect(later.expiresAt).toBe(at(6.5 * MINUTE).toISOString())

    const resolved = await api('PATCH', `/incidents/${id}`, {
      key: admin.key,
      body: {
        updates: [
          { status: 'investigating', message: 'Looking', createdAt: T0.toISOString() },
          { status: 'resolved', message: 'Fixed', createdAt: at(6 * MINUTE).toISOString() },
        ],
      },
    })
    expect(resolved.status, resolved.text).toBe(200)
    const done = await page(incidentRoute, `/i/${shortId}`, { shortId })
    expect(done.text).toContain('Resolved after 6 minutes')
    expect(done.expiresAt).toBeNull()
  })

  it('/history lists a cancelled maintenance once its start passes, and expires then', async () => {
    vi.setSystemTime(at(10 * MINUTE))
    const start = new Date('2026-03-03T10:00:00.000Z')
    const created = await api('POST', '/maintenances', {
      key: admin.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: start.toISOString(),
        scheduledEndAt: new Date(start.getTime() + 60 * MINUTE).toISOString(),
      },
    })
    expect(created.status, created.text).toBe(201)
    const cancelled = await api('PATCH', `/maintenances/${created.body.doc.id}`, {
      key: admin.key,
      body: { status: 'cancelled' },
    })
    expect(cancelled.status, cancelled.text).toBe(200)

    const before = await page(historyRoute, '/history')
    expect(before.status).toBe(200)
    expect(before.text).not.toContain('Database upgrade')
    expect(before.expiresAt).toBe(start.toISOString())

    vi.setSystemTime(start)
    const after = await page(historyRoute, '/history')
    expect(after.text).toContain('Database upgrade')
    expect(after.expiresAt).toBeNull()
  })
})
