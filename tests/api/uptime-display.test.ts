/**
 * A page's uptime and quiet-service choices (docs/pages.md, "Uptime and quiet services"): its window, its services
 * without bars, its groups and services shown only while not operational, and its shortest outage counted. Page B
 * (on status-b.test) chooses; the default page changes nothing and answers as before. The history is written at
 * chosen instants with a fake clock, and the figures are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import { PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'
import { createServiceAt, setStatusAt } from '../helpers/status-history'

const t = (iso: string) => new Date(iso)
const NOW = t('2026-03-10T12:00:00.000Z')
const onB = { [PUBLIC_ORIGIN_HEADER]: 'https://status-b.test' }
const onA = { [PUBLIC_ORIGIN_HEADER]: 'https://status-a.test' }

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }
async function site(route: SiteRoute, path: string, headers: Record<string, string>, params = {}) {
  const response = await route.GET(new Request(new URL(path, 'http://localhost:3000'), { headers }), {
    params: Promise.resolve(params),
  })
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    text: await response.text(),
  }
}

/** The bars of each service on a page, by name: how many days each shows. */
function barsOf(html: string): Record<string, number> {
  const found: Record<string, number> = {}
  for (const match of html.matchAll(/<ol class="bars" aria-label="([^:"]*): [^"]*">([\s\S]*?)<\/ol>/g))
    found[match[1]] = match[2].split('<li ').length - 1
  return found
}

let admin: TestUser
const ids: Record<string, number> = {}
let pageB = 0
let shortIncident = ''

async function patchPage(uptimeDisplay: Record<string, unknown>) {
  const response = await api('PATCH', `/pages/${pageB}`, { key: admin.key, body: { uptimeDisplay } })
  expect(response.status, response.text).toBe(200)
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  admin = await createUser('admin')
  const p = await payload()
  vi.setSystemTime(t('2026-01-01T00:00:00.000Z'))
  const core = (await p.create({ collection: 'service-groups', data: { name: 'Core', displayOrder: 1 } })).id
  const quiet = (await p.create({ collection: 'service-groups', data: { name: 'Batch', displayOrder: 2 } })).id
  const at = t('2026-01-01T00:00:00.000Z')
  ids.api = await createServiceAt(at, { name: 'API', group: core, displayOrder: 1 })
  ids.flaky = await createServiceAt(at, { name: 'Flaky', group: core, displayOrder: 2 })
  ids.hidden = await createServiceAt(at, { name: 'Internal', group: core, displayOrder: 3 })
  ids.quiet = await createServiceAt(at, { name: 'Legacy', group: core, displayOrder: 4 })
  ids.batch = await createServiceAt(at, { name: 'Reports', group: quiet, displayOrder: 1 })

  // 8 March: Flaky degraded 2 minutes. 9 March: major 5 minutes (01:00), then major 30 minutes (03:00).
  await setStatusAt(ids.flaky, 'degraded', t('2026-03-08T10:00:00.000Z'))
  await setStatusAt(ids.flaky, 'operational', t('2026-03-08T10:02:00.000Z'))
  await setStatusAt(ids.flaky, 'major', t('2026-03-09T01:00:00.000Z'))
  await setStatusAt(ids.flaky, 'operational', t('2026-03-09T01:05:00.000Z'))
  await setStatusAt(ids.flaky, 'major', t('2026-03-09T03:00:00.000Z'))
  await setStatusAt(ids.flaky, 'operational', t('2026-03-09T03:30:00.000Z'))

  // A 3-minute incident on Flaky on 8 March.
  vi.setSystemTime(t('2026-03-08T10:00:00.000Z'))
  const opened = await api('POST', '/incidents', {
    key: admin.key,
    body: { title: 'Blip', affectedServices: [ids.flaky], updates: [{ status: 'investigating', message: 'Looking' }] },
  })
  expect(opened.status, opened.text).toBe(201)
  vi.setSystemTime(t('2026-03-08T10:03:00.000Z'))
  const resolved = await api('PATCH', `/incidents/${opened.body.doc.id}`, {
    key: admin.key,
    body: {
      updates: [
        { status: 'investigating', message: 'Looking', createdAt: '2026-03-08T10:00:00.000Z' },
        { status: 'resolved', message: 'Gone', createdAt: '2026-03-08T10:03:00.000Z' },
      ],
    },
  })
  expect(resolved.status, resolved.text).toBe(200)
  shortIncident = opened.body.doc.shortId

  vi.setSystemTime(NOW)
  const created = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name: 'B status',
      slug: 'b',
      hosts: [{ host: 'status-b.test' }],
      sections: [{ group: core }, { group: quiet }],
      uptimeDisplay: {
        days: '30',
        minIncidentMinutes: 10,
        withoutUptime: [ids.hidden],
        onlyWhenNotOperational: [
          { relationTo: 'services', value: ids.quiet },
          { relationTo: 'service-groups', value: quiet },
        ],
      },
    },
  })
  expect(created.status, created.text).toBe(201)
  pageB = created.body.doc.id
})

afterAll(() => {
  vi.useRealTimers()
})

const flakyOf = (body: { data: { slug: string }[] }) => body.data.find((s) => s.slug === 'flaky') as any

describe("a page's uptime window", () => {
  it('gives the page its window in /api/v1/uptime (the default and the longest) and in its bars', async () => {
    vi.setSystemTime(NOW)
    const b = flakyOf((await v1('/uptime?service=flaky', { headers: onB })).body)
    expect(b.days).toHaveLength(30)
    expect(b.days[0].date).toBe('2026-02-09')
    const refused = await v1('/uptime?days=31', { headers: onB })
    expect(refused.status).toBe(400)
    expect(refused.body['invalid-params']).toEqual([{ name: 'days', reason: 'must be a whole number from 1 to 30' }])
    // The default page chose nothing: 90 days, as always.
    expect(flakyOf((await v1('/uptime?service=flaky', { headers: onA })).body).days).toHaveLength(90)
    expect((await v1('/uptime?days=91', { headers: onA })).status).toBe(400)

    const home = await site(homeRoute, '/', onB)
    expect(barsOf(home.text).API).toBe(30)
    // Its phone rule shows the newest 30 of 30, in a stylesheet its policy allows.
    expect(home.text).toContain('<style>@media (max-width:480px)')
    expect(barsOf((await site(homeRoute, '/', onA)).text).API).toBe(90)
    expect((await site(homeRoute, '/', onA)).text).not.toContain('<style>@media')
  })

  it('follows a change of the window at once: 365 days', async () => {
    vi.setSystemTime(NOW)
    await patchPage({ days: '365' })
    try {
      const b = flakyOf((await v1('/uptime?service=flaky', { headers: onB })).body)
      expect(b.days).toHaveLength(365)
      expect(b.days[0].date).toBe('2025-03-11')
      // Observed from 1 January: 68 days and 12 hours (31 + 28 + 9, and today), of which 9 March had 30 minutes of major outage (the 5 minutes are too short).
      expect(b.observedSince).toBe('2026-01-01')
      expect(b.uptimePercent).toBe(Math.round(100 * (1 - 1800 / (68 * 86400 + 43200)) * 10_000) / 10_000)
      expect(barsOf((await site(homeRoute, '/', onB)).text).API).toBe(365)
    } finally {
      await patchPage({ days: '30' })
    }
    expect(flakyOf((await v1('/uptime?service=flaky', { headers: onB })).body).days).toHaveLength(30)
  })
})

describe('the shortest outage counted', () => {
  it('leaves shorter outages out of the percentage, the colour of the bar and the incidents of the day', async () => {
    vi.setSystemTime(NOW)
    const a = flakyOf((await v1('/uptime?days=3&service=flaky', { headers: onA })).body)
    const b = flakyOf((await v1('/uptime?days=3&service=flaky', { headers: onB })).body)
    // The default page counts every outage: 35 minutes of major on 9 March, 2 minutes of degraded on 8 March.
    expect(a.days[1].seconds).toEqual({ degraded: 0, partial: 0, major: 2100, maintenance: 0 })
    expect(a.days[1].uptimePercent).toBe(97.5694)
    expect(a.days[0].seconds.degraded).toBe(120)
    expect(a.days[0].incidents).toEqual([{ shortId: shortIncident, title: 'Blip' }])
    // Page B counts only outages of 10 minutes or more: the 30 minutes; nothing on 8 March.
    expect(b.days[1].seconds).toEqual({ degraded: 0, partial: 0, major: 1800, maintenance: 0 })
    expect(b.days[1].uptimePercent).toBe(97.9167)
    expect(b.days[0].seconds.degraded).toBe(0)
    expect(b.days[0].incidents).toEqual([])
    // The colour of the bars: 8 March degraded on A, operational on B; 9 March major on both.
    const compactA = flakyOf((await v1('/uptime?days=3&service=flaky&format=compact', { headers: onA })).body)
    const compactB = flakyOf((await v1('/uptime?days=3&service=flaky&format=compact', { headers: onB })).body)
    expect(compactA.worst).toBe('dxo')
    expect(compactB.worst).toBe('oxo')
  })

  it('counts an outage still going on once it has lasted the minimum, from its start', async () => {
    await setStatusAt(ids.api, 'major', t('2026-03-10T12:00:00.000Z'))
    try {
      vi.setSystemTime(t('2026-03-10T12:05:00.000Z'))
      const early = flakyOrApi((await v1('/uptime?days=1&service=api', { headers: onB })).body)
      expect(early.days[0].seconds.major).toBe(0)
      vi.setSystemTime(t('2026-03-10T12:12:00.000Z'))
      const later = flakyOrApi((await v1('/uptime?days=1&service=api', { headers: onB })).body)
      expect(later.days[0].seconds.major).toBe(12 * 60)
    } finally {
      await setStatusAt(ids.api, 'operational', t('2026-03-10T12:13:00.000Z'))
      vi.setSystemTime(NOW)
    }
  })
})

const flakyOrApi = (body: { data: any[] }) => body.data[0]

describe('services without uptime bars', () => {
  it('shows them without bars or percentage on the page, and says showcase: false in /api/v2', async () => {
    vi.setSystemTime(NOW)
    const home = await site(homeRoute, '/', onB)
    expect(home.text).toContain('Internal')
    expect(Object.keys(barsOf(home.text))).toEqual(['API', 'Flaky'])
    const service = await site(serviceRoute, '/s/internal', onB, { slug: 'internal' })
    expect(service.status).toBe(200)
    expect(service.text).not.toContain('class="bars"')
    expect(barsOf((await site(serviceRoute, '/s/internal', onA, { slug: 'internal' })).text).Internal).toBe(90)
    const componentsB = (await v2('/components.json', onB)).body.components
    expect(componentsB.find((c: any) => c.name === 'Internal').showcase).toBe(false)
    expect(componentsB.find((c: any) => c.name === 'API').showcase).toBe(true)
    const componentsA = (await v2('/components.json', onA)).body.components
    expect(componentsA.filter((c: any) => !c.group).every((c: any) => c.showcase)).toBe(true)
  })
})

describe('groups and services shown only while not operational', () => {
  const names = (body: any) => body.data.serviceGroups.map((g: any) => [g.name, g.services.map((s: any) => s.name)])

  it('leaves them out of the page and /api/v1/status while operational, and shows them once they are not', async () => {
    vi.setSystemTime(NOW)
    expect(names((await v1('/status', { headers: onB })).body)).toEqual([['Core', ['API', 'Flaky', 'Internal']]])
    const home = await site(homeRoute, '/', onB)
    expect(home.text).not.toContain('Legacy')
    expect(home.text).not.toContain('Batch')
    expect(names((await v1('/status', { headers: onA })).body)).toEqual([
      ['Core', ['API', 'Flaky', 'Internal', 'Legacy']],
      ['Batch', ['Reports']],
    ])

    await setStatusAt(ids.quiet, 'degraded', t('2026-03-10T12:00:10.000Z'))
    await setStatusAt(ids.batch, 'partial', t('2026-03-10T12:00:20.000Z'))
    try {
      vi.setSystemTime(t('2026-03-10T12:00:30.000Z'))
      expect(names((await v1('/status', { headers: onB })).body)).toEqual([
        ['Core', ['API', 'Flaky', 'Internal', 'Legacy']],
        ['Batch', ['Reports']],
      ])
      const shown = await site(homeRoute, '/', onB)
      expect(shown.text).toContain('Legacy')
      expect(shown.text).toContain('Batch')
    } finally {
      await setStatusAt(ids.quiet, 'operational', t('2026-03-10T12:00:40.000Z'))
      await setStatusAt(ids.batch, 'operational', t('2026-03-10T12:00:50.000Z'))
      vi.setSystemTime(NOW)
    }
  })

  it('keeps them in /api/v2 with only_show_if_degraded: true, as Statuspage does', async () => {
    vi.setSystemTime(NOW)
    const components = (await v2('/components.json', onB)).body.components
    const flag = (name: string) => components.find((c: any) => c.name === name)?.only_show_if_degraded
    expect(flag('Legacy')).toBe(true)
    expect(flag('Batch')).toBe(true)
    expect(flag('Reports')).toBe(false)
    expect(flag('API')).toBe(false)
    const onDefault = (await v2('/components.json', onA)).body.components
    expect(onDefault.every((c: any) => c.only_show_if_degraded === false)).toBe(true)
  })
})
