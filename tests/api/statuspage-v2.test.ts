/**
 * /api/v2: Atlassian Statuspage's public API, served from our model (docs/api.md "/api/v2"). Every response is
 * checked against the served /api/v2/openapi.json (tests/helpers/statuspage-api.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, payload, type TestUser } from '../helpers/api'
import { V2_ROUTES, v2 } from '../helpers/statuspage-api'

let admin: TestUser
const ids: Record<string, number> = {}
const docs: Record<string, { shortId: string }> = {}

async function create(collection: string, body: Record<string, unknown>) {
  const response = await api('POST', `/${collection}`, { key: admin.key, body })
  expect(response.status, response.text).toBe(201)
  return response.body.doc
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString()

beforeAll(async () => {
  admin = await createUser('admin')
  await (
    await payload()
  ).updateGlobal({
    slug: 'settings',
    data: { siteName: 'Acme Status', publicUrl: 'https://status.acme.test/', timeZone: 'Europe/Berlin' },
  })
  const core = await create('service-groups', { name: 'Core', displayOrder: 1 })
  const edge = await create('service-groups', { name: 'Edge', displayOrder: 2 })
  ids.api = (await create('services', { name: 'API', group: core.id, status: 'operational', displayOrder: 1 })).id
  ids.db = (await create('services', { name: 'Database', group: core.id, status: 'operational', displayOrder: 2 })).id
  ids.cdn = (
    await create('services', { name: 'CDN', group: edge.id, status: 'operational', description: 'Static files' })
  ).id
  docs.resolved = await create('incidents', {
    title: 'CDN down',
    affectedServices: [ids.cdn],
    updates: [
      {
        status: 'investigating',
        message: 'CDN unreachable',
        createdAt: minutes(-120),
        serviceStatuses: [{ service: ids.cdn, status: 'major' }],
      },
      {
        status: 'resolved',
        message: 'Back',
        createdAt: minutes(-60),
        serviceStatuses: [{ service: ids.cdn, status: 'operational' }],
      },
    ],
  })
  docs.open = await create('incidents', {
    title: 'Slow API',
    affectedServices: [ids.api],
    updates: [
      {
        status: 'investigating',
        message: 'Errors',
        createdAt: minutes(-30),
        serviceStatuses: [{ service: ids.api, status: 'partial' }],
      },
      {
        status: 'monitoring',
        message: 'Better',
        createdAt: minutes(-10),
        serviceStatuses: [{ service: ids.api, status: 'degraded' }],
        notify: false,
      },
    ],
  })
  docs.quiet = await create('incidents', {
    title: 'Heads up',
    updates: [{ status: 'identified', message: 'Nothing changed', createdAt: minutes(-5) }],
  })
  docs.upcoming = await create('maintenances', {
    title: 'Later',
    scheduledStartAt: minutes(600),
    scheduledEndAt: minutes(660),
    affectedServices: [ids.db],
  })
  docs.now = await create('maintenances', {
    title: 'Now',
    scheduledStartAt: minutes(-30),
    scheduledEndAt: null,
    affectedServices: [ids.db],
  })
  docs.past = await create('maintenances', {
    title: 'Past',
    scheduledStartAt: minutes(-300),
    scheduledEndAt: minutes(-240),
  })
  docs.cancelled = await create('maintenances', {
    title: 'Cancelled',
    scheduledStartAt: minutes(120),
    scheduledEndAt: minutes(180),
    status: 'cancelled',
  })
})

describe('/api/v2', () => {
  it('answers every path with the page, validated against /api/v2/openapi.json', async () => {
    for (const path of Object.keys(V2_ROUTES).filter((p) => p !== '/openapi.json')) {
      const response = await v2(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.body.page).toMatchObject({
        name: 'Acme Status',
        url: 'https://status.acme.test',
        time_zone: 'Europe/Berlin',
      })
      expect(response.body.page.id).toMatch(/^[a-z0-9]{12}$/)
      expect(response.body.page.updated_at).toMatch(/\.\d{3}(Z|[+-]\d\d:\d\d)$/)
    }
    const again = await v2('/status.json')
    expect((await v2('/components.json')).body.page.id).toBe(again.body.page.id)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await v2('/summary.json')
    const second = await v2('/summary.json', { 'if-none-match': first.headers.get('etag')! })
    expect(second.status).toBe(304)
  })

  it('lists groups and their components with stable ids, positions and Statuspage statuses', async () => {
    const { components } = (await v2('/components.json')).body
    expect(components.map((c: { name: string }) => c.name)).toEqual(['Core', 'API', 'Database', 'Edge', 'CDN'])
    const [core, apiComponent, db, edge, cdn] = components
    expect(core).toMatchObject({
      group: true,
      group_id: null,
      components: [apiComponent.id, db.id],
      position: 1,
      status: 'degraded_performance',
    })
    expect(apiComponent).toMatchObject({
      group: false,
      group_id: core.id,
      position: 1,
      status: 'degraded_performance',
      only_show_if_degraded: false,
    })
    expect(db).toMatchObject({ group_id: core.id, position: 2 })
    expect(edge).toMatchObject({ position: 2, components: [cdn.id] })
    expect(cdn).toMatchObject({ description: 'Static files', status: 'operational', group_id: edge.id })
    expect(new Set(components.map((c: { id: string }) => c.id)).size).toBe(5)
    expect((await v2('/components.json')).body.components.map((c: { id: string }) => c.id)).toEqual(
      components.map((c: { id: string }) => c.id),
    )
  })

  it('rolls the page up into an indicator and one of the seven descriptions', async () => {
    expect((await v2('/status.json')).body.status).toEqual({
      indicator: 'minor',
      description: 'Partially Degraded Service',
    })
    const p = await payload()
    await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: true } })
    try {
      expect((await v2('/status.json')).body.status).toEqual({
        indicator: 'maintenance',
        description: 'Service Under Maintenance',
      })
    } finally {
      await p.updateGlobal({ slug: 'settings', data: { maintenanceMode: false } })
    }
  })

  it('shows incidents with impact, updates newest first and the status changes each update made', async () => {
    const all = (await v2('/incidents.json')).body.incidents
    expect(all.map((i: { name: string }) => i.name)).toEqual(['Heads up', 'Slow API', 'CDN down'])
    const [quiet, open, resolved] = all
    expect(quiet).toMatchObject({ id: docs.quiet.shortId, impact: 'none', status: 'identified', components: [] })
    expect(open).toMatchObject({
      id: docs.open.shortId,
      impact: 'major',
      status: 'monitoring',
      resolved_at: null,
      shortlink: `https://status.acme.test/i/${docs.open.shortId}`,
    })
    expect(open.monitoring_at).toBe(open.incident_updates[0].created_at)
    expect(open.started_at).toBe(open.incident_updates[1].created_at)
    expect(open.components.map((c: { name: string }) => c.name)).toEqual(['API'])
    const apiId = open.components[0].id
    expect(open.incident_updates.map((u: { status: string }) => u.status)).toEqual(['monitoring', 'investigating'])
    expect(open.incident_updates[0]).toMatchObject({
      body: 'Better',
      incident_id: open.id,
      deliver_notifications: false,
      affected_components: [
        { code: apiId, name: 'API', old_status: 'partial_outage', new_status: 'degraded_performance' },
      ],
    })
    expect(open.incident_updates[1].affected_components).toEqual([
      { code: apiId, name: 'API', old_status: 'operational', new_status: 'partial_outage' },
    ])
    expect(resolved).toMatchObject({ impact: 'critical', status: 'resolved' })
    expect(resolved.resolved_at).not.toBeNull()
    const unresolved = (await v2('/incidents/unresolved.json')).body.incidents
    expect(unresolved.map((i: { name: string }) => i.name)).toEqual(['Heads up', 'Slow API'])
  })

  it('shows maintenances as scheduled, in progress and completed (a cancelled one with a last update saying so)', async () => {
    const all = (await v2('/scheduled-maintenances.json')).body.scheduled_maintenances
    const byName = Object.fromEntries(all.map((m: { name: string }) => [m.name, m]))
    expect(all.map((m: { name: string }) => m.name)).toEqual(['Later', 'Cancelled', 'Now', 'Past'])
    expect(byName.Later).toMatchObject({
      status: 'scheduled',
      impact: 'maintenance',
      scheduled_until: expect.any(String),
      resolved_at: null,
    })
    expect(byName.Now).toMatchObject({ status: 'in_progress', scheduled_until: null })
    expect(byName.Now.components.map((c: { name: string }) => c.name)).toEqual(['Database'])
    expect(byName.Past).toMatchObject({ status: 'completed' })
    expect(byName.Cancelled.status).toBe('completed')
    expect(byName.Cancelled.incident_updates[0]).toMatchObject({
      status: 'completed',
      body: 'This maintenance was cancelled.',
    })
    expect(
      (await v2('/scheduled-maintenances/upcoming.json')).body.scheduled_maintenances.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(['Later'])
    expect(
      (await v2('/scheduled-maintenances/active.json')).body.scheduled_maintenances.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(['Now'])
    const summary = (await v2('/summary.json')).body
    expect(summary.scheduled_maintenances.map((m: { name: string }) => m.name)).toEqual(['Now', 'Later'])
    expect(summary.incidents.map((i: { name: string }) => i.name)).toEqual(['Heads up', 'Slow API'])
  })
})

/**
 * A real client: npm `statuspage.io` (ffflorian/api-clients, ~5,500 downloads a month), unmodified, version 3.3.8
 * (3.4.6 was published without its dist/). It addresses `https://<pageId>.statuspage.io`; the only thing we change
 * is its axios instance's base URL, to a loopback server that answers with our /api/v2 route handlers.
 */
describe('read by the statuspage.io client library', () => {
  it('reads the summary, status, components, incidents and maintenances', async () => {
    const { createServer } = await import('node:http')
    const { Statuspage } = await import('statuspage.io')
    const server = createServer(async (req, res) => {
      const response = await v2(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v2/, ''))
      res.writeHead(response.status, { 'content-type': 'application/json' }).end(response.text)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const client = new Statuspage('acme')
      ;(client as unknown as { apiClient: { defaults: { baseURL: string } } }).apiClient.defaults.baseURL =
        `http://127.0.0.1:${(server.address() as { port: number }).port}`
      const summary = await client.api.getSummary()
      expect(summary.status.indicator).toBe('minor')
      expect(summary.components.map((c) => c.name)).toEqual(['Core', 'API', 'Database', 'Edge', 'CDN'])
      expect((await client.api.getStatus()).status.description).toBe('Partially Degraded Service')
      expect((await client.api.getComponents()).components).toHaveLength(5)
      expect((await client.api.incidents.getUnresolved()).incidents.map((i) => i.name)).toEqual([
        'Heads up',
        'Slow API',
      ])
      expect((await client.api.incidents.getAll()).incidents).toHaveLength(3)
      expect((await client.api.scheduledMaintenances.getUpcoming()).scheduled_maintenances.map((m) => m.name)).toEqual([
        'Later',
      ])
      // This version asks upcoming.json for its active and all maintenances too (its Endpoints.js), so they read the same.
      expect((await client.api.scheduledMaintenances.getAll()).scheduled_maintenances.map((m) => m.name)).toEqual([
        'Later',
      ])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('/history.rss and /history.atom', () => {
  it('are the feeds at Statuspage’s addresses', async () => {
    const feeds = {
      rss: [await import('@/app/(site)/history.rss/route'), await import('@/app/(site)/feed.rss/route')],
      atom: [await import('@/app/(site)/history.atom/route'), await import('@/app/(site)/feed.atom/route')],
    }
    for (const [kind, [history, feed]] of Object.entries(feeds)) {
      const read = async (route: typeof history, path: string) => {
        const response = await route.GET(new Request(`http://localhost:3000${path}`), { params: Promise.resolve({}) })
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
      }
      const fromHistory = await read(history, `/history.${kind}`)
      expect(fromHistory.status).toBe(200)
      expect(fromHistory.body).toContain('Slow API')
      expect(fromHistory).toEqual(await read(feed, `/feed.${kind}`))
    }
  })
})

describe('as Statuspage writes them', () => {
  it('names the zone of a UTC site Etc/UTC', async () => {
    const p = await payload()
    for (const [zone, written] of [
      ['UTC', 'Etc/UTC'],
      ['Etc/UTC', 'Etc/UTC'],
      ['America/New_York', 'America/New_York'],
    ]) {
      await p.updateGlobal({ slug: 'settings', data: { timeZone: zone } })
      expect((await v2('/status.json')).body.page.time_zone, zone).toBe(written)
    }
    await p.updateGlobal({ slug: 'settings', data: { timeZone: 'Europe/Berlin' } })
  })

  it('lists on a resolving update the components the resolve gave back', async () => {
    const incident = await create('incidents', {
      title: 'Database failover',
      affectedServices: [ids.db, ids.cdn],
      updates: [
        {
          status: 'investigating',
          message: 'Failing over',
          createdAt: minutes(-30),
          serviceStatuses: [
            { service: ids.db, status: 'major' },
            { service: ids.cdn, status: 'degraded' },
          ],
        },
        {
          status: 'identified',
          message: 'CDN fine again',
          createdAt: minutes(-20),
          serviceStatuses: [{ service: ids.cdn, status: 'operational' }],
        },
      ],
    })
    const resolved = await api('PATCH', `/incidents/${incident.id}`, {
      key: admin.key,
      body: {
        updates: [...incident.updates, { status: 'resolved', message: 'Failed over', createdAt: minutes(-10) }],
      },
    })
    expect(resolved.status, resolved.text).toBe(200)
    expect((await api('GET', `/services/${ids.db}`)).body.status).toBe('operational')
    const shown = (await v2('/incidents.json')).body.incidents.find((i: { id: string }) => i.id === incident.shortId)
    const database = shown.components.find((c: { name: string }) => c.name === 'Database')
    expect(shown.incident_updates.map((u: { status: string }) => u.status)).toEqual([
      'resolved',
      'identified',
      'investigating',
    ])
    expect(shown.incident_updates[0].affected_components).toEqual([
      { code: database.id, name: 'Database', old_status: 'major_outage', new_status: 'operational' },
    ])
  })
})
