/**
 * The metric charts of the pages (docs/metrics.md): `/` shows a service's day chart under the service and the charts
 * of no service in a "Metrics" section, `/s/<slug>` its service's, `/metrics/<slug>/<range>` one range; each an SVG
 * with a title, axes in the page's zone and the unit, and a table of the same numbers as were pushed. A page showing
 * charts is marked with its metrics key too, so a push makes its cached HTML stale; a page without metrics is as before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as metricRoute from '@/app/(site)/metrics/[slug]/[range]/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { metricsKeyOf } from '@/domain/metrics'
import { PAGE_KEY_HEADER } from '@/runtime/headers'
import { pageDataVersion } from '@/runtime/data-version'
import { api, createUser, type TestUser } from '../helpers/api'
import { callRoute, type Route } from '../helpers/site-routes'
import { createTwoPages, type TwoPages } from '../helpers/two-pages'

const NOW = new Date('2026-03-10T12:02:00.000Z')
const S = NOW.getTime() / 1000
/** Five points, each in its own 5-minute bucket of the past day. */
const POINTS = [
  { timestamp: S - 3 * 3600, value: 100.25 },
  { timestamp: S - 2 * 3600, value: 120 },
  { timestamp: S - 3600, value: 95.5 },
  { timestamp: S - 1800, value: 130.75 },
  { timestamp: S - 600, value: 110 },
]

let admin: TestUser
let pages: TwoPages

const get = (route: Route, path: string, params: object = {}) => callRoute(route, 'GET', path, {}, { params })
const push = (slug: string, data: unknown[]) => api('POST', `/metrics/${slug}/data`, { key: admin.key, body: { data } })

/** The chart of `slug` in a page: its SVG's title, the line's vertices, the axes' labels and the table's values. */
function chartOf(page: string, slug: string) {
  const figure = new RegExp(`<figure class="chart"[^>]*data-metric="${slug}"[\\s\\S]*?</figure>`).exec(page)?.[0]
  if (!figure) return null
  const path = /<path class="line" d="([^"]*)"/.exec(figure)?.[1] ?? ''
  return {
    svg: /<svg role="img" aria-labelledby="([^"]+)"/.exec(figure)?.[1],
    title: /<title id="[^"]+">([^<]*)<\/title>/.exec(figure)?.[1],
    vertices: (path.match(/[ML]/g) ?? []).length,
    labels: [...figure.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]),
    values: [...figure.matchAll(/<td data-value="([^"]+)">([^<]*)<\/td>/g)].map((m) => ({
      v: Number(m[1]),
      shown: m[2],
    })),
    times: [...figure.matchAll(/<time datetime="([^"]+)"/g)].map((m) => m[1]),
  }
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  admin = await createUser('admin')
  pages = await createTwoPages(admin.key)
})

afterAll(() => {
  vi.useRealTimers()
})

describe('metric charts on the pages', () => {
  let before: string
  let beforePolicy: string | null

  it('a page without metrics has no chart, no chart stylesheet and only its own cache key', async () => {
    const home = await get(homeRoute, '/')
    expect(home.status).toBe(200)
    before = home.text
    beforePolicy = home.headers.get('content-security-policy')
    expect(home.text).not.toContain('class="chart"')
    expect(home.text).not.toContain('.chart{')
    expect(home.headers.get(PAGE_KEY_HEADER)).toBe('0')
  })

  it('shows a service’s day chart under the service, with the pushed numbers in its table and axes', async () => {
    const created = await api('POST', '/metrics', {
      key: admin.key,
      body: { name: 'API latency', slug: 'api-latency', unit: 'ms', decimals: 1, service: pages.db },
    })
    expect(created.status, created.text).toBe(201)
    expect((await push('api-latency', POINTS)).status).toBe(201)

    const home = await get(homeRoute, '/')
    const chart = chartOf(home.text, 'api-latency')!
    expect(chart).not.toBeNull()
    expect(chart.svg).toBe('metric-api-latency-day-t')
    expect(chart.title).toContain('API latency')
    expect(chart.title).toContain('5 points')
    expect(chart.title).toContain('110.0 ms')
    expect(chart.vertices).toBe(POINTS.length)
    expect(chart.values.map((row) => row.v)).toEqual(POINTS.map((p) => p.value))
    expect(chart.values.map((row) => row.shown)).toEqual(['100.3 ms', '120.0 ms', '95.5 ms', '130.8 ms', '110.0 ms'])
    // The point's 5-minute bucket is its time, each of these on a bucket's start.
    expect(chart.times).toEqual(POINTS.map((p) => new Date(Math.floor(p.timestamp / 300) * 300_000).toISOString()))
    // Value ticks from 0 with the unit and the decimals; time ticks every six hours of the page's zone (UTC).
    expect(chart.labels).toEqual(expect.arrayContaining(['0.0 ms', '50.0 ms', '100.0 ms', '150.0 ms']))
    expect(chart.labels).toEqual(expect.arrayContaining(['18:00', '00:00', '06:00', '12:00']))
    // Under the Database service's row, inside its group.
    const row = /<li[^>]*>(?:(?!<\/li>)[\s\S])*?Database[\s\S]*?<\/li>/.exec(home.text)?.[0] ?? ''
    expect(row).toContain('data-metric="api-latency"')
    expect(home.text).toContain('.chart{')
    // One more stylesheet hash in the policy: the chart's.
    const hashes = (policy: string | null) => (policy?.match(/'sha256-/g) ?? []).length
    expect(hashes(home.headers.get('content-security-policy'))).toBe(hashes(beforePolicy) + 1)
    expect(home.headers.get(PAGE_KEY_HEADER)).toBe(`0,${metricsKeyOf(0)}`)
    expect(home.text).not.toBe(before)
  })

  it('puts the charts of no service in a Metrics section, and on /s/<slug> its service’s', async () => {
    await api('POST', '/metrics', { key: admin.key, body: { name: 'Queue depth', slug: 'queue', unit: 'jobs' } })
    expect((await push('queue', [{ timestamp: S - 900, value: 7 }])).status).toBe(201)
    const home = await get(homeRoute, '/')
    const section = /<section aria-labelledby="metrics-h">[\s\S]*?<\/section>/.exec(home.text)?.[0] ?? ''
    expect(section).toContain('data-metric="queue"')
    expect(section).not.toContain('data-metric="api-latency"')
    expect(chartOf(home.text, 'queue')!.values).toEqual([{ v: 7, shown: '7 jobs' }])

    const service = await get(serviceRoute, '/s/database', { slug: 'database' })
    expect(chartOf(service.text, 'api-latency')!.vertices).toBe(POINTS.length)
    expect(service.text).not.toContain('data-metric="queue"')
    expect(service.headers.get(PAGE_KEY_HEADER)).toBe(`0,${metricsKeyOf(0)}`)
    const web = await get(serviceRoute, '/s/website', { slug: 'website' })
    expect(web.text).not.toContain('class="chart"')
    expect(web.headers.get(PAGE_KEY_HEADER)).toBe('0')
  })

  it('a push makes the chart pages stale (their metrics key) and changes their HTML', async () => {
    const home = await get(homeRoute, '/')
    const status = pageDataVersion(0)
    const charts = pageDataVersion(metricsKeyOf(0))
    expect((await push('api-latency', [{ timestamp: S - 60, value: 140 }])).status).toBe(201)
    expect(pageDataVersion(metricsKeyOf(0))).toBeGreaterThan(charts)
    expect(pageDataVersion(0)).toBe(status)
    const after = await get(homeRoute, '/')
    expect(after.text).not.toBe(home.text)
    expect(after.headers.get('etag')).not.toBe(home.headers.get('etag'))
    expect(chartOf(after.text, 'api-latency')!.values.map((row) => row.v)).toEqual([...POINTS.map((p) => p.value), 140])
  })

  it('/metrics/<slug>/<range> shows one range; another range or metric is a 404', async () => {
    const week = await get(metricRoute, '/metrics/api-latency/week', { slug: 'api-latency', range: 'week' })
    expect(week.status).toBe(200)
    const chart = chartOf(week.text, 'api-latency')!
    // Hourly buckets: 09:00, 10:00, 11:00 (two points: 11:02 and 11:32 averaged), 11:52 and 12:01 in 11:00 and 12:00.
    expect(chart.times.length).toBe(chart.values.length)
    expect(chart.vertices).toBe(chart.values.length)
    expect(week.text).toContain('href="/metrics/api-latency/week" aria-current="page"')
    expect(week.headers.get(PAGE_KEY_HEADER)).toBe(`0,${metricsKeyOf(0)}`)
    const year = await get(metricRoute, '/metrics/api-latency/year', { slug: 'api-latency', range: 'year' })
    expect(year.status).toBe(404)
    const missing = await get(metricRoute, '/metrics/nope/day', { slug: 'nope', range: 'day' })
    expect(missing.status).toBe(404)
  })
})
