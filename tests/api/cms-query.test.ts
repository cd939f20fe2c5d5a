import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'

/** Lower-case ASCII names of one length: every collation (SQLite's binary, PostgreSQL's locale) orders them alike. */
const NAMES = [
  'kilo',
  'alfa',
  'mike',
  'echo',
  'lima',
  'golf',
  'bravo',
  'india',
  'delta',
  'juliet',
  'hotel',
  'charlie',
  'foxtrot',
]
const STATUSES = [
  'operational',
  'major',
  'degraded',
  'operational',
  'major',
  'partial',
  'operational',
  'maintenance',
  'operational',
  'major',
  'operational',
  'degraded',
  'operational',
]
/** displayOrder values, shuffled against the creation order and the names. */
const ORDERS = [7, 3, 12, 0, 9, 5, 11, 1, 8, 2, 10, 4, 6]

let admin: TestUser
let ids: number[] = []

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Query group' } })
  expect(group.status).toBe(201)
  ids = []
  for (const [i, name] of NAMES.entries()) {
    const created = await api('POST', '/services', {
      key: admin.key,
      body: {
        name,
        group: group.body.doc.id,
        status: STATUSES[i],
        displayOrder: ORDERS[i],
        description: `about ${name}`,
      },
    })
    expect(created.status).toBe(201)
    ids.push(created.body.doc.id)
  }
})

describe('where[field][equals]', () => {
  it('returns exactly the documents whose field equals the value', async () => {
    const res = await api('GET', '/services?where[status][equals]=major&limit=100')
    expect(res.status).toBe(200)
    const expected = NAMES.filter((_, i) => STATUSES[i] === 'major').sort()
    expect(res.body.totalDocs).toBe(expected.length)
    expect(res.body.docs.map((d: any) => d.name).sort()).toEqual(expected)
    expect(res.body.docs.every((d: any) => d.status === 'major')).toBe(true)
  })

  it('filters on text fields and returns an empty list when nothing matches', async () => {
    const one = await api('GET', '/services?where[slug][equals]=india')
    expect(one.status).toBe(200)
    expect(one.body.totalDocs).toBe(1)
    expect(one.body.docs[0]).toMatchObject({ name: 'india', status: 'maintenance' })

    const none = await api('GET', '/services?where[status][equals]=partial&where[name][equals]=alfa')
    expect(none.status).toBe(200)
    expect(none.body.totalDocs).toBe(0)
    expect(none.body.docs).toEqual([])
  })

  it('filters incidents by their derived status', async () => {
    const open = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Open one', updates: [{ status: 'identified', message: 'found it' }] },
    })
    const closed = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Closed one', updates: [{ status: 'resolved', message: 'done' }] },
    })
    expect([open.status, closed.status]).toEqual([201, 201])
    const resolved = await api('GET', '/incidents?where[status][equals]=resolved')
    expect(resolved.body.docs.map((d: any) => d.id)).toEqual([closed.body.doc.id])
    const identified = await api('GET', '/incidents?where[status][equals]=identified')
    expect(identified.body.docs.map((d: any) => d.id)).toEqual([open.body.doc.id])
  })
})

describe('sort', () => {
  it('sorts ascending by a field', async () => {
    const res = await api('GET', '/services?sort=displayOrder&limit=100')
    expect(res.status).toBe(200)
    expect(res.body.docs.map((d: any) => d.displayOrder)).toEqual([...ORDERS].sort((a, b) => a - b))
    const byName = await api('GET', '/services?sort=name&limit=100')
    expect(byName.body.docs.map((d: any) => d.name)).toEqual([...NAMES].sort())
  })

  it('sorts descending with a leading minus', async () => {
    const res = await api('GET', '/services?sort=-displayOrder&limit=100')
    expect(res.body.docs.map((d: any) => d.displayOrder)).toEqual([...ORDERS].sort((a, b) => b - a))
    const byName = await api('GET', '/services?sort=-name&limit=100')
    expect(byName.body.docs.map((d: any) => d.name)).toEqual([...NAMES].sort().reverse())
  })

  it('sorts by createdAt in both directions', async () => {
    const asc = await api('GET', '/services?sort=createdAt&limit=100')
    const desc = await api('GET', '/services?sort=-createdAt&limit=100')
    const ascTimes = asc.body.docs.map((d: any) => Date.parse(d.createdAt))
    expect(ascTimes).toEqual([...ascTimes].sort((a, b) => a - b))
    expect(ascTimes[0]).toBeLessThan(ascTimes[ascTimes.length - 1])
    const descTimes = desc.body.docs.map((d: any) => Date.parse(d.createdAt))
    expect(descTimes).toEqual([...ascTimes].sort((a, b) => b - a))
  })
})

describe('limit and page', () => {
  it('defaults to limit 10, page 1', async () => {
    const res = await api('GET', '/services')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(10)
    expect(res.body).toMatchObject({
      totalDocs: NAMES.length,
      limit: 10,
      page: 1,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
      nextPage: 2,
    })
  })

  it('serves the rest on page 2', async () => {
    const res = await api('GET', '/services?page=2')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(NAMES.length - 10)
    expect(res.body).toMatchObject({
      totalDocs: NAMES.length,
      page: 2,
      hasNextPage: false,
      hasPrevPage: true,
      prevPage: 1,
    })
  })

  it('pages through everything once with an explicit limit', async () => {
    const seen: number[] = []
    for (let page = 1; page <= 3; page++) {
      const res = await api('GET', `/services?limit=5&page=${page}&sort=displayOrder`)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ limit: 5, page, totalDocs: NAMES.length, totalPages: 3, hasNextPage: page < 3 })
      expect(res.body.docs).toHaveLength(page < 3 ? 5 : 3)
      seen.push(...res.body.docs.map((d: any) => d.id))
    }
    expect(new Set(seen).size).toBe(NAMES.length)
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
  })

  it('answers an empty page past the end', async () => {
    const res = await api('GET', '/services?limit=5&page=9')
    expect(res.status).toBe(200)
    expect(res.body.docs).toEqual([])
    expect(res.body).toMatchObject({ totalDocs: NAMES.length, hasNextPage: false })
  })

  it('combines where, sort and limit', async () => {
    const res = await api('GET', '/services?where[status][equals]=operational&sort=-displayOrder&limit=2')
    const operational = ORDERS.filter((_, i) => STATUSES[i] === 'operational').sort((a, b) => b - a)
    expect(res.body.totalDocs).toBe(operational.length)
    expect(res.body.docs.map((d: any) => d.displayOrder)).toEqual(operational.slice(0, 2))
    expect(res.body.hasNextPage).toBe(true)
  })
})

describe('select', () => {
  it('returns only the selected fields plus id', async () => {
    const res = await api('GET', '/services?select[name]=true&limit=100')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(NAMES.length)
    for (const doc of res.body.docs) expect(Object.keys(doc).sort()).toEqual(['id', 'name'])
    expect(res.body.docs.map((d: any) => d.name).sort()).toEqual([...NAMES].sort())
  })

  it('returns several selected fields', async () => {
    const res = await api('GET', '/services?select[slug]=true&select[status]=true&where[name][equals]=golf')
    expect(res.body.docs).toEqual([{ id: expect.any(Number), slug: 'golf', status: 'partial' }])
  })

  it('applies to a single document', async () => {
    const res = await api('GET', `/services/${ids[0]}?select[description]=true`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: ids[0], description: `about ${NAMES[0]}` })
  })
})
