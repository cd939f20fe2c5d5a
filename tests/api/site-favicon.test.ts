/**
 * Every public page, not only `/`, links the default favicon in the overall status's colour (a background tab shows
 * trouble whichever page it holds), and `/favicon.ico` is drawn in that colour too; an uploaded favicon replaces
 * both. Called through the site's route handlers with real Requests. (The response cache in front of them is
 * invalidated by every write; tests/e2e/site.test.ts checks the cached pages follow.)
 */
import { beforeAll, describe, expect, it } from 'vitest'

import * as homeRoute from '@/app/(site)/route'
import * as unknownRoute from '@/app/(site)/[...unknown]/route'
import * as historyRoute from '@/app/(site)/history/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as maintenanceRoute from '@/app/(site)/m/[shortId]/route'
import * as subscribeRoute from '@/app/(site)/subscribe/route'
import * as verifyRoute from '@/app/(site)/verify/[token]/route'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'

type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }

let admin: TestUser
let serviceId: number
const pages: { name: string; route: Route; path: string; params: Record<string, unknown>; status: number }[] = []

async function get(route: Route, pathname: string, params: Record<string, unknown>) {
  const response = await route.GET(new Request(new URL(pathname, BASE)), { params: Promise.resolve(params) })
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() }
}

/** The `<link rel="icon">` of a page: its href and type. */
function iconOf(html: string): { href: string; type: string | null } {
  const links = [...html.matchAll(/<link rel="icon"([^>]*)>/g)]
  expect(links, 'one icon link').toHaveLength(1)
  const attrs = links[0][1]
  return { href: /href="([^"]*)"/.exec(attrs)?.[1] ?? '', type: /type="([^"]*)"/.exec(attrs)?.[1] ?? null }
}

async function setStatus(status: string) {
  const changed = await api('PATCH', `/services/${serviceId}`, { key: admin.key, body: { status } })
  expect(changed.status, changed.text).toBe(200)
}

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  expect(group.status, group.text).toBe(201)
  const service = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'API', group: group.body.doc.id, status: 'operational' },
  })
  expect(service.status, service.text).toBe(201)
  serviceId = service.body.doc.id
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: {
      title: 'Slow API',
      affectedServices: [serviceId],
      updates: [{ status: 'investigating', message: 'Looking' }],
    },
  })
  expect(incident.status, incident.text).toBe(201)
  const start = new Date(Date.now() + 86_400_000)
  const maintenance = await api('POST', '/maintenances', {
    key: admin.key,
    body: {
      title: 'Database upgrade',
      scheduledStartAt: start.toISOString(),
      scheduledEndAt: new Date(start.getTime() + 3_600_000).toISOString(),
      affectedServices: [serviceId],
    },
  })
  expect(maintenance.status, maintenance.text).toBe(201)
  const i = incident.body.doc.shortId as string
  const m = maintenance.body.doc.shortId as string
  pages.push(
    { name: 'home', route: homeRoute, path: '/', params: {}, status: 200 },
    { name: 'history', route: historyRoute, path: '/history', params: {}, status: 200 },
    { name: 'incident', route: incidentRoute, path: `/i/${i}`, params: { shortId: i }, status: 200 },
    { name: 'maintenance', route: maintenanceRoute, path: `/m/${m}`, params: { shortId: m }, status: 200 },
    { name: 'subscribe', route: subscribeRoute, path: '/subscribe', params: {}, status: 200 },
    { name: 'unknown incident', route: incidentRoute, path: '/i/nope', params: { shortId: 'nope' }, status: 404 },
    {
      name: 'unknown path',
      route: unknownRoute,
      path: '/no/such/page',
      params: { unknown: ['no', 'such', 'page'] },
      status: 404,
    },
    {
      name: 'confirmation link',
      route: verifyRoute,
      path: '/verify/not-a-token',
      params: { token: 'not-a-token' },
      status: 404,
    },
  )
})

describe('the favicon of the public pages', () => {
  it('is the default favicon in the overall status colour on every page, and follows the status when it changes', async () => {
    for (const status of ['major', 'degraded', 'operational'] as const) {
      await setStatus(status)
      for (const page of pages) {
        const response = await get(page.route, page.path, page.params)
        expect(response.status, page.name).toBe(page.status)
        expect(iconOf(response.text), `${page.name} while ${status}`).toEqual({
          href: `/favicon.svg?status=${status}`,
          type: 'image/svg+xml',
        })
      }
    }
  })

  it('the maintenance-mode switch colours every page like `/` does', async () => {
    await setStatus('operational')
    const p = await payload()
    await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: true } })
    try {
      for (const page of pages)
        expect(iconOf((await get(page.route, page.path, page.params)).text).href, page.name).toBe(
          '/favicon.svg?status=maintenance',
        )
    } finally {
      await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: false } })
    }
  })

  it('/favicon.ico is the default favicon in the overall status colour', async () => {
    await setStatus('major')
    const major = await get(unknownRoute, '/favicon.ico', { unknown: ['favicon.ico'] })
    expect(major.status).toBe(200)
    expect(major.type).toBe('image/svg+xml')
    expect(major.text).toContain('#c4231c')
    await setStatus('operational')
    expect((await get(unknownRoute, '/favicon.ico', { unknown: ['favicon.ico'] })).text).toContain('#1a7f42')
  })

  it('is the uploaded favicon on every page once one is chosen in Settings', async () => {
    const p = await payload()
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    )
    const icon = await p.create({
      collection: 'media',
      data: { alt: '' },
      file: { data: png, mimetype: 'image/png', name: 'icon.png', size: png.length },
    })
    await p.updateGlobal({ slug: 'settings', data: { favicon: icon.id } })
    try {
      await setStatus('major')
      for (const page of pages)
        expect(iconOf((await get(page.route, page.path, page.params)).text), page.name).toEqual({
          href: icon.url,
          type: 'image/png',
        })
    } finally {
      await p.updateGlobal({ slug: 'settings', data: { favicon: null } })
    }
  })
})
