/**
 * GET /api/v1/uptime: uptime per service and UTC day from the history of statuses, with an injected clock (fake
 * Date; the history is written at chosen instants). Every response is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { demoConfig } from '@/demo/config'
import { resetDemo } from '@/services/demo/reset'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { createServiceAt, setStatusAt } from '../helpers/status-history'

const M = 60_000
const t = (iso: string) => new Date(iso)
const NOW = t('2026-03-10T12:00:00.000Z')

let admin: TestUser
const ids: Record<string, number> = {}
const shortIds: Record<string, string> = {}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  admin = await createUser('admin')
  const p = await payload()
  vi.setSystemTime(t('2026-02-01T00:00:00.000Z'))
  const core = await p.create({
    collection: 'service-groups',
    data: { name: 'Core', displayOrder: 1 },
    overrideAccess: true,
  })
  const edge = await p.create({
    collection: 'service-groups',
    data: { name: 'Edge', displayOrder: 2 },
    overrideAccess: true,
  })
  // Created out of display order: the answer follows /api/v1/services, not creation.
  ids.cdn = await createServiceAt(t('2026-03-01T00:00:00.000Z'), { name: 'CDN', group: edge.id })
  ids.api = await createServiceAt(t('2026-03-01T00:00:00.000Z'), { name: 'API', group: core.id, displayOrder: 1 })
  ids.late = await createServiceAt(t('2026-03-10T06:00:00.000Z'), {
    name: 'Late',
    group: core.id,
    displayOrder: 2,
    status: 'partial',
  })

  // 9 March, on API: 1 h degraded, 2 h partial, 30 min major, 3 h maintenance.
  const day = '2026-03-09'
  await setStatusAt(ids.api, 'degraded', t(`${day}T01:00:00.000Z`))
  await setStatusAt(ids.api, 'partial', t(`${day}T02:00:00.000Z`))
  await setStatusAt(ids.api, 'major', t(`${day}T04:00:00.000Z`))
  await setStatusAt(ids.api, 'maintenance', t(`${day}T04:30:00.000Z`))
  await setStatusAt(ids.api, 'operational', t(`${day}T07:30:00.000Z`))

  // An incident on API from 22:00 on 8 March (back-dated first update) to 01:00 on 9 March, and one open since today.
  vi.setSystemTime(t('2026-03-08T22:30:00.000Z'))
  const first = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: 'Slow <requests>',
      affectedServices: [ids.api],
      updates: [{ status: 'investigating', message: 'Looking', createdAt: '2026-03-08T22:00:00.000Z' }],
    },
  })
  expect(first.status, first.text).toBe(201)
  vi.setSystemTime(t('2026-03-09T01:00:00.000Z'))
  const resolved = await api('PATCH', `/incidents/${first.body.doc.id}`, {
    key: admin.key,
    body: {
      updates: [
        { status: 'investigating', message: 'Looking', createdAt: '2026-03-08T22:00:00.000Z' },
        { status: 'resolved', message: 'Fixed', createdAt: '2026-03-09T01:00:00.000Z' },
      ],
    },
  })
  expect(resolved.status, resolved.text).toBe(200)
  shortIds.first = first.body.doc.shortId
  vi.setSystemTime(t('2026-03-10T08:00:00.000Z'))
  const open = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: 'Edge errors',
      affectedServices: [ids.api, ids.cdn],
      updates: [{ status: 'investigating', message: 'Looking' }],
    },
  })
  expect(open.status, open.text).toBe(201)
  shortIds.open = open.body.doc.shortId
  vi.setSystemTime(NOW)
})

afterAll(() => {
  vi.useRealTimers()
})

const bySlug = (body: { data: { slug: string }[] }, slug: string) => body.data.find((s) => s.slug === slug) as any

describe('GET /api/v1/uptime', () => {
  it('gives the seconds in each status and the weighted uptime of a day, and the whole window', async () => {
    vi.setSystemTime(NOW)
    const response = await v1('/uptime?days=2&service=api')
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toHaveLength(1)
    const api = response.body.data[0]
    expect(api).toMatchObject({ slug: 'api', name: 'API', group: { slug: 'core', name: 'Core' } })
    expect(api.days.map((d: any) => d.date)).toEqual(['2026-03-09', '2026-03-10'])
    // downtime = 30 min major + 0.3 × 2 h partial = 3,960 s of 86,400.
    expect(api.days[0]).toEqual({
      date: '2026-03-09',
      uptimePercent: 95.4167,
      seconds: { degraded: 3600, partial: 7200, major: 1800, maintenance: 10_800 },
      incidents: [{ shortId: shortIds.first, title: 'Slow <requests>' }],
    })
    expect(api.days[1]).toEqual({
      date: '2026-03-10',
      uptimePercent: 100,
      seconds: { degraded: 0, partial: 0, major: 0, maintenance: 0 },
      incidents: [{ shortId: shortIds.open, title: 'Edge errors' }],
    })
    // The window: 3,960 s of downtime over 86,400 + 43,200 observed seconds.
    expect(api.uptimePercent).toBe(96.9444)
    // Downtime in the window: the figures move with the clock, so the answer expires at the next minute.
    expect(response.headers.get('x-statuspage-expires')).toBe(String(NOW.getTime() + M))
  })

  it('lists every service in the order of /api/v1/services, 90 days by default ending today', async () => {
    vi.setSystemTime(NOW)
    const [uptime, services] = await Promise.all([v1('/uptime'), v1('/services')])
    expect(uptime.body.data.map((s: any) => s.slug)).toEqual(services.body.data.map((s: any) => s.slug))
    expect(uptime.body.data.map((s: any) => s.slug)).toEqual(['api', 'late', 'cdn'])
    for (const service of uptime.body.data) {
      expect(service.days).toHaveLength(90)
      expect(service.days[0].date).toBe('2025-12-11')
      expect(service.days[89].date).toBe('2026-03-10')
    }
    // The incident of 8–9 March is on both days it spans; the open one on API and CDN today.
    const api = bySlug(uptime.body, 'api')
    expect(api.days[87].incidents).toEqual([{ shortId: shortIds.first, title: 'Slow <requests>' }])
    expect(api.days[88].incidents).toEqual([{ shortId: shortIds.first, title: 'Slow <requests>' }])
    expect(bySlug(uptime.body, 'cdn').days[89].incidents).toEqual([{ shortId: shortIds.open, title: 'Edge errors' }])
    expect(bySlug(uptime.body, 'cdn').days[88].incidents).toEqual([])
  })

  it('has null for the days before a service existed, and observes today from its creation', async () => {
    vi.setSystemTime(NOW)
    const response = await v1('/uptime?days=3&service=late')
    const late = response.body.data[0]
    expect(late.days.map((d: any) => d.uptimePercent)).toEqual([null, null, 70])
    expect(late.uptimePercent).toBe(70)
    expect(late.observedSince).toBe('2026-03-10')
    // Partial since 06:00: 6 h of partial, 0.3 × 6 h of downtime over the 6 h it existed today.
    expect(late.days[2].seconds).toEqual({ degraded: 0, partial: 6 * 3600, major: 0, maintenance: 0 })
    expect(late.uptimePercent).toBe(70)
    const cdn = (await v1('/uptime?days=90&service=cdn')).body.data[0]
    expect(cdn.days.filter((d: any) => d.uptimePercent === null)).toHaveLength(80)
    expect(cdn.observedSince).toBe('2026-03-01')
    // Observed over the whole window: it starts on the window's first day.
    expect((await v1('/uptime?days=2&service=cdn')).body.data[0].observedSince).toBe('2026-03-09')
    expect((await v1('/uptime?days=90&service=cdn&format=compact')).body.data[0].observedSince).toBe('2026-03-01')
    expect(cdn.uptimePercent).toBe(100)
  })

  it('is never behind a write, and at most a minute behind the clock', async () => {
    vi.setSystemTime(NOW)
    const before = (await v1('/uptime?days=1&service=cdn')).body.data[0]
    expect(before.days[0].seconds.major).toBe(0)
    await setStatusAt(ids.cdn, 'major', new Date(NOW.getTime() + 10_000))
    vi.setSystemTime(new Date(NOW.getTime() + 20_000))
    const after = (await v1('/uptime?days=1&service=cdn')).body.data[0]
    expect(after.days[0].seconds.major).toBe(10)
    // Later in the same minute: the same answer (computed once per minute and data version).
    vi.setSystemTime(new Date(NOW.getTime() + 50_000))
    const sameMinute = await v1('/uptime?days=1&service=cdn')
    expect(sameMinute.body.data[0].days[0].seconds.major).toBe(10)
    expect(sameMinute.headers.get('x-statuspage-expires')).toBe(String(NOW.getTime() + M))
    vi.setSystemTime(new Date(NOW.getTime() + M + 20_000))
    expect((await v1('/uptime?days=1&service=cdn')).body.data[0].days[0].seconds.major).toBe(70)
    await setStatusAt(ids.cdn, 'operational', new Date(NOW.getTime() + 2 * M))
    vi.setSystemTime(NOW)
  })

  it('expires at the next UTC day when nothing in the window moves with the clock', async () => {
    vi.setSystemTime(new Date(NOW.getTime() + 3 * M))
    const response = await v1('/uptime?days=1&service=api')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-statuspage-expires')).toBe(String(Date.parse('2026-03-11T00:00:00.000Z')))
    vi.setSystemTime(NOW)
  })

  it('refuses bad days with a 400 problem naming the parameter, and an unknown service with a 404', async () => {
    vi.setSystemTime(NOW)
    for (const days of ['0', '91', 'abc', '1.5', '-3', '']) {
      const response = await v1(`/uptime?days=${days}`)
      expect(response.status, days).toBe(400)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      expect(response.body['invalid-params']).toEqual([{ name: 'days', reason: 'must be a whole number from 1 to 90' }])
    }
    const unknown = await v1('/uptime?service=no-such-service')
    expect(unknown.status).toBe(404)
    expect(unknown.body.detail).toBe('No service was found with the slug no-such-service.')
    const malformed = await v1('/uptime?service=Not%20A%20Slug')
    expect(malformed.status).toBe(400)
    expect(malformed.body['invalid-params'][0].name).toBe('service')
    expect((await v1('/uptime?days=1&days=2')).status).toBe(200)
  })

  it('pages the services, 50 by default, with Link and X-Total-Count', async () => {
    vi.setSystemTime(NOW)
    const all = await v1('/uptime?days=1')
    expect(all.headers.get('x-total-count')).toBe('3')
    expect(all.headers.get('link')).toBe(
      `<${BASE}/api/v1/uptime?days=1&page=1&limit=50>; rel="first", <${BASE}/api/v1/uptime?days=1&page=1&limit=50>; rel="last"`,
    )
    const first = await v1('/uptime?days=1&limit=2')
    expect(first.body.data.map((s: any) => s.slug)).toEqual(['api', 'late'])
    expect(first.headers.get('x-total-count')).toBe('3')
    expect(first.headers.get('link')).toBe(
      `<${BASE}/api/v1/uptime?days=1&limit=2&page=1>; rel="first", <${BASE}/api/v1/uptime?days=1&limit=2&page=2>; rel="next", <${BASE}/api/v1/uptime?days=1&limit=2&page=2>; rel="last"`,
    )
    const second = await v1('/uptime?days=1&limit=2&page=2')
    expect(second.body.data.map((s: any) => s.slug)).toEqual(['cdn'])
    expect(second.headers.get('link')).toContain('rel="prev"')
    const beyond = await v1('/uptime?days=1&limit=2&page=5')
    expect(beyond.status).toBe(200)
    expect(beyond.body.data).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe('3')
  })

  it('filters by one or several services and by group, the total counting what matched', async () => {
    vi.setSystemTime(NOW)
    const two = await v1('/uptime?days=1&service=cdn,api')
    expect(two.body.data.map((s: any) => s.slug)).toEqual(['api', 'cdn'])
    expect(two.headers.get('x-total-count')).toBe('2')
    const repeated = await v1('/uptime?days=1&service=cdn&service=late')
    expect(repeated.body.data.map((s: any) => s.slug)).toEqual(['late', 'cdn'])
    const core = await v1('/uptime?days=1&group=core')
    expect(core.body.data.map((s: any) => s.slug)).toEqual(['api', 'late'])
    expect(core.headers.get('x-total-count')).toBe('2')
    expect((await v1('/uptime?days=1&group=core&service=cdn,api')).body.data.map((s: any) => s.slug)).toEqual(['api'])
    const none = await v1('/uptime?days=1&group=no-such-group')
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
    const missing = await v1('/uptime?service=api,nope,gone')
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBe('No service was found with the slugs nope, gone.')
  })

  it('gives the same days in the compact format', async () => {
    vi.setSystemTime(NOW)
    const [full, compact] = await Promise.all([
      v1('/uptime?days=3&service=api,late'),
      v1('/uptime?days=3&service=api,late&format=compact'),
    ])
    expect(compact.status, compact.text).toBe(200)
    const api = compact.body.data[0]
    expect(api).toEqual({
      slug: 'api',
      name: 'API',
      group: { slug: 'core', name: 'Core' },
      uptimePercent: full.body.data[0].uptimePercent,
      observedSince: '2026-03-08',
      firstDate: '2026-03-08',
      worst: 'oxo',
      uptime: { 1: 95.4167 },
      incidents: [
        [shortIds.first, 0, 1],
        [shortIds.open, 2, 2],
      ],
    })
    expect(compact.body.data[1]).toMatchObject({ slug: 'late', worst: 'nnp', uptime: { 2: 70 }, incidents: [] })
    expect(compact.text.length).toBeLessThan(full.text.length / 2)
  })

  it('refuses a bad page, limit, format, group or service list with a 400 problem naming each parameter', async () => {
    vi.setSystemTime(NOW)
    const cases: [string, string, string][] = [
      ['page=0', 'page', 'must be a whole number from 1'],
      ['limit=0', 'limit', 'must be a whole number from 1 to 1000'],
      ['limit=1001', 'limit', 'must be a whole number from 1 to 1000'],
      ['limit=x', 'limit', 'must be a whole number from 1 to 1000'],
      ['format=tiny', 'format', 'must be full or compact'],
      ['group=Not%20A%20Slug', 'group', 'must be a group slug (lower-case letters, digits and hyphens)'],
      [
        'service=api,,cdn',
        'service',
        'must be service slugs (lower-case letters, digits and hyphens, at most 200 characters), separated by commas',
      ],
      [
        'service=api&service=BAD',
        'service',
        'must be service slugs (lower-case letters, digits and hyphens, at most 200 characters), separated by commas',
      ],
      [
        `service=${Array.from({ length: 101 }, (_, i) => `s${i}`).join(',')}`,
        'service',
        'must name at most 100 services',
      ],
    ]
    for (const [query, name, reason] of cases) {
      const response = await v1(`/uptime?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      expect(response.body['invalid-params'], query).toEqual([{ name, reason }])
    }
    const several = await v1('/uptime?page=-1&format=x')
    expect(several.body['invalid-params'].map((p: any) => p.name).sort()).toEqual(['format', 'page'])
  })

  it('answers 304 to its ETag', async () => {
    vi.setSystemTime(NOW)
    const first = await v1('/uptime?days=7')
    const again = await v1('/uptime?days=7', { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })
})

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

async function page(route: SiteRoute, pathname: string, params: Record<string, string> = {}) {
  const response = await route.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve(params) })
  return { status: response.status, text: await response.text(), expires: response.headers.get('x-statuspage-expires') }
}

describe('the uptime bars on the pages', () => {
  it('/ shows 90 bars per service, each telling its date, uptime, time in each status and incidents', async () => {
    vi.setSystemTime(NOW)
    const home = await page(homeRoute, '/')
    expect(home.status).toBe(200)
    const lists = [...home.text.matchAll(/<ol class="bars" aria-label="([^"]+)">(.*?)<\/ol>/g)]
    expect(lists.map((m) => m[1])).toEqual([
      'API: uptime per day, oldest first',
      'Late: uptime per day, oldest first',
      'CDN: uptime per day, oldest first',
    ])
    // One tab stop per service: today's bar (the page's script moves it with the arrow keys); the other days' links
    // are no tab stops either.
    for (const [, , bars] of lists) {
      expect(bars.match(/<li /g)).toHaveLength(90)
      expect(bars.match(/tabindex=0/g)).toHaveLength(1)
      expect(bars.split('<li ').at(-1)).toMatch(/^tabindex=0 class=/)
    }
    const api = lists[0][2]
    expect(api).toContain(
      `<li class=x><i>9 Mar 2026: 95.41%; major outage 30 min, partial outage 2 h, degraded 1 h, maintenance 3 h; incidents: <a tabindex=-1 href="/i/${shortIds.first}">Slow &lt;requests&gt;</a></i>`,
    )
    expect(api).toContain(
      `<li tabindex=0 class=o><i>10 Mar 2026: 100%; incidents: <a href="/i/${shortIds.open}">Edge errors</a></i>`,
    )
    expect(api).toContain('<li class=n><i>11 Dec 2025: no data</i>')
    expect(home.text).toContain('<a href="/s/api">API</a>')
    expect(home.expires).toBe(String(NOW.getTime() + M))
  })

  it('/s/<slug> shows the service, its bars and its incidents; an unknown slug is the 404 page', async () => {
    vi.setSystemTime(NOW)
    const service = await page(serviceRoute, '/s/late', { slug: 'late' })
    expect(service.status).toBe(200)
    expect(service.text).toContain('<h1 id="title">Late</h1>')
    expect(service.text).toContain('Partial outage')
    expect(service.text).toContain('<li tabindex=0 class=p><i>10 Mar 2026: 70%; partial outage 6 h</i>')
    // Late is 6 hours old: its uptime is over what was observed, and says so; the days before it existed are grey.
    expect(service.text).toContain('70% uptime since 10 Mar')
    expect(service.text).not.toContain('uptime over 90 days')
    expect(service.text).toContain('<li class=n><i>9 Mar 2026: no data</i>')
    const api = await page(serviceRoute, '/s/api', { slug: 'api' })
    expect(api.text).toContain(`href="/i/${shortIds.open}"`)
    const missing = await page(serviceRoute, '/s/nope', { slug: 'nope' })
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('No service was found at this address.')
  })
})

describe('a day with many incidents', () => {
  it('names five of them in the bar and counts the rest', async () => {
    const p = await payload()
    vi.setSystemTime(t('2026-03-07T00:00:00.000Z'))
    const group = await p.create({
      collection: 'service-groups',
      data: { name: 'Flaps', displayOrder: 9 },
      overrideAccess: true,
    })
    const flappy = await createServiceAt(t('2026-03-07T00:00:00.000Z'), { name: 'Flappy', group: group.id })
    const shortIdsOfDay: string[] = []
    for (let n = 0; n < 7; n++) {
      const at = t(`2026-03-07T0${n}:00:00.000Z`)
      vi.setSystemTime(at)
      const updates = [
        { status: 'investigating', message: 'Down', createdAt: at.toISOString() },
        { status: 'resolved', message: 'Up', createdAt: new Date(at.getTime() + 10 * M).toISOString() },
      ]
      const created = await api('POST', '/incidents', {
        key: admin.key,
        body: { title: `Flap ${n}`, affectedServices: [flappy], updates },
      })
      expect(created.status, created.text).toBe(201)
      shortIdsOfDay.push(created.body.doc.shortId)
    }
    vi.setSystemTime(NOW)
    const service = await page(serviceRoute, '/s/flappy', { slug: 'flappy' })
    const bar = service.text.match(/<li (?:tabindex=0 )?class=\w><i>7 Mar 2026: [^]*?<\/i>/)?.[0] ?? ''
    expect(bar).toContain('; incidents: ')
    expect(bar.match(/<a (?:tabindex=-1 )?href="\/i\//g)).toHaveLength(5)
    expect(bar).toContain(' and 2 more</i>')
    expect(bar).toContain(`href="/i/${shortIdsOfDay[0]}"`)
  })
})

describe('the demo reset', () => {
  it('seeds 90 days of history: every service observed over the window, some days with partial or major time', async () => {
    vi.setSystemTime(NOW)
    await resetDemo(await payload(), demoConfig(), NOW)
    const response = await v1('/uptime')
    expect(response.status).toBe(200)
    expect(response.body.data).toHaveLength(6)
    const days = response.body.data.flatMap((s: any) => s.days)
    expect(days.filter((d: any) => d.uptimePercent === null).length).toBeLessThanOrEqual(6)
    expect(days.filter((d: any) => d.seconds.partial > 0).length).toBeGreaterThan(1)
    expect(days.filter((d: any) => d.seconds.major > 0).length).toBeGreaterThan(1)
    expect(bySlug(response.body, 'webhooks').days[89].seconds.degraded).toBe(40 * 60)
    // No incidents beyond the contract's three.
    expect((await v1('/incidents')).body.data).toHaveLength(3)
  })
})
