import { beforeAll, describe, expect, it } from 'vitest'

import * as siteIncident from '@/app/(site)/i/[shortId]/route'
import * as graphqlRoute from '@/app/(payload)/api/graphql/route'
import * as restRoute from '@/app/(payload)/api/[...slug]/route'
import * as subscribeRoute from '@/app/api/subscribe/route'
import * as unsubscribeRoute from '@/app/api/unsubscribe/route'
import { api, BASE, createUser, graphql, type ApiResponse, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'

/**
 * M6: bad input that used to be a 500 (several of them anonymous, several only on PostgreSQL) is a 4xx in the
 * contract's shape, never a stack trace or SQL.
 */

let admin: TestUser
let editor: TestUser
let serviceId: number

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'

/** A request to the CMS REST route with the body and headers exactly as given (no JSON added). */
async function raw(
  method: Method,
  path: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
): Promise<ApiResponse> {
  const url = new URL(`/api${path}`, BASE)
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent)
  const handler = restRoute[method] as (
    req: Request,
    args: { params: Promise<{ slug: string[] }> },
  ) => Promise<Response>
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve({ slug }) })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, text, body: parsed }
}

function expectRefusal(res: ApiResponse, status: number, message?: RegExp) {
  expect(res.status, res.text).toBe(status)
  expect(Array.isArray(res.body?.errors), res.text).toBe(true)
  for (const error of res.body.errors) expect(typeof error.message).toBe('string')
  if (message) expect(JSON.stringify(res.body.errors)).toMatch(message)
  expect(res.text).not.toMatch(
    /\bat \S+ \(|node_modules|\.ts:\d+|stack|Failed query|Something went wrong|insert into|select /i,
  )
}

const incident = (extra: Record<string, unknown> = {}) => ({
  title: 'Body test',
  updates: [{ status: 'investigating', message: 'x' }],
  ...extra,
})

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Malformed' } })
  const service = await api('POST', '/services', {
    key: admin.key,
    body: { name: 'Malformed target', group: group.body.doc.id },
  })
  serviceId = service.body.doc.id
})

describe('NUL bytes (PostgreSQL cannot hold them)', () => {
  it('in where values', async () => {
    expectRefusal(
      await api('GET', '/services?where[slug][like]=%00'),
      400,
      /where\[slug\]\[like\] contains a control character \(U\+0000\)/,
    )
    expectRefusal(await api('GET', '/incidents?where[title][contains]=%00'), 400, /where\[title\]\[contains\]/)
    expectRefusal(await api('GET', '/services?where[slug][in]=a,%00'), 400, /where\[slug\]\[in\]/)
  })

  it('in an incident title on write', async () => {
    expectRefusal(
      await api('POST', '/incidents', { key: editor.key, body: incident({ title: 'a\u0000b' }) }),
      400,
      /title contains a control character/,
    )
  })

  it('in subscribe and unsubscribe bodies', async () => {
    const post = async (route: { POST: (r: Request) => Promise<Response> }, body: string) => {
      const response = await route.POST(
        new Request(`${BASE}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      )
      return { status: response.status, body: await response.json() }
    }
    for (const body of [
      '{"type":"email","email":"a\\u0000@example.com"}',
      '{"type":"email","email":"a@example.com","services":["\\u0000"]}',
      '{"type":"sms","phone":"+1415555\\u00000123"}',
    ]) {
      const res = await post(subscribeRoute, body)
      expect(res.status, body).toBe(400)
      expect(res.body.success).toBe(false)
    }
    const res = await post(unsubscribeRoute, '{"token":"\\u0000"}')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ success: false, message: 'token must be the token from your e-mail' })
  })

  it('in a public short id: a 404, as for any id that does not exist', async () => {
    const res = await v1('/incidents/%00')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    const page = await siteIncident.GET(new Request(`${BASE}/i/%00`), {
      params: Promise.resolve({ shortId: '\u0000' }),
    })
    expect(page.status).toBe(404)
  })
})

describe('bodies Payload could not read', () => {
  it('malformed GraphQL JSON is a 400', async () => {
    for (const body of ['{"query": ', '[1,2]', '"x"']) {
      const response = await graphqlRoute.POST(
        new Request(`${BASE}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      )
      expect(response.status, body).toBe(400)
      expect((await response.json()).errors[0].message).toMatch(/request body/)
    }
  })

  it('a truncated multipart body is a 400', async () => {
    const truncated = '--XyZ\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"title":"t"'
    const headers = { 'content-type': 'multipart/form-data; boundary=XyZ', authorization: `users API-Key ${admin.key}` }
    expectRefusal(await raw('POST', '/media', truncated, headers), 400, /multipart body is malformed or incomplete/)
    expectRefusal(await raw('POST', '/incidents', truncated, headers), 400, /multipart/)
  })

  it('a multipart _payload that is not JSON is a 400, and a good one still works', async () => {
    const headers = { authorization: `users API-Key ${editor.key}` }
    const bad = new FormData()
    bad.set('_payload', '{"title":')
    expectRefusal(await raw('POST', '/incidents', bad, headers), 400, /_payload field is not valid JSON/)
    const good = new FormData()
    good.set('_payload', JSON.stringify(incident({ title: 'From a form' })))
    const created = await raw('POST', '/incidents', good, headers)
    expect(created.status, created.text).toBe(201)
    expect(created.body.doc.title).toBe('From a form')
  })

  it('a write whose Content-Type is not JSON is a 415; JSON in any spelling is read', async () => {
    const body = JSON.stringify(incident())
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', undefined]) {
      const headers: Record<string, string> = { authorization: `users API-Key ${editor.key}` }
      if (type) headers['content-type'] = type
      expectRefusal(await raw('POST', '/incidents', body, headers), 415, /Content-Type must be application\/json/)
    }
    for (const type of ['APPLICATION/JSON', 'application/json; charset=utf-8', 'Application/Json ; charset=UTF-8']) {
      const res = await raw('POST', '/incidents', body, {
        'content-type': type,
        authorization: `users API-Key ${editor.key}`,
      })
      expect(res.status, `${type}: ${res.text}`).toBe(201)
      expect(res.body.doc.title).toBe('Body test')
    }
  })

  it('a write with no body is validated as an empty document', async () => {
    expectRefusal(
      await raw('POST', '/incidents', undefined, { authorization: `users API-Key ${editor.key}` }),
      400,
      /title/,
    )
  })

  it('JSON nested 5,000 levels is a 400', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const rawBody = JSON.stringify(incident()).replace(/}$/, `,"extra":${deep}}`)
    expectRefusal(
      await api('POST', '/incidents', { key: editor.key, rawBody }),
      400,
      /nested too deeply \(at most 64 levels\)/,
    )
    const inGraphql = await graphqlRoute.POST(
      new Request(`${BASE}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"query":"{ Services { totalDocs } }","variables":{"x":${deep}}}`,
      }),
    )
    expect(inGraphql.status).toBe(400)
  })
})

describe('values Payload could not store', () => {
  it('an incident with 10,000 updates is a 400 naming the field; 500 are accepted', async () => {
    const updates = (n: number) => Array.from({ length: n }, (_, i) => ({ status: 'investigating', message: `u${i}` }))
    expectRefusal(
      await api('POST', '/incidents', {
        key: editor.key,
        body: incident({ title: 'Too many', updates: updates(10_000) }),
      }),
      400,
      /"path":"updates"/,
    )
    const none = await api('GET', '/incidents?where[title][equals]=Too many')
    expect(none.body.totalDocs).toBe(0)
    const ok = await api('POST', '/incidents', {
      key: editor.key,
      body: incident({ title: 'Many', updates: updates(500) }),
    })
    expect(ok.status, ok.text.slice(0, 300)).toBe(201)
  })

  it('a list for a single-choice status is a 400 naming the field', async () => {
    expectRefusal(
      await api('PATCH', `/services/${serviceId}`, { key: editor.key, body: { status: ['major'] } }),
      400,
      /status takes one value, not a list/,
    )
  })

  it('an array field given scalars, or no list at all, is a 400 naming the field, on every collection', async () => {
    const cases: { path: string; body: Record<string, unknown>; field: string }[] = [
      {
        path: '/incident-templates',
        body: { name: 'Scalars', title: 't', message: 'm', services: [serviceId] },
        field: 'services',
      },
      { path: '/incidents', body: incident({ updates: [5] }), field: 'updates' },
      { path: '/incidents', body: incident({ updates: 'investigating' }), field: 'updates' },
      {
        path: '/incidents',
        body: incident({ updates: [{ status: 'investigating', message: 'x', serviceStatuses: ['x'] }] }),
        field: 'updates.0.serviceStatuses',
      },
      {
        path: '/maintenances',
        body: { title: 'Scalars', scheduledStartAt: '2030-01-01T00:00:00Z', updates: ['x', { message: 'm' }] },
        field: 'updates',
      },
      {
        path: '/integrations',
        body: { name: 'Scalars', kind: 'generic', severityStatuses: [[]] },
        field: 'severityStatuses',
      },
    ]
    for (const { path, body, field } of cases) {
      const res = await api('POST', path, { key: admin.key, body })
      expectRefusal(res, 400)
      expect(res.body.errors[0].data.errors, `${path} ${JSON.stringify(body)}`).toEqual([
        expect.objectContaining({
          path: field,
          message: expect.stringMatching(new RegExp(`^${field} takes a list of rows`)),
        }),
      ])
    }
    expect(
      (await api('GET', '/incident-templates?where[name][equals]=Scalars', { key: admin.key })).body.totalDocs,
    ).toBe(0)
    expect((await api('GET', '/maintenances?where[title][equals]=Scalars', { key: admin.key })).body.totalDocs).toBe(0)
    const rows = await api('POST', '/incident-templates', {
      key: admin.key,
      body: { name: 'Rows', title: 't', message: 'm', services: [{ service: serviceId, status: 'major' }] },
    })
    expect(rows.status, rows.text).toBe(201)
    expect(rows.body.doc.services).toHaveLength(1)
  })

  it('malformed rich text is a 400 naming the field', async () => {
    const maintenance = (description: unknown) => ({
      title: 'Rich',
      scheduledStartAt: '2030-01-01T00:00:00Z',
      description,
    })
    for (const description of [
      { root: { children: 'x' } },
      'x',
      { root: { type: 'root', children: [{ type: 'paragraph', children: 5 }] } },
      { root: { type: 'root', children: [7] } },
    ]) {
      expectRefusal(
        await api('POST', '/maintenances', { key: editor.key, body: maintenance(description) }),
        400,
        /description/,
      )
    }
    const good = {
      root: {
        type: 'root',
        version: 1,
        children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: 'Fine' }] }],
      },
    }
    expect((await api('POST', '/maintenances', { key: editor.key, body: maintenance(good) })).status).toBe(201)
  })
})

describe('endpoints this configuration does not have', () => {
  it('versions of a collection and a global without versioning are 404s', async () => {
    expectRefusal(await api('GET', '/incidents/versions', { key: admin.key }), 404)
    expectRefusal(await api('GET', '/incidents/versions/1', { key: admin.key }), 404)
    expectRefusal(await api('GET', '/globals/settings/versions', { key: admin.key }), 404)
  })

  it('e-mail verification of users, which is off, is a 404', async () => {
    expectRefusal(await raw('POST', '/users/verify/x', undefined, {}), 404)
  })

  it('GraphQL Access is answered for users and refused (401) for strangers, not failed', async () => {
    const asAdmin = await graphql('{ Access { canAccessAdmin } }', undefined, { key: admin.key })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.data.Access.canAccessAdmin).toBe(true)
    const anonymous = await graphql('{ Access { canAccessAdmin } }')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.errors[0].message).toMatch(/Authentication required/)
    expect(anonymous.text).not.toMatch(/Something went wrong/)
  })
})
