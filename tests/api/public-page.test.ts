/**
 * The public pages as a visitor reads them (issue 27, "A page that tells the truth at a glance"): the route handlers
 * called with real Requests, on both databases, with an injected clock (fake Date).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as homeRoute from '../../src/app/(site)/route'
import { payload } from '../helpers/api'
import { v1 } from '../helpers/public-api'
import { createServiceAt, setStatusAt } from '../helpers/status-history'

const t = (iso: string) => new Date(iso)
const NOW = t('2026-11-26T12:00:00.000Z')
const ids: Record<string, number> = {}

type SiteRoute = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

async function page(route: SiteRoute, path: string, params: Record<string, string> = {}) {
  const response = await route.GET(new Request(new URL(path, 'http://localhost:3000')), { params: Promise.resolve(params) })
  return { status: response.status, text: await response.text() }
}

const banner = (text: string) => /<h1 id="overall">([^<]*)<\/h1>/.exec(text)?.[1]
const title = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1]

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const p = await payload()
  vi.setSystemTime(t('2026-08-01T00:00:00.000Z'))
  const core = await p.create({ collection: 'service-groups', data: { name: 'Core', displayOrder: 1 }, overrideAccess: true })
  ids.core = core.id
  ids.payments = await createServiceAt(t('2026-08-01T00:00:00.000Z'), { name: 'Payments', group: core.id, displayOrder: 1 })
  ids.website = await createServiceAt(t('2026-08-01T00:00:00.000Z'), { name: 'Website', group: core.id, displayOrder: 2 })
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
    await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: false, statusMessage: 'We are on it.' }, overrideAccess: true })
    home = await page(homeRoute, '/')
    expect(banner(home.text)).toBe('We are on it.')
    expect(home.text).toContain('<p class="sub">3 services: partial outage</p>')
    await p.updateGlobal({ slug: 'settings', data: { statusMessage: '' }, overrideAccess: true })
    for (const id of [ids.payments, ids.website, ids.search]) await setStatusAt(id, 'operational', t('2026-11-26T12:04:00.000Z'))
  })
})
