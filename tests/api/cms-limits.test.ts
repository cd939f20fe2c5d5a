import { beforeAll, describe, expect, it } from 'vitest'

import { api, graphql, payload } from '../helpers/api'

/**
 * H3: one anonymous request could read the whole database (`limit=0`, `pagination=false`, 30 GraphQL aliases of
 * `limit: 0`). A client's list is at most 100 rows, and a GraphQL operation costs what it may return.
 */

const INCIDENTS = 105

beforeAll(async () => {
  const p = await payload()
  const group = await p.create({ collection: 'service-groups', data: { name: 'Limits' }, overrideAccess: true })
  const service = await p.create({
    collection: 'services',
    data: { name: 'Limited', group: group.id, status: 'operational' },
    overrideAccess: true,
  })
  for (let i = 0; i < INCIDENTS; i++) {
    await p.create({
      collection: 'incidents',
      overrideAccess: true,
      context: { skipNotifications: true },
      data: {
        title: `Incident ${i}`,
        affectedServices: [service.id],
        updates: [{ status: 'resolved', message: `m${i}` }],
      },
    })
  }
})

const aliases = (count: number, limit: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: Incidents(limit: ${limit}) { docs { id title updates { message } affectedServices { name group { name } } } }`).join(' ')} }`

describe('REST lists are at most 100 rows', () => {
  it('limit=0 with depth=2 answers 100 rows and says so', async () => {
    const res = await api('GET', '/incidents?limit=0&depth=2')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(100)
    expect(res.body.limit).toBe(100)
    expect(res.body.totalDocs).toBe(INCIDENTS)
    expect(res.body.hasNextPage).toBe(true)
  })

  it('a limit over 100 is read as 100, and page 2 has the rest', async () => {
    const first = await api('GET', '/incidents?limit=1000')
    expect(first.body.docs).toHaveLength(100)
    expect(first.body.limit).toBe(100)
    const second = await api('GET', '/incidents?limit=1000&page=2')
    expect(second.body.docs).toHaveLength(INCIDENTS - 100)
  })

  it('pagination=false does not lift it', async () => {
    const res = await api('GET', '/incidents?pagination=false&limit=0')
    expect(res.status).toBe(200)
    expect(res.body.docs.length).toBeLessThanOrEqual(100)
  })

  it('limits up to 100 keep their meaning, and the default stays 10', async () => {
    expect((await api('GET', '/incidents?limit=100')).body.docs).toHaveLength(100)
    expect((await api('GET', '/incidents?limit=7')).body.docs).toHaveLength(7)
    expect((await api('GET', '/incidents')).body.docs).toHaveLength(10)
  })

  it('server code through the Local API is not capped', async () => {
    const p = await payload()
    const all = await p.find({ collection: 'incidents', limit: 0, depth: 0 })
    expect(all.docs).toHaveLength(INCIDENTS)
  })
})

describe('GraphQL cost grows with the rows asked for', () => {
  it('refuses 30 aliases of Incidents(limit: 0) before running them, with a 400 saying why', async () => {
    const res = await graphql(aliases(30, 0))
    expect(res.status).toBe(400)
    expect(res.body.data).toBeUndefined()
    expect(res.body.errors).toHaveLength(1)
    expect(res.body.errors[0].message).toMatch(/too expensive.*at most 5000.*fewer rows \(limit\), fields or aliases/)
  })

  it('refuses a few aliases of full pages too', async () => {
    expect((await graphql(aliases(6, 100))).status).toBe(400)
  })

  it('counts a limit passed in a variable', async () => {
    const query = `query ($n: Int) { ${Array.from({ length: 30 }, (_, i) => `a${i}: Incidents(limit: $n) { docs { id title updates { message } } }`).join(' ')} }`
    expect((await graphql(query, { n: 100 })).status).toBe(400)
  })

  it('answers a normal query, capped at 100 rows like REST', async () => {
    const res = await graphql(
      '{ Incidents(limit: 0) { totalDocs limit docs { id title updates { message } affectedServices { name group { name } } } } }',
    )
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.Incidents.docs).toHaveLength(100)
    expect(res.body.data.Incidents.limit).toBe(100)
    expect(res.body.data.Incidents.totalDocs).toBe(INCIDENTS)
    const small = await graphql(aliases(3, 10))
    expect(small.status).toBe(200)
    expect(small.body.data.a2.docs).toHaveLength(10)
  })
})
