/**
 * Metrics (docs/metrics.md): a metric made through the CMS API, points pushed with an API key (batch, Statuspage's
 * one point, idempotent on the timestamp, the refusals), the roll-ups read through /api/v1/metrics/<slug> against
 * values computed by hand, which pages list a metric, what a push makes stale, and the pruning of old points.
 * The clock is faked (Date only); the metrics tick is called with the instant it runs at.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as healthRoute from '@/app/api/health/route'
import * as statuspagePush from '@/app/api/v1/pages/[pageId]/metrics/[id]/data.json/route'
import { readRows } from '@/db/sql'
import { metricsKeyOf } from '@/domain/metrics'
import { runMetricsTick } from '@/jobs/metrics-ticker'
import { pageDataVersion } from '@/runtime/data-version'
import { PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { createTwoPages, type TwoPages } from '../helpers/two-pages'

const NOW = new Date('2026-03-10T12:00:00.000Z')
const S = NOW.getTime() / 1000
const onB = { [PUBLIC_ORIGIN_HEADER]: 'https://status-b.test' }

let admin: TestUser
let editor: TestUser
let limited: TestUser
let pages: TwoPages

const push = (slug: string, body: unknown, key?: string) => api('POST', `/metrics/${slug}/data`, { key, body })

async function createMetric(body: Record<string, unknown>) {
  const created = await api('POST', '/metrics', { key: admin.key, body })
  expect(created.status, created.text).toBe(201)
  return created.body.doc as { id: number; slug: string }
}

async function rowCount(metric: number, resolution: number): Promise<number> {
  const [row] = await readRows<{ n: unknown }>(
    await payload(),
    sql`SELECT count(*) AS "n" FROM "metric_points" WHERE "metric" = ${metric} AND "resolution" = ${resolution}`,
  )
  return Number(row.n)
}

/** A metric made a Prometheus one with the state its loop leaves (written past the save's address check). */
async function sqlUpdate(metric: number, lastError: string, polledAt: string) {
  const updated = await readRows(
    await payload(),
    sql`UPDATE "metrics" SET "source" = 'prometheus', "last_error" = ${lastError}, "polled_at" = ${polledAt} WHERE "id" = ${metric} RETURNING "id"`,
  )
  expect(updated).toHaveLength(1)
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  admin = await createUser('admin')
  editor = await createUser('editor')
  pages = await createTwoPages(admin.key)
  limited = await createUser('editor', 'limited')
  await (
    await payload()
  ).update({ collection: 'users', id: limited.id, data: { pages: [pages.pageB] }, overrideAccess: true })
})

afterAll(() => {
  vi.useRealTimers()
})

describe('pushing points', () => {
  let latency: { id: number; slug: string }

  beforeAll(async () => {
    latency = await createMetric({ name: 'API latency', slug: 'api-latency', unit: 'ms', service: pages.db })
  })

  it('answers 401 without a key, 403 to an editor limited to pages, 404 for no such metric', async () => {
    const body = { data: [{ timestamp: S - 60, value: 1 }] }
    expect((await push('api-latency', body)).status).toBe(401)
    expect((await push('api-latency', body, limited.key)).status).toBe(403)
    expect((await push('no-such-metric', body, editor.key)).status).toBe(404)
    expect(await rowCount(latency.id, 0)).toBe(0)
  })

  it('refuses a value that is not finite or a time in the future with a 400 naming the point', async () => {
    const nan = await push(
      'api-latency',
      {
        data: [
          { timestamp: S - 60, value: 1 },
          { timestamp: S, value: 'NaN' },
        ],
      },
      editor.key,
    )
    expect(nan.status, nan.text).toBe(400)
    expect(nan.body.errors[0].message).toContain('data.1.value')
    const future = await push('api-latency', { data: [{ timestamp: S + 301, value: 1 }] }, editor.key)
    expect(future.status, future.text).toBe(400)
    expect(future.body.errors[0].message).toContain('data.0.timestamp')
    expect(future.body.errors[0].message).toContain('future')
    const tooMany = await push(
      'api-latency',
      { data: Array.from({ length: 10_001 }, (_, i) => ({ timestamp: S - i, value: i })) },
      editor.key,
    )
    expect(tooMany.status).toBe(413)
    expect(await rowCount(latency.id, 0)).toBe(0)
  })

  it('writes a batch, replaces a repeated timestamp, and rolls up 5-minute buckets as computed by hand', async () => {
    // 11:40:00 .. 11:49:00, one a minute, values 10, 20, …, 100: buckets 11:40 (10..50) and 11:45 (60..100).
    const start = S - 20 * 60
    const data = Array.from({ length: 10 }, (_, i) => ({ timestamp: start + i * 60, value: (i + 1) * 10 }))
    const first = await push('api-latency', { data }, editor.key)
    expect(first.status, first.text).toBe(201)
    expect(first.body).toEqual({ metric: 'api-latency', written: 10 })
    // The same points again, one of them changed (11:49 from 100 to 200), and an ISO timestamp: nothing doubles.
    const again = await push(
      'api-latency',
      { data: [...data.slice(0, 9), { timestamp: new Date((start + 540) * 1000).toISOString(), value: 200 }] },
      admin.key,
    )
    expect(again.status, again.text).toBe(201)
    expect(await rowCount(latency.id, 0)).toBe(10)

    const day = await v1('/metrics/api-latency?range=day')
    expect(day.status, day.text).toBe(200)
    expect(day.body.data).toMatchObject({ slug: 'api-latency', unit: 'ms', range: 'day', resolution: 300 })
    expect(day.body.data.points).toEqual([
      { t: '2026-03-10T11:40:00.000Z', v: (10 + 20 + 30 + 40 + 50) / 5 },
      { t: '2026-03-10T11:45:00.000Z', v: (60 + 70 + 80 + 90 + 200) / 5 },
    ])
    // The hour is the average of its ten raw points, not of the two buckets' averages alone (equal counts here).
    const week = await v1('/metrics/api-latency?period=week')
    expect(week.body.data.resolution).toBe(3600)
    expect(week.body.data.points).toEqual([
      { t: '2026-03-10T11:00:00.000Z', v: (10 + 20 + 30 + 40 + 50 + 60 + 70 + 80 + 90 + 200) / 10 },
    ])
  })

  it('weighs buckets by their points when an hour of averages is rolled up', async () => {
    // 11:00 bucket: one point 100; 11:05 bucket: three points 10, 20, 30. The hour: 160 / 4 = 40, not (100+20)/2.
    const hour = S - 3600
    const data = [100, 10, 20, 30].map((value, i) => ({ timestamp: hour + (i === 0 ? 0 : 300 + i), value }))
    await createMetric({ name: 'Queue', slug: 'queue', service: pages.db })
    expect((await push('queue', { data }, editor.key)).status).toBe(201)
    const week = await v1('/metrics/queue?range=week')
    expect(week.body.data.points).toEqual([{ t: '2026-03-10T11:00:00.000Z', v: 40 }])
    const day = await v1('/metrics/queue')
    expect(day.body.data.points.map((p: { v: number }) => p.v)).toEqual([100, 20])
  })

  it('combines by max, sum and last as the metric says', async () => {
    const at = S - 600 // 11:50, one bucket
    for (const aggregation of ['max', 'sum', 'last'] as const) {
      await createMetric({ name: `Errors ${aggregation}`, slug: `errors-${aggregation}`, aggregation })
      const data = [5, 9, 2].map((value, i) => ({ timestamp: at + i * 60, value }))
      expect((await push(`errors-${aggregation}`, { data }, editor.key)).status).toBe(201)
    }
    const value = async (slug: string) => (await v1(`/metrics/${slug}`)).body.data.points[0].v
    expect(await value('errors-max')).toBe(9)
    expect(await value('errors-sum')).toBe(16)
    expect(await value('errors-last')).toBe(2)
  })

  it("accepts Statuspage's one point at its own path", async () => {
    const request = (key?: string) =>
      new Request(`${BASE}/api/v1/pages/anything/metrics/api-latency/data.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key && { authorization: `users API-Key ${key}` }) },
        body: JSON.stringify({ data: { timestamp: S - 30, value: 7 } }),
      })
    const params = { params: Promise.resolve({ pageId: 'anything', id: 'api-latency' }) }
    const refused = await statuspagePush.POST(request(), params)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
    const written = await statuspagePush.POST(request(editor.key), params)
    expect(written.status, await written.clone().text()).toBe(201)
    expect(await rowCount(latency.id, 0)).toBe(11)
  })

  it("makes only the metric responses of the metric's pages stale, not their status", async () => {
    const status = pageDataVersion(0)
    const metricsA = pageDataVersion(metricsKeyOf(0))
    const metricsB = pageDataVersion(metricsKeyOf(pages.pageB))
    const web = await createMetric({ name: 'Website', slug: 'website-latency', service: pages.web })
    const afterCreate = { a: pageDataVersion(metricsKeyOf(0)), b: pageDataVersion(metricsKeyOf(pages.pageB)) }
    expect(afterCreate.a).toBeGreaterThan(metricsA)
    expect(afterCreate.b).toBeGreaterThan(metricsB)
    const statusAfterCreate = pageDataVersion(0)
    expect((await push(web.slug, { data: [{ timestamp: S - 10, value: 3 }] }, editor.key)).status).toBe(201)
    expect(pageDataVersion(metricsKeyOf(0))).toBeGreaterThan(afterCreate.a)
    expect(pageDataVersion(metricsKeyOf(pages.pageB))).toBe(afterCreate.b)
    expect(pageDataVersion(0)).toBe(statusAfterCreate)
    expect(statusAfterCreate).toBeGreaterThanOrEqual(status)
  })
})

describe('the public list', () => {
  it('lists the metrics each page shows', async () => {
    await createMetric({ name: 'Billing runs', slug: 'billing-runs', service: pages.billing })
    await createMetric({ name: 'On B by name', slug: 'named-b', pages: [pages.pageB] })
    const onA = await v1('/metrics')
    expect(onA.status, onA.text).toBe(200)
    const slugsA = onA.body.data.map((m: { slug: string }) => m.slug)
    expect(slugsA).toContain('api-latency')
    expect(slugsA).toContain('website-latency')
    expect(slugsA).not.toContain('billing-runs')
    expect(slugsA).not.toContain('named-b')
    expect(onA.body.data.find((m: { slug: string }) => m.slug === 'api-latency')).toEqual({
      slug: 'api-latency',
      name: 'API latency',
      unit: 'ms',
      decimals: 0,
      aggregation: 'avg',
      service: 'database',
      services: ['database'],
      periods: ['day', 'week', 'month'],
    })
    const slugsB = (await v1('/metrics', { headers: onB })).body.data.map((m: { slug: string }) => m.slug)
    expect(slugsB).toEqual(expect.arrayContaining(['api-latency', 'billing-runs', 'named-b']))
    expect(slugsB).not.toContain('website-latency')
    expect((await v1('/metrics/billing-runs')).status).toBe(404)
    expect((await v1('/metrics/billing-runs', { headers: onB })).status).toBe(200)
  })

  it('answers 400 for an unknown range', async () => {
    const bad = await v1('/metrics/api-latency?range=year')
    expect(bad.status).toBe(400)
    expect(bad.body['invalid-params'][0].name).toBe('range')
  })

  it('keeps the metrics from strangers of the CMS API (their Prometheus address is not public)', async () => {
    expect((await api('GET', '/metrics')).status).toBe(401)
    expect((await api('GET', '/metrics', { key: editor.key })).status).toBe(200)
    expect((await api('POST', '/metrics', { key: limited.key, body: { name: 'X' } })).status).toBe(403)
  })
})

describe('retention', () => {
  it('removes raw points after a day and 5-minute buckets after a week, keeping the hours', async () => {
    const queue = (await api('GET', '/metrics?where[slug][equals]=queue', { key: admin.key })).body.docs[0]
    expect(await rowCount(queue.id, 0)).toBe(4)
    await runMetricsTick(await payload(), new Date(NOW.getTime() + 2 * 86_400_000))
    expect(await rowCount(queue.id, 0)).toBe(0)
    expect(await rowCount(queue.id, 300)).toBe(2)
    await runMetricsTick(await payload(), new Date(NOW.getTime() + 8 * 86_400_000))
    expect(await rowCount(queue.id, 300)).toBe(0)
    expect(await rowCount(queue.id, 3600)).toBe(1)
  })

  it("deletes a metric's points with it", async () => {
    const queue = (await api('GET', '/metrics?where[slug][equals]=queue', { key: admin.key })).body.docs[0]
    expect((await api('DELETE', `/metrics/${queue.id}`, { key: admin.key })).status).toBe(200)
    expect(await rowCount(queue.id, 3600)).toBe(0)
  })
})

describe('/api/health for administrators', () => {
  it("lists the Prometheus metrics' last query and error to an admin, and to nobody else", async () => {
    const metric = await createMetric({ name: 'Scrape', slug: 'scrape' })
    // The state the Prometheus loop leaves after a failed query (src/services/metrics/poll-prometheus.ts).
    const polledAt = new Date(NOW.getTime() - 60_000).toISOString()
    await sqlUpdate(metric.id, 'Prometheus answered 503', polledAt)
    const health = async (key?: string) => {
      const response = await healthRoute.GET(
        new Request(`${BASE}/api/health`, { headers: key ? { authorization: `users API-Key ${key}` } : {} }),
      )
      expect(response.status).toBe(200)
      return (await response.json()) as { status: string; metrics?: unknown }
    }
    expect(await health(admin.key)).toMatchObject({
      status: 'ok',
      metrics: [{ slug: 'scrape', lastError: 'Prometheus answered 503', polledAt }],
    })
    expect((await health(editor.key)).metrics).toBeUndefined()
    expect((await health()).metrics).toBeUndefined()
  })
})
