import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type ApiResponse, type TestUser } from '../helpers/api'

let admin: TestUser
let serviceId: number
let incidentId: number

/** The contract's error body: {errors:[{message}]}, a message per error, and nothing from the server's insides. */
function expectErrorBody(res: ApiResponse, status: number, message?: RegExp) {
  expect(res.status).toBe(status)
  expect(Array.isArray(res.body?.errors)).toBe(true)
  expect(res.body.errors.length).toBeGreaterThan(0)
  for (const error of res.body.errors) expect(typeof error.message).toBe('string')
  if (message) expect(res.body.errors[0].message).toMatch(message)
  expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|stack/i)
}

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Validation' } })
  const service = await api('POST', '/services', { key: admin.key, body: { name: 'Queue', group: group.body.doc.id } })
  serviceId = service.body.doc.id
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: { title: 'Kept', updates: [{ status: 'investigating', message: 'x' }] },
  })
  incidentId = incident.body.doc.id
})

describe('invalid payloads are 400s naming the field', () => {
  it('a missing required field', async () => {
    expectErrorBody(await api('POST', '/services', { key: admin.key, body: { slug: 'nameless' } }), 400, /name/i)
    expectErrorBody(
      await api('POST', '/incidents', {
        key: admin.key,
        body: { updates: [{ status: 'investigating', message: 'x' }] },
      }),
      400,
      /title/i,
    )
    expectErrorBody(
      await api('POST', '/maintenances', { key: admin.key, body: { title: 'When?' } }),
      400,
      /scheduled ?start ?at/i,
    )
  })

  it('a value outside a field vocabulary', async () => {
    const res = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Bad row', updates: [{ status: 'exploded', message: 'x' }] },
    })
    expectErrorBody(res, 400, /status/i)
    expect(JSON.stringify(res.body.errors)).toMatch(/updates/i)
  })

  it('an invalid date', async () => {
    const res = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Bad date', updates: [{ status: 'investigating', message: 'x', createdAt: 'yesterday-ish' }] },
    })
    expectErrorBody(res, 400, /created ?at/i)
  })

  it('a value over the maximum length', async () => {
    expectErrorBody(
      await api('PATCH', `/services/${serviceId}`, { key: admin.key, body: { name: 'x'.repeat(201) } }),
      400,
      /name/i,
    )
    const read = await api('GET', `/services/${serviceId}`)
    expect(read.body.name).toBe('Queue')
  })

  it('an invalid e-mail address on a subscriber', async () => {
    expectErrorBody(
      await api('POST', '/subscribers', { key: admin.key, body: { type: 'email', email: 'not-an-address' } }),
      400,
      /email/i,
    )
  })
})

describe('unknown ids are 404s', () => {
  const missing = 987654

  it.each(['services', 'service-groups', 'incidents', 'maintenances', 'subscribers', 'users'])(
    'on %s',
    async (collection) => {
      expectErrorBody(await api('GET', `/${collection}/${missing}`, { key: admin.key }), 404)
      expectErrorBody(await api('PATCH', `/${collection}/${missing}`, { key: admin.key, body: { name: 'x' } }), 404)
      expectErrorBody(await api('DELETE', `/${collection}/${missing}`, { key: admin.key }), 404)
    },
  )

  it('on a document that was deleted', async () => {
    const created = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Short-lived', updates: [{ status: 'resolved', message: 'x' }] },
    })
    expect((await api('DELETE', `/incidents/${created.body.doc.id}`, { key: admin.key })).status).toBe(200)
    expectErrorBody(await api('GET', `/incidents/${created.body.doc.id}`), 404)
  })

  it.each(['abc', '1.5', '1abc', '-1', '0', ' ', '99999999999999999999', '1e3'])(
    'for the id %j, which cannot exist',
    async (id) => {
      const path = `/services/${encodeURIComponent(id)}`
      expectErrorBody(await api('GET', path), 404)
      expectErrorBody(await api('PATCH', path, { key: admin.key, body: { status: 'major' } }), 404)
      expectErrorBody(await api('DELETE', path, { key: admin.key }), 404)
      const read = await api('GET', `/services/${serviceId}`)
      expect(read.status).toBe(200)
      expect(read.body.status).toBe('operational')
    },
  )
})

describe('malformed requests are 4xx, never 500', () => {
  it('a body that is not JSON', async () => {
    expectErrorBody(await api('POST', '/services', { key: admin.key, rawBody: '{"name": ' }), 400)
    expectErrorBody(await api('PATCH', `/incidents/${incidentId}`, { key: admin.key, rawBody: 'title=x' }), 400)
  })

  it.each(['null', '"text"', '42', '[1,2]'])('a JSON body %s that is not an object', async (rawBody) => {
    expectErrorBody(await api('POST', '/services', { key: admin.key, rawBody }), 400, /object/i)
    expectErrorBody(await api('PATCH', `/incidents/${incidentId}`, { key: admin.key, rawBody }), 400, /object/i)
    const read = await api('GET', `/incidents/${incidentId}`)
    expect(read.body.title).toBe('Kept')
  })

  it('an unknown where operator or field', async () => {
    expectErrorBody(await api('GET', '/services?where[status][resembles]=major'), 400, /status/)
    expectErrorBody(await api('GET', '/services?where[colour][equals]=red'), 400, /colour/)
    expectErrorBody(await api('GET', '/incidents?where[or][0][nonsense][equals]=1'), 400, /nonsense/)
  })

  it('a where that is not JSON', async () => {
    expectErrorBody(await api('GET', '/services?where=status%3Dmajor'), 400, /where/)
  })

  it.each(['-1', 'abc', '1.5', '99999999999999999999', '1e400'])('limit=%s is a 400 naming limit', async (limit) => {
    expectErrorBody(await api('GET', `/services?limit=${limit}`), 400, /limit/)
  })

  it.each(['0', '-3', 'abc', '2.5', '99999999999999999999'])('page=%s is a 400 naming page', async (page) => {
    expectErrorBody(await api('GET', `/services?page=${page}`), 400, /page/)
  })

  it('a page beyond any possible offset is a 400', async () => {
    expectErrorBody(await api('GET', '/services?limit=1000000000000000&page=1000000000000000'), 400, /page/)
  })

  it('accepts the valid extremes', async () => {
    const all = await api('GET', '/services?limit=0')
    expect(all.status).toBe(200)
    expect(all.body.totalDocs).toBe(1)
    const big = await api('GET', '/services?limit=1000000')
    expect(big.status).toBe(200)
    expect(big.body.docs).toHaveLength(1)
  })

  it('an unknown collection or global is a 404', async () => {
    expectErrorBody(await api('GET', '/widgets'), 404)
    expectErrorBody(await api('POST', '/widgets', { key: admin.key, body: { name: 'x' } }), 404)
    expectErrorBody(await api('GET', '/widgets/1'), 404)
    expectErrorBody(await api('GET', '/globals/nothing'), 404)
  })
})
