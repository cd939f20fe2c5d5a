import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, graphql, type ApiResponse, type TestUser } from '../helpers/api'

/**
 * Bad input never reaches the database as a 500: each of these used to be one on SQLite, PostgreSQL or both
 * (foreign keys, enum columns, unparsable dates, NaN ids, LIKE patterns too long for SQLite).
 */

let admin: TestUser
let groupId: number
let serviceId: number
let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`

/** The contract's error body: {errors:[{message}]}, the field named, and nothing from the server's insides. */
function expectRefusal(res: ApiResponse, status: number, field: RegExp) {
  expect(res.status, res.text).toBe(status)
  expect(Array.isArray(res.body?.errors)).toBe(true)
  expect(res.body.errors.length).toBeGreaterThan(0)
  for (const error of res.body.errors) expect(typeof error.message).toBe('string')
  expect(JSON.stringify(res.body.errors.map((e: { message: string; data?: unknown }) => [e.message, e.data]))).toMatch(
    field,
  )
  expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|stack|Failed query|Something went wrong/i)
}

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Bad input' } })
  groupId = group.body.doc.id
  const service = await api('POST', '/services', { key: admin.key, body: { name: 'Target', group: groupId } })
  serviceId = service.body.doc.id
  const incident = await api('POST', '/incidents', {
    key: admin.key,
    body: { title: 'Existing', affectedServices: [serviceId], updates: [{ status: 'investigating', message: 'x' }] },
  })
  expect([group.status, service.status, incident.status]).toEqual([201, 201, 201])
})

describe('relationship ids that name no record are 400s naming the field', () => {
  it('a service with an unknown group, on create and on update', async () => {
    const created = await api('POST', '/services', { key: admin.key, body: { name: unique('Orphan'), group: 99999 } })
    expectRefusal(created, 400, /group: no record in service-groups has id 99999/)
    const updated = await api('PATCH', `/services/${serviceId}`, { key: admin.key, body: { group: 99999 } })
    expectRefusal(updated, 400, /group: no record/)
    const unchanged = await api('GET', `/services/${serviceId}?depth=0`)
    expect(unchanged.body.group).toBe(groupId)
  })

  it('a group that is not a single record id', async () => {
    for (const group of [-1, 1.5, [groupId], 'abc']) {
      const res = await api('POST', '/services', { key: admin.key, body: { name: unique('Odd group'), group } })
      expectRefusal(res, 400, /group/i)
    }
  })

  it('an incident and a maintenance with unknown affected services', async () => {
    const incident = await api('POST', '/incidents', {
      key: admin.key,
      body: {
        title: 'Ghost',
        affectedServices: [serviceId, 9999],
        updates: [{ status: 'investigating', message: 'x' }],
      },
    })
    expectRefusal(incident, 400, /affectedServices: no record in services has id 9999/)
    const single = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Ghost', affectedServices: 9999, updates: [{ status: 'investigating', message: 'x' }] },
    })
    expectRefusal(single, 400, /affectedServices/)
    const maintenance = await api('POST', '/maintenances', {
      key: admin.key,
      body: { title: 'Ghost work', scheduledStartAt: '2030-01-01T00:00:00Z', affectedServices: [9999, 9998] },
    })
    expectRefusal(maintenance, 400, /affectedServices: no record in services has ids 9999, 9998/)
    const none = await api('GET', '/incidents?where[title][equals]=Ghost')
    expect(none.body.totalDocs).toBe(0)
  })

  it('subscribers and the settings logo', async () => {
    const subscriber = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: 'ghost@example.com', services: [9999] },
    })
    expectRefusal(subscriber, 400, /services: no record/)
    const settings = await api('POST', '/globals/settings', { key: admin.key, body: { logo: 9999 } })
    expectRefusal(settings, 400, /logo: no record in media/)
  })

  it('through GraphQL as well', async () => {
    const res = await graphql(
      `mutation { createIncident(data: { title: "Ghost", affectedServices: [9999], updates: [{ status: investigating, message: "x" }] }) { id } }`,
      undefined,
      { key: admin.key },
    )
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body.errors)).toMatch(/affectedServices: no record/)
    expect(res.text).not.toMatch(/Failed query|Something went wrong/)
  })

  it('existing ids are still accepted', async () => {
    const res = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Real', affectedServices: [serviceId], updates: [{ status: 'investigating', message: 'x' }] },
    })
    expect(res.status).toBe(201)
    expect(res.body.doc.affectedServices.map((s: { id: number }) => s.id)).toEqual([serviceId])
  })
})

describe('where values that do not fit the field are 400s naming it', () => {
  const cases: [string, RegExp][] = [
    // select (enum columns on PostgreSQL): an unknown value is a typo, not an empty result
    ['/services?where[status][equals]=bogus', /where\[status\]\[equals\] must be one of: operational/],
    ['/services?where[status][not_equals]=bogus', /where\[status\]\[not_equals\]/],
    ['/services?where[status][in]=major,bogus', /where\[status\]\[in\]/],
    ['/services?where[status][like]=%25', /where\[status\]\[like\] is not supported/],
    ['/services?where[status][contains]=maj', /where\[status\]\[contains\]/],
    ['/services?where[or][0][status][equals]=bogus', /where\[status\]\[equals\]/],
    ['/incidents?where[status][equals]=bogus', /where\[status\]\[equals\] must be one of: investigating/],
    ['/incidents?where[updates.status][equals]=bogus', /where\[updates\.status\]\[equals\]/],
    ['/maintenances?where[status][equals]=bogus', /where\[status\]\[equals\] must be one of: upcoming/],
    ['/subscribers?where[type][equals]=bogus', /where\[type\]\[equals\]/],
    // dates
    ['/services?where[createdAt][greater_than]=notadate', /where\[createdAt\]\[greater_than\] must be a date/],
    ['/services?where[createdAt][equals]=99999999999999999999', /where\[createdAt\]\[equals\]/],
    ['/incidents?where[updates.createdAt][greater_than]=bad', /where\[updates\.createdAt\]/],
    ['/maintenances?where[scheduledStartAt][less_than]=2020-13-45', /where\[scheduledStartAt\]\[less_than\]/],
    // ids and relationships
    ['/services?where[id][equals]=abc', /where\[id\]\[equals\] must be a record id/],
    ['/services?where[id][in]=abc,1', /where\[id\]\[in\]/],
    ['/services?where[id][equals]=99999999999', /where\[id\]\[equals\]/],
    ['/services?where[group][equals]=abc', /where\[group\]\[equals\]/],
    ['/incidents?where[affectedServices][in]=abc', /where\[affectedServices\]\[in\]/],
    // numbers
    ['/services?where[displayOrder][greater_than]=x', /where\[displayOrder\]\[greater_than\] must be a number/],
    ['/services?where[group.displayOrder][greater_than]=x', /where\[group\.displayOrder\]/],
    // shapes and sizes
    ['/services?where[slug][equals][x]=1', /where\[slug\]\[equals\] takes a single value/],
    ['/services?where[status]=major', /where\[status\] needs an operator/],
    ['/services?where[status][exists]=maybe', /where\[status\]\[exists\] must be true or false/],
    ['/services?where[status][near]=1,2', /where\[status\]\[near\]/],
    [`/services?where[name][like]=${'x'.repeat(60_000)}`, /where\[name\]\[like\] is too long/],
    ['/services?where={"status":{"equals":"bogus"}}', /where\[status\]\[equals\]/],
    ['/services/count?where[status][equals]=bogus', /where\[status\]\[equals\]/],
  ]

  it.each(cases.map(([path, field]) => [path.slice(0, 80), path, field] as const))(
    'GET %s',
    async (_title, path, field) => {
      expectRefusal(await api('GET', path, { key: admin.key }), 400, field)
    },
  )

  it('bulk updates and deletes check their where too', async () => {
    expectRefusal(
      await api('PATCH', '/services?where[status][equals]=bogus', { key: admin.key, body: { description: 'z' } }),
      400,
      /where\[status\]/,
    )
    expectRefusal(
      await api('PATCH', '/services?where[createdAt][greater_than]=bad', {
        key: admin.key,
        body: { description: 'z' },
      }),
      400,
      /createdAt/,
    )
    expectRefusal(await api('DELETE', '/services?where[id][equals]=abc', { key: admin.key }), 400, /where\[id\]/)
    expect((await api('GET', `/services/${serviceId}`)).status).toBe(200)
  })

  it('GraphQL where values are refused, not failed', async () => {
    const res = await graphql('{ Services(where: { group: { equals: "abc" } }) { docs { id } } }', undefined, {
      key: admin.key,
    })
    expect(JSON.stringify(res.body.errors)).toMatch(/where\[group\]\[equals\]/)
    expect(res.text).not.toMatch(/Failed query|Something went wrong/)
    const dates = await graphql(
      '{ Services(where: { createdAt: { greater_than: "bad" } }) { docs { id } } }',
      undefined,
      { key: admin.key },
    )
    expect(dates.body.errors?.length).toBeGreaterThan(0)
    expect(dates.text).not.toMatch(/Failed query|Something went wrong/)
  })

  it('good filters still work', async () => {
    for (const path of [
      '/services?where[status][equals]=operational',
      '/services?where[status][in]=operational,major',
      `/services?where[group][equals]=${groupId}`,
      '/services?where[createdAt][greater_than]=2000-01-01',
      '/services?where[displayOrder][greater_than_equal]=0',
      '/services?where[name][like]=Targ',
      '/services?where[group.name][equals]=Bad input',
      `/incidents?where[affectedServices][in]=${serviceId}`,
      '/incidents?where[updates.status][equals]=investigating',
      '/services?where[description][exists]=false',
    ]) {
      const res = await api('GET', path, { key: admin.key })
      expect(res.status, `${path}: ${res.text}`).toBe(200)
      expect(res.body.totalDocs, path).toBeGreaterThan(0)
    }
  })
})

describe('depth', () => {
  it.each(['abc', '-5', '1.5', '11', ''])('depth=%s is a 400 naming depth', async (depth) => {
    expectRefusal(await api('GET', `/services?depth=${depth}`), 400, /depth must be a whole number from 0 to 10/)
    expectRefusal(await api('GET', `/services/${serviceId}?depth=${depth}`), 400, /depth/)
    expectRefusal(await api('GET', `/globals/settings?depth=${depth}`), 400, /depth/)
  })

  it('0..10 keep their meaning', async () => {
    expect((await api('GET', `/services/${serviceId}?depth=0`)).body.group).toBe(groupId)
    expect((await api('GET', `/services/${serviceId}?depth=1`)).body.group.id).toBe(groupId)
    expect((await api('GET', `/services/${serviceId}?depth=10`)).status).toBe(200)
  })
})

describe('written timestamps', () => {
  it('a createdAt that is not a date is a 400 naming it', async () => {
    const res = await api('POST', '/services', {
      key: admin.key,
      body: { name: unique('Stamped'), group: groupId, createdAt: 'bad' },
    })
    expectRefusal(res, 400, /createdAt must be a date/)
  })

  // Read in the server's time zone, these would name different instants on two instances (B12).
  const local = '2026-12-01T10:00:00'
  it('a date-time without an offset is a 400 naming the field, on every date field the CMS API writes', async () => {
    const maintenance = {
      title: unique('Window'),
      scheduledStartAt: '2026-12-01T10:00:00Z',
      scheduledEndAt: '2026-12-01T11:00:00Z',
    }
    expectRefusal(
      await api('POST', '/maintenances', { key: admin.key, body: { ...maintenance, scheduledStartAt: local } }),
      400,
      /scheduledStartAt must be a date-time with a time zone offset/,
    )
    expectRefusal(
      await api('POST', '/maintenances', {
        key: admin.key,
        body: { ...maintenance, scheduledEndAt: '2026-12-01T11:00' },
      }),
      400,
      /scheduledEndAt must be/,
    )
    expectRefusal(
      await api('POST', '/maintenances', { key: admin.key, body: { ...maintenance, scheduledEndAt: '2026-12-01' } }),
      400,
      /scheduledEndAt must be/,
    )
    expectRefusal(
      await api('POST', '/incidents', {
        key: admin.key,
        body: { title: unique('Local'), updates: [{ status: 'investigating', message: 'x', createdAt: local }] },
      }),
      400,
      /updates\.0\.createdAt must be a date-time with a time zone offset/,
    )
    const created = await api('POST', '/maintenances', { key: admin.key, body: maintenance })
    expect(created.status, created.text).toBe(201)
    expectRefusal(
      await api('PATCH', `/maintenances/${created.body.doc.id}`, { key: admin.key, body: { scheduledEndAt: local } }),
      400,
      /scheduledEndAt must be/,
    )
    expectRefusal(
      await api('PATCH', `/maintenances/${created.body.doc.id}`, {
        key: admin.key,
        body: { updates: [{ message: 'x', createdAt: local }] },
      }),
      400,
      /updates\.0\.createdAt must be/,
    )
    expectRefusal(
      await api('POST', '/services', {
        key: admin.key,
        body: { name: unique('Stamped'), group: groupId, createdAt: local },
      }),
      400,
      /createdAt must be/,
    )
    expectRefusal(
      await api('GET', `/maintenances?where[scheduledStartAt][greater_than]=${local}`),
      400,
      /where\[scheduledStartAt\]\[greater_than\] must be/,
    )
    const gql = await graphql(
      `mutation { createMaintenance(data: { title: "${unique('Gql')}", scheduledStartAt: "${local}", status: upcoming }) { id } }`,
      undefined,
      { key: admin.key },
    )
    expect(JSON.stringify(gql.body.errors)).toMatch(/scheduledStartAt must be a date-time with a time zone offset/)
    expect(gql.body.data?.createMaintenance ?? null).toBeNull()
  })

  it('an offset other than Z names the same instant, stored in one form', async () => {
    const res = await api('POST', '/maintenances', {
      key: admin.key,
      body: {
        title: unique('Offset'),
        scheduledStartAt: '2026-12-01T11:00:00+01:00',
        scheduledEndAt: '2026-12-01T06:00:00.5-05:00',
      },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body.doc.scheduledStartAt).toBe('2026-12-01T10:00:00.000Z')
    expect(res.body.doc.scheduledEndAt).toBe('2026-12-01T11:00:00.500Z')
    const found = await api(
      'GET',
      `/maintenances?where[scheduledStartAt][equals]=2026-12-01T10:00:00.000Z&where[title][equals]=${encodeURIComponent(res.body.doc.title)}`,
    )
    expect(found.body.docs.map((d: { id: number }) => d.id)).toEqual([res.body.doc.id])
    expect((await api('GET', '/maintenances?where[scheduledStartAt][greater_than]=2026-12-01')).status).toBe(200)
  })
})

describe('limits meant for clients do not apply to Payload populating relationships', () => {
  it('a page of incidents whose services number more than the where list limit still reads at depth 1', async () => {
    const { payload } = await import('../helpers/api')
    const p = await payload()
    const ids: number[] = []
    for (let i = 0; i < 520; i++) {
      ids.push(
        (
          await p.create({
            collection: 'services',
            data: { name: `Many ${i}`, group: groupId, status: 'operational' },
            overrideAccess: true,
          })
        ).id,
      )
    }
    for (let i = 0; i < 4; i++) {
      await p.create({
        collection: 'incidents',
        overrideAccess: true,
        data: {
          title: `Wide ${i}`,
          affectedServices: ids.slice(i * 130, (i + 1) * 130),
          updates: [{ status: 'investigating', message: 'wide' }],
        },
      })
    }
    const list = await api('GET', '/incidents?where[title][like]=Wide&depth=1&limit=4')
    expect(list.status, list.text.slice(0, 300)).toBe(200)
    const names = list.body.docs.flatMap((doc: { affectedServices: { name: string }[] }) =>
      doc.affectedServices.map((s) => s.name),
    )
    expect(new Set(names).size).toBe(520)
    // A client's own filter is still held to the limit.
    const tooMany = await api('GET', `/incidents?where[affectedServices][in]=${ids.join(',')}`)
    expectRefusal(tooMany, 400, /affectedServices/)
    // The server's own queries are not (B13): saving an incident that affects all of them checks 520 ids at once.
    const wide = await api('POST', '/incidents', {
      key: admin.key,
      body: { title: 'Widest', affectedServices: ids, updates: [{ status: 'investigating', message: 'all' }] },
    })
    expect(wide.status, wide.text.slice(0, 300)).toBe(201)
    expect(wide.body.doc.affectedServices).toHaveLength(520)
  }, 300_000)
})
