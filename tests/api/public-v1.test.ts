/**
 * The public read API, /api/v1, as the contract describes it. Every response these tests receive is also checked
 * against the served OpenAPI document (tests/helpers/public-api.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, payload, type TestUser } from '../helpers/api'
import { servedOpenApiDocument, v1 } from '../helpers/public-api'
import { link, paragraph, richText, text } from '../helpers/rich-text'

let admin: TestUser
const ids: Record<string, number> = {}

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
  ).updateGlobal({ slug: 'settings', data: { siteName: 'Acme Status', publicUrl: 'https://status.acme.test/' } })
  const core = await create('service-groups', { name: 'Core', displayOrder: 1 })
  const edge = await create('service-groups', { name: 'Edge', displayOrder: 2 })
  ids.api = (await create('services', { name: 'API', group: core.id, status: 'degraded', displayOrder: 1 })).id
  ids.db = (await create('services', { name: 'Database', group: core.id, status: 'operational', displayOrder: 2 })).id
  ids.cdn = (
    await create('services', { name: 'CDN', group: edge.id, status: 'operational', description: 'Static files' })
  ).id
})

describe('GET /api/v1/services', () => {
  it('lists every service with its group, in display order', async () => {
    const response = await v1('/services')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['data'])
    expect(response.body.data.map((s: { slug: string }) => s.slug)).toEqual(['api', 'database', 'cdn'])
    expect(response.body.data[2]).toMatchObject({
      name: 'CDN',
      description: 'Static files',
      status: 'operational',
      group: { slug: 'edge', name: 'Edge' },
    })
    expect(response.body.data[0].description).toBeNull()
  })
})

describe('incidents', () => {
  const created: { shortId: string; title: string }[] = []

  beforeAll(async () => {
    // 30 incidents, more than one default page; created a minute apart in the past, oldest first.
    for (let i = 0; i < 30; i++) {
      const at = minutes(-600 + i * 10)
      const resolved = i % 3 === 0
      const doc = await create('incidents', {
        title: `Incident ${i}`,
        affectedServices: i % 2 === 0 ? [ids.api] : [ids.cdn],
        updates: [
          { status: 'investigating', message: `Looking into ${i}`, createdAt: at },
          ...(resolved ? [{ status: 'resolved', message: 'Fixed', createdAt: minutes(-600 + i * 10 + 5) }] : []),
        ],
      })
      created.push(doc)
    }
    // createdAt is when the record was made; spread them so "newest first" is observable.
    const p = await payload()
    for (const [index, doc] of created.entries()) {
      await p.db.updateOne({
        collection: 'incidents',
        where: { shortId: { equals: doc.shortId } },
        data: { createdAt: minutes(-600 + index * 10) },
      })
    }
  })

  it('pages newest first with 25 by default, with Link and X-Total-Count headers', async () => {
    const first = await v1('/incidents')
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(25)
    expect(first.body.data[0].title).toBe('Incident 29')
    expect(first.body.data[24].title).toBe('Incident 5')
    expect(first.headers.get('x-total-count')).toBe('30')
    const link = first.headers.get('link')!
    expect(link).toContain('page=2&limit=25>; rel="next"')
    expect(link).toContain('page=2&limit=25>; rel="last"')
    expect(link).toContain('page=1&limit=25>; rel="first"')
    expect(link).not.toContain('rel="prev"')
    // At the configured public base, like every `url`, not at the address Next listens on.
    for (const [, target] of link.matchAll(/<([^>]+)>/g))
      expect(target).toMatch(/^https:\/\/status\.acme\.test\/api\/v1\/incidents\?/)

    const second = await v1('/incidents?page=2')
    expect(second.body.data.map((i: { title: string }) => i.title)).toEqual([
      'Incident 4',
      'Incident 3',
      'Incident 2',
      'Incident 1',
      'Incident 0',
    ])
    expect(second.headers.get('link')).toContain('rel="prev"')
    expect(second.headers.get('link')).not.toContain('rel="next"')

    const small = await v1('/incidents?limit=7&page=3')
    expect(small.body.data.map((i: { title: string }) => i.title)).toEqual([
      'Incident 15',
      'Incident 14',
      'Incident 13',
      'Incident 12',
      'Incident 11',
      'Incident 10',
      'Incident 9',
    ])
    expect(small.headers.get('link')).toContain('limit=7&page=5>; rel="last"')

    const beyond = await v1('/incidents?page=9')
    expect(beyond.body.data).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe('30')
  })

  it('counts again after every write: X-Total-Count follows a create and a delete on any page', async () => {
    expect((await v1('/incidents?page=2')).headers.get('x-total-count')).toBe('30')
    expect((await v1('/incidents?status=active&page=2')).headers.get('x-total-count')).toBe('20')
    const extra = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Counted', updates: [{ status: 'investigating', message: 'x' }] },
    })
    expect(extra.status, extra.text).toBe(201)
    expect((await v1('/incidents?page=2')).headers.get('x-total-count')).toBe('31')
    expect((await v1('/incidents?status=active')).headers.get('x-total-count')).toBe('21')
    expect((await api('DELETE', `/incidents/${extra.body.doc.id}`, { key: admin.key })).status).toBe(200)
    expect((await v1('/incidents?page=2')).headers.get('x-total-count')).toBe('30')
    expect((await v1('/incidents?status=active&page=2')).headers.get('x-total-count')).toBe('20')
  })

  it('shows the fields of the contract, with updates newest first and absolute page addresses', async () => {
    const resolved = created[27]
    const response = await v1(`/incidents/${resolved.shortId}`)
    expect(response.status).toBe(200)
    const incident = response.body.data
    expect(incident).toMatchObject({
      shortId: resolved.shortId,
      title: 'Incident 27',
      status: 'resolved',
      url: `https://status.acme.test/i/${resolved.shortId}`,
      affectedServices: [{ slug: 'cdn', name: 'CDN' }],
    })
    expect(incident.updates.map((u: { status: string }) => u.status)).toEqual(['resolved', 'investigating'])
    expect(incident.resolvedAt).toBe(incident.updates[0].createdAt)
    expect(incident.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const open = (await v1(`/incidents/${created[28].shortId}`)).body.data
    expect(open.status).toBe('investigating')
    expect(open.resolvedAt).toBeNull()
  })

  it('filters by status, active, service and time window', async () => {
    const active = await v1('/incidents?status=active&limit=100')
    expect(active.body.data).toHaveLength(20)
    expect(active.body.data.every((i: { status: string }) => i.status !== 'resolved')).toBe(true)
    const resolved = await v1('/incidents?status=resolved&limit=100')
    expect(resolved.body.data).toHaveLength(10)
    expect((await v1('/incidents?status=monitoring')).body.data).toEqual([])

    const cdn = await v1('/incidents?service=cdn&limit=100')
    expect(cdn.body.data).toHaveLength(15)
    expect(
      cdn.body.data.every((i: { affectedServices: { slug: string }[] }) =>
        i.affectedServices.some((s) => s.slug === 'cdn'),
      ),
    ).toBe(true)
    const both = await v1('/incidents?service=api&status=active&limit=100')
    expect(both.body.data.map((i: { title: string }) => i.title)).toEqual(
      [28, 26, 22, 20, 16, 14, 10, 8, 4, 2].map((n) => `Incident ${n}`),
    )
    expect((await v1('/incidents?service=no-such-service')).body.data).toEqual([])

    const window = await v1(
      `/incidents?from=${encodeURIComponent(minutes(-405))}&to=${encodeURIComponent(minutes(-355))}`,
    )
    expect(window.body.data.map((i: { title: string }) => i.title)).toEqual([
      'Incident 24',
      'Incident 23',
      'Incident 22',
      'Incident 21',
      'Incident 20',
    ])
  })

  it('answers an unknown shortId with a 404 problem', async () => {
    const response = await v1('/incidents/NOSUCHID00')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(response.body).toMatchObject({ status: 404, title: 'Not Found', instance: '/api/v1/incidents/NOSUCHID00' })
  })
})

describe('bad query values', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=500', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['status=bogus', 'status'],
    ['from=not-a-date', 'from'],
    ['to=2026-13-45', 'to'],
    [`service=${'a'.repeat(10_000)}`, 'service'],
    ['service=Not%20A%20Slug', 'service'],
  ])('%.40s is a 400 problem naming the parameter', async (query, name) => {
    for (const path of ['/incidents', '/maintenances']) {
      const response = await v1(`${path}?${query}`)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      expect(response.body['invalid-params']).toEqual([{ name, reason: expect.any(String) }])
      expect(response.body.detail).toContain(name)
      expect(response.text.length).toBeLessThan(2_000)
    }
  })

  it('names every bad parameter at once, and a window that ends before it starts', async () => {
    const response = await v1('/incidents?limit=500&page=abc&status=bogus')
    expect(response.body['invalid-params'].map((p: { name: string }) => p.name).sort()).toEqual([
      'limit',
      'page',
      'status',
    ])
    const window = await v1('/maintenances?from=2026-02-01&to=2026-01-01')
    expect(window.status).toBe(400)
    expect(window.body['invalid-params']).toEqual([{ name: 'to', reason: 'must not be before from' }])
  })

  it('compares a date-only to as the end of its day, as the filter applies it', async () => {
    for (const path of ['/incidents', '/maintenances']) {
      const sameDay = await v1(`${path}?from=2026-01-31T12:00:00Z&to=2026-01-31`)
      expect(sameDay.status, sameDay.text).toBe(200)
      expect((await v1(`${path}?from=2026-01-31&to=2026-01-31`)).status).toBe(200)
      const before = await v1(`${path}?from=2026-02-01T00:00:00Z&to=2026-01-31`)
      expect(before.status).toBe(400)
      expect(before.body['invalid-params']).toEqual([{ name: 'to', reason: 'must not be before from' }])
    }
  })
})

describe('maintenances', () => {
  const m: Record<string, { id: number; shortId: string }> = {}

  beforeAll(async () => {
    m.later = await create('maintenances', {
      title: 'Later',
      scheduledStartAt: minutes(600),
      scheduledEndAt: minutes(660),
      affectedServices: [ids.db],
    })
    m.soon = await create('maintenances', {
      title: 'Soon',
      scheduledStartAt: minutes(60),
      scheduledEndAt: minutes(90),
      duration: 'about half an hour',
    })
    m.now = await create('maintenances', {
      title: 'Now',
      scheduledStartAt: minutes(-30),
      scheduledEndAt: null,
      affectedServices: [ids.api, ids.db],
    })
    m.past = await create('maintenances', {
      title: 'Past',
      scheduledStartAt: minutes(-300),
      scheduledEndAt: minutes(-240),
    })
    m.cancelled = await create('maintenances', {
      title: 'Cancelled',
      scheduledStartAt: minutes(120),
      scheduledEndAt: minutes(180),
      status: 'cancelled',
    })
  })

  it('orders active and upcoming lists soonest first, the others newest start first', async () => {
    const titles = async (query: string) =>
      (await v1(`/maintenances${query}`)).body.data.map((x: { title: string }) => x.title)
    expect(await titles('?status=active')).toEqual(['Now', 'Soon', 'Later'])
    expect(await titles('?status=upcoming')).toEqual(['Soon', 'Later'])
    expect(await titles('')).toEqual(['Later', 'Cancelled', 'Soon', 'Now', 'Past'])
    expect(await titles('?status=completed')).toEqual(['Past'])
    expect(await titles('?status=cancelled')).toEqual(['Cancelled'])
    expect(await titles('?service=database')).toEqual(['Later', 'Now'])
    expect(await titles(`?from=${encodeURIComponent(minutes(0))}`)).toEqual(['Later', 'Cancelled', 'Soon', 'Now'])
    expect(await titles(`?to=${encodeURIComponent(minutes(0))}`)).toEqual(['Now', 'Past'])
  })

  it('shows the fields of the contract: status, duration, stamps, address', async () => {
    const soon = (await v1(`/maintenances/${m.soon.shortId}`)).body.data
    expect(soon).toMatchObject({
      title: 'Soon',
      status: 'upcoming',
      duration: 'about half an hour',
      url: `https://status.acme.test/m/${m.soon.shortId}`,
      completedAt: null,
      cancelledAt: null,
      updates: [],
    })
    const later = (await v1(`/maintenances/${m.later.shortId}`)).body.data
    expect(later.duration).toBe('1 hour')
    expect(later.affectedServices).toEqual([{ slug: 'database', name: 'Database' }])
    const now = (await v1(`/maintenances/${m.now.shortId}`)).body.data
    expect(now).toMatchObject({ status: 'in_progress', scheduledEndAt: null })
    const cancelled = (await v1(`/maintenances/${m.cancelled.shortId}`)).body.data
    expect(cancelled.status).toBe('cancelled')
    expect(Date.parse(cancelled.cancelledAt)).toBeGreaterThan(Date.now() - 600_000)
    expect((await v1('/maintenances/NOSUCHID00')).status).toBe(404)
  })

  it('renders the description as safe HTML and as plain text', async () => {
    const doc = await create('maintenances', {
      title: 'Rich',
      scheduledStartAt: minutes(1000),
      description: richText(
        paragraph(text('Upgrade <script>alert(1)</script> the '), text('database', 1), text(' "now" & then')),
        paragraph(link('https://example.com/notes', 'notes'), text(' and '), link('mailto:ops@example.com', 'mail us')),
      ),
    })
    const rich = (await v1(`/maintenances/${doc.shortId}`)).body.data
    expect(rich.descriptionHtml).toContain('<strong>database</strong>')
    expect(rich.descriptionHtml).toContain('Upgrade &lt;script&gt;alert(1)&lt;/script&gt; the')
    expect(rich.descriptionHtml).not.toMatch(/<script|on\w+=/i)
    expect(rich.descriptionHtml).toContain('href="https://example.com/notes"')
    expect(rich.descriptionHtml).toContain('href="mailto:ops@example.com"')
    expect(rich.descriptionText).toContain('Upgrade <script>alert(1)</script> the database "now" & then')
    expect(rich.descriptionText).toContain('notes and mail us')
    expect(rich.duration).toBe('until further notice')
  })

  it('never lets a script-bearing link through', async () => {
    const p = await payload()
    // Written below the CMS validation, as an older or imported record could be.
    const doc = await create('maintenances', { title: 'Crafted', scheduledStartAt: minutes(2000) })
    await p.db.updateOne({
      collection: 'maintenances',
      where: { id: { equals: doc.id } },
      data: {
        // Below Payload, the localized fields are written per language, together (docs/languages.md, "Content").
        title: { en: 'Crafted' },
        description: {
          en: richText(paragraph(link('javascript:alert(1)', 'click'), link('data:text/html,<b>x</b>', 'data'))),
        },
      },
    })
    const crafted = (await v1(`/maintenances/${doc.shortId}`)).body.data
    expect(crafted.descriptionHtml).not.toMatch(/javascript:|data:|<script/i)
    expect(crafted.descriptionHtml).toContain('click')
  })
})

describe('GET /api/v1/status', () => {
  it('summarises groups, the overall status and everything active, with no cap', async () => {
    const response = await v1('/status')
    expect(response.status).toBe(200)
    const summary = response.body.data
    expect(Object.keys(response.body)).toEqual(['data'])
    expect(summary).toMatchObject({ status: 'degraded', message: null, siteName: 'Acme Status' })
    expect(summary.serviceGroups.map((g: { slug: string; status: string }) => [g.slug, g.status])).toEqual([
      ['core', 'degraded'],
      ['edge', 'operational'],
    ])
    expect(summary.serviceGroups[0].services.map((s: { slug: string }) => s.slug)).toEqual(['api', 'database'])
    expect(summary.serviceGroups[0].services[0]).not.toHaveProperty('group')
    // 20 unresolved incidents from the incidents block (no silent cap at a page size) and none resolved.
    expect(summary.activeIncidents).toHaveLength(20)
    expect(summary.activeIncidents[0].title).toBe('Incident 29')
    expect(summary.activeMaintenances.map((x: { title: string }) => x.title)).toEqual([
      'Now',
      'Soon',
      'Later',
      'Rich',
      'Crafted',
    ])
  })

  it('follows the worst service and the maintenance-mode switch', async () => {
    await api('PATCH', `/services/${ids.cdn}`, { key: admin.key, body: { status: 'major' } })
    expect((await v1('/status')).body.data.status).toBe('major')
    await api('POST', '/globals/settings', {
      key: admin.key,
      body: { maintenanceMode: true, statusMessage: 'Planned work tonight' },
    })
    const summary = (await v1('/status')).body.data
    expect(summary).toMatchObject({ status: 'maintenance', message: 'Planned work tonight' })
    expect(summary.serviceGroups[1].status).toBe('major')
    await api('POST', '/globals/settings', { key: admin.key, body: { maintenanceMode: false, statusMessage: '' } })
    await api('PATCH', `/services/${ids.cdn}`, { key: admin.key, body: { status: 'operational' } })
    expect((await v1('/status')).body.data).toMatchObject({ status: 'degraded', message: null })
  })
})

describe('HTTP conventions', () => {
  it('gives an ETag, and 304 with no body when it still matches', async () => {
    const first = await v1('/status')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await v1('/status', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect((await v1('/status', { headers: { 'if-none-match': `W/${etag}, "other"` } })).status).toBe(304)
    expect((await v1('/status', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
    await api('PATCH', `/services/${ids.db}`, { key: admin.key, body: { description: 'Primary store' } })
    const changed = await v1('/status', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('indents with ?pretty, and caches briefly with stale-while-revalidate', async () => {
    const pretty = await v1('/status?pretty')
    expect(pretty.text.startsWith('{\n  "data": {\n')).toBe(true)
    expect(JSON.parse(pretty.text)).toEqual((await v1('/status')).body)
    const cacheControl = (await v1('/incidents')).headers.get('cache-control')!
    expect(cacheControl).toMatch(/max-age=\d+/)
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/)
  })

  it('is open to other origins for GET, HEAD and OPTIONS', async () => {
    const get = await v1('/services')
    expect(get.headers.get('access-control-allow-origin')).toBe('*')
    expect(get.headers.get('access-control-expose-headers')).toContain('ETag')
    const preflight = await v1('/incidents', { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS')
  })

  it('serves an OpenAPI 3.1 document describing every endpoint, as it is, valid to an OpenAPI parser', async () => {
    const served = await v1('/openapi.json')
    expect(served.body).toEqual(await servedOpenApiDocument())
    const document = served.body
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths).sort()).toEqual([
      '/incidents',
      '/incidents/{shortId}',
      '/maintenances',
      '/maintenances/{shortId}',
      '/metrics',
      '/metrics/{slug}',
      '/openapi.json',
      '/services',
      '/status',
      '/uptime',
    ])
    const limit = document.paths['/incidents'].get.parameters.find((p: { name: string }) => p.name === 'limit')
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 })
  })
})
