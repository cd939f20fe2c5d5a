/**
 * The public pages as a visitor reads them ("A page that tells the truth at a glance"): the route handlers
 * called with real Requests, on both databases, with an injected clock (fake Date).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as historyRoute from '@/app/(site)/history/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as homeRoute from '@/app/(site)/route'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { createServiceAt, setStatusAt } from '../helpers/status-history'

const t = (iso: string) => new Date(iso)
const NOW = t('2026-11-26T12:00:00.000Z')
const ids: Record<string, number> = {}
let admin: TestUser

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

async function page(route: SiteRoute, path: string, params: Record<string, string> = {}) {
  const response = await route.GET(new Request(new URL(path, 'http://localhost:3000')), {
    params: Promise.resolve(params),
  })
  return { status: response.status, text: await response.text() }
}

const banner = (text: string) => /<h1 id="overall">([^<]*)<\/h1>/.exec(text)?.[1]
const title = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1]

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  admin = await createUser('admin')
  const p = await payload()
  vi.setSystemTime(t('2026-08-01T00:00:00.000Z'))
  const core = await p.create({
    collection: 'service-groups',
    data: { name: 'Core', displayOrder: 1 },
    overrideAccess: true,
  })
  ids.core = core.id
  ids.payments = await createServiceAt(t('2026-08-01T00:00:00.000Z'), {
    name: 'Payments',
    group: core.id,
    displayOrder: 1,
  })
  ids.website = await createServiceAt(t('2026-08-01T00:00:00.000Z'), {
    name: 'Website',
    group: core.id,
    displayOrder: 2,
  })
  ids.search = await createServiceAt(t('2026-08-01T00:00:00.000Z'), { name: 'Search', group: core.id, displayOrder: 3 })
  vi.setSystemTime(NOW)
})

afterAll(() => {
  vi.useRealTimers()
})

describe('the banner', () => {
  it('names the one service that is broken, and counts several with their worst status; the API keeps its overall status', async () => {
    vi.setSystemTime(NOW)
    let home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('All systems operational')

    await setStatusAt(ids.payments, 'major', t('2026-11-26T12:01:00.000Z'))
    home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('Payments: major outage')
    expect(title(home.text)).toBe('Payments: major outage · Status')
    expect((await v1('/status')).body.data.status).toBe('major')

    await setStatusAt(ids.payments, 'partial', t('2026-11-26T12:02:00.000Z'))
    await setStatusAt(ids.website, 'degraded', t('2026-11-26T12:02:00.000Z'))
    await setStatusAt(ids.search, 'partial', t('2026-11-26T12:02:00.000Z'))
    home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('3 services: partial outage')
    expect((await v1('/status')).body.data.status).toBe('partial')
  })

  it('keeps the page-wide words in maintenance mode, and shows the named line under an operator message', async () => {
    vi.setSystemTime(t('2026-11-26T12:03:00.000Z'))
    const p = await payload()
    await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: true }, overrideAccess: true })
    let home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('Maintenance in progress')
    await p.updateGlobal({
      slug: 'settings',
      data: { maintenanceMode: false, statusMessage: 'We are on it.' },
      overrideAccess: true,
    })
    home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('We are on it.')
    expect(home.text).toContain('<p class="sub">3 services: partial outage</p>')
    await p.updateGlobal({ slug: 'settings', data: { statusMessage: '' }, overrideAccess: true })
    for (const id of [ids.payments, ids.website, ids.search])
      await setStatusAt(id, 'operational', t('2026-11-26T12:04:00.000Z'))
  })
})

describe('the home page at a glance', () => {
  it('shows the services of a single group without a click; with several groups, an all-well group stays collapsed', async () => {
    vi.setSystemTime(t('2026-11-26T12:05:00.000Z'))
    let home = await page(homeRoute, '/')
    expect(home.text).toMatch(/<details class="group" data-name="core" open>/)
    const p = await payload()
    const edge = await p.create({
      collection: 'service-groups',
      data: { name: 'Edge', displayOrder: 2 },
      overrideAccess: true,
    })
    ids.cdn = await createServiceAt(t('2026-11-26T12:05:00.000Z'), { name: 'CDN', group: edge.id })
    home = await page(homeRoute, '/')
    expect(home.text).toMatch(/<details class="group" data-name="core">/)
    expect(home.text).toMatch(/<details class="group" data-name="edge">/)
    await p.delete({ collection: 'services', id: ids.cdn, overrideAccess: true })
    await p.delete({ collection: 'service-groups', id: edge.id, overrideAccess: true })
    home = await page(homeRoute, '/')
    expect(home.text).toMatch(/<details class="group" data-name="core" open>/)
  })

  it('says when an upcoming maintenance starts, and names the date of a same-day window once', async () => {
    vi.setSystemTime(t('2026-11-26T12:10:00.000Z'))
    const created = await api('POST', '/maintenances', {
      key: admin.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: '2026-11-26T12:12:00.000Z',
        scheduledEndAt: '2026-11-26T12:45:00.000Z',
        affectedServices: [ids.payments],
      },
    })
    expect(created.status, created.text).toBe(201)
    const home = await page(homeRoute, '/')
    expect(home.text).toContain('Starts in 2 minutes')
    expect(home.text).toContain(
      '<time datetime="2026-11-26T12:12:00.000Z">26 Nov 2026, 12:12 UTC</time> to <time datetime="2026-11-26T12:45:00.000Z" data-same-day="2026-11-26T12:12:00.000Z">12:45 UTC</time>',
    )
    // Across midnight, both dates.
    const night = await api('POST', '/maintenances', {
      key: admin.key,
      body: {
        title: 'Night work',
        scheduledStartAt: '2026-11-27T23:00:00.000Z',
        scheduledEndAt: '2026-11-28T01:00:00.000Z',
        affectedServices: [ids.website],
      },
    })
    expect(night.status, night.text).toBe(201)
    const later = await page(homeRoute, '/')
    expect(later.text).toContain(
      '<time datetime="2026-11-27T23:00:00.000Z">27 Nov 2026, 23:00 UTC</time> to <time datetime="2026-11-28T01:00:00.000Z">28 Nov 2026, 01:00 UTC</time>',
    )
    expect(later.text).toContain('Starts in 1 day 11 hours')
    const p = await payload()
    await p.delete({ collection: 'maintenances', id: created.body.doc.id, overrideAccess: true })
    await p.delete({ collection: 'maintenances', id: night.body.doc.id, overrideAccess: true })
  })

  it('hides the Subscribe button while no channel can send, and shows it once one can', async () => {
    vi.setSystemTime(t('2026-11-26T12:20:00.000Z'))
    const cta = /<a href="\/subscribe" class="cta"/
    let home = await page(homeRoute, '/')
    expect(home.text).not.toMatch(cta)
    expect(home.text).not.toContain('<a href="/subscribe">Subscribe</a>')
    const p = await payload()
    await p.updateGlobal({
      slug: 'email-settings',
      data: { host: 'smtp.example.test', from: 'status@example.test' },
      overrideAccess: true,
    })
    home = await page(homeRoute, '/')
    expect(home.text).toMatch(cta)
    expect(home.text).toContain('<a href="/subscribe">Subscribe</a>')
    await p.updateGlobal({ slug: 'email-settings', data: { host: '', from: '' }, overrideAccess: true })
  })
})

describe('the incident page', () => {
  it('shows under each update the service statuses it set', async () => {
    vi.setSystemTime(t('2026-11-26T12:30:00.000Z'))
    const body = {
      title: 'Card payments fail',
      affectedServices: [ids.payments, ids.website],
      updates: [
        {
          status: 'investigating',
          message: 'Looking.',
          createdAt: '2026-11-26T12:30:00.000Z',
          serviceStatuses: [{ service: ids.payments, status: 'partial' }],
        },
      ],
    }
    const created = await api('POST', '/incidents', { key: admin.key, body })
    expect(created.status, created.text).toBe(201)
    vi.setSystemTime(t('2026-11-26T12:40:00.000Z'))
    const updated = await api('PATCH', `/incidents/${created.body.doc.id}`, {
      key: admin.key,
      body: {
        updates: [
          ...body.updates,
          {
            status: 'identified',
            message: 'Found it.',
            createdAt: '2026-11-26T12:40:00.000Z',
            serviceStatuses: [
              { service: ids.payments, status: 'major' },
              { service: ids.website, status: 'degraded' },
            ],
          },
          { status: 'monitoring', message: 'Watching.', createdAt: '2026-11-26T12:41:00.000Z' },
        ],
      },
    })
    expect(updated.status, updated.text).toBe(200)
    const shortId = created.body.doc.shortId
    const detail = await page(incidentRoute, `/i/${shortId}`, { shortId })
    expect(detail.status).toBe(200)
    const items = [...detail.text.matchAll(/<li><div>(.*?)<\/li>/gs)].map((m) => m[1].replace(/<[^>]+>/g, ''))
    expect(items).toHaveLength(3)
    expect(items[0]).not.toContain('Set ')
    expect(items[1]).toContain('Set Payments to major outage, Website to degraded performance.')
    expect(items[2]).toContain('Set Payments to partial outage.')
  })
})

describe('/history', () => {
  it('groups incidents and maintenances by month and day, lists a maintenance completed today, and filters by service', async () => {
    vi.setSystemTime(t('2026-10-15T09:00:00.000Z'))
    const october = await api('POST', '/incidents', {
      key: admin.key,
      body: {
        title: 'Search is slow',
        affectedServices: [ids.search],
        updates: [
          { status: 'investigating', message: 'Slow.' },
          { status: 'resolved', message: 'Fast again.' },
        ],
      },
    })
    expect(october.status, october.text).toBe(201)
    vi.setSystemTime(t('2026-11-26T07:00:00.000Z'))
    const maintenance = await api('POST', '/maintenances', {
      key: admin.key,
      body: {
        title: 'Payments failover drill',
        scheduledStartAt: '2026-11-26T08:00:00.000Z',
        scheduledEndAt: '2026-11-26T09:00:00.000Z',
        affectedServices: [ids.payments],
      },
    })
    expect(maintenance.status, maintenance.text).toBe(201)
    vi.setSystemTime(t('2026-11-26T13:00:00.000Z'))
    const completed = await api('PATCH', `/maintenances/${maintenance.body.doc.id}`, {
      key: admin.key,
      body: { status: 'completed' },
    })
    expect(completed.status, completed.text).toBe(200)

    const all = await page(historyRoute, '/history')
    expect(all.status).toBe(200)
    const text = all.text.replace(/\n/g, '')
    expect(text).toMatch(
      /<h2 id="month-0">November 2026<\/h2><h3 class="history-day">Thursday 26 November<\/h3><ul class="plain">.*Card payments fail.*Payments failover drill.*<\/ul><\/section>/,
    )
    expect(text).toMatch(
      /<h2 id="month-1">October 2026<\/h2><h3 class="history-day">Thursday 15 October<\/h3><ul class="plain">.*Search is slow.*<\/ul><\/section>/,
    )
    expect(text).toContain('<option value="search">Search</option>')

    const search = await page(historyRoute, '/history?service=search')
    expect(search.status).toBe(200)
    expect(search.text).toContain('<h1>History of Search</h1>')
    expect(search.text).toContain('Search is slow')
    expect(search.text).not.toContain('Card payments fail')
    expect(search.text).not.toContain('Payments failover drill')
    expect(search.text).toContain('<option value="search" selected>Search</option>')
    const payments = await page(historyRoute, '/history?service=payments')
    expect(payments.text).toContain('Payments failover drill')
    expect(payments.text).not.toContain('Search is slow')
    const website = await page(historyRoute, '/history?service=website')
    expect(website.text).toContain('Card payments fail')
    expect(website.text).not.toContain('Payments failover drill')

    const unknown = await page(historyRoute, '/history?service=nope')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('No service was found at this address.')
  })
})
