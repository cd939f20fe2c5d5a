/**
 * Fields of public records that the public API never shows (src/domain/private-fields.ts): through the CMS API only
 * editors and admins read them, filter on them or sort by them, on REST lists, REST reads by id and GraphQL. A
 * postmortem is one of them until it is published, then everyone reads it (but still cannot search it).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { PRIVATE_FIELDS } from '@/domain/private-fields'
import { api, createUser, graphql, payload, type TestUser } from '../helpers/api'
import { plainRichText } from '../helpers/rich-text'

let admin: TestUser
let editor: TestUser
const records: Record<string, number> = {}
let publishedPostmortem: number

const SECRET_WORD = 'Quagmire'
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const p = await payload()
  const integration = await p.create({ collection: 'integrations', data: { name: 'Alerts', kind: 'generic' } as never })
  const incident = await p.create({
    collection: 'incidents',
    context: { skipNotifications: true },
    data: {
      title: 'Backfilled, postmortem in review',
      backfilled: true,
      integration: integration.id,
      integrationKey: 'alerts:disk-full',
      updates: [
        { status: 'investigating', message: 'Looking.', createdAt: hoursAgo(5) },
        { status: 'resolved', message: 'Fixed.', createdAt: hoursAgo(4) },
      ],
      postmortem: plainRichText(`${SECRET_WORD}: the intern dropped the customer table`),
    } as never,
  })
  records.incidents = incident.id
  const published = await p.create({
    collection: 'incidents',
    context: { skipNotifications: true },
    data: {
      title: 'Postmortem published',
      updates: [{ status: 'resolved', message: 'Fixed.' }],
      postmortem: plainRichText('What we learnt'),
      postmortemPublishedAt: new Date().toISOString(),
    } as never,
  })
  publishedPostmortem = published.id
  const maintenance = await p.create({
    collection: 'maintenances',
    context: { skipNotifications: true },
    data: {
      title: 'Database upgrade',
      scheduledStartAt: hoursAgo(-24),
      scheduledEndAt: hoursAgo(-25),
      notifySubscribers: false,
      remindBefore: '1h',
      setServicesUnderMaintenance: true,
    } as never,
  })
  records.maintenances = maintenance.id
})

const GRAPHQL_LIST: Record<string, string> = { incidents: 'Incidents', maintenances: 'Maintenances' }
/** How GraphQL selects each field: a relationship needs a subselection. */
const selection = (field: string) => (field === 'integration' ? 'integration { id }' : field)

type Who = { name: string; key?: () => string; reads: boolean }
const principals: Who[] = [
  { name: 'anonymous', reads: false },
  { name: 'editor', key: () => editor.key, reads: true },
  { name: 'admin', key: () => admin.key, reads: true },
]

const fields = Object.entries(PRIVATE_FIELDS).flatMap(([slug, rules]) =>
  Object.keys(rules).map((field) => ({ name: `${slug}.${field}`, slug, field })),
)

describe.each(principals)('$name', (who) => {
  const key = () => who.key?.()

  it.each(fields)('$name: REST list, REST by id and GraphQL', async ({ slug, field }) => {
    const id = records[slug]
    const list = await api('GET', `/${slug}?depth=0&where[id][equals]=${id}`, { key: key() })
    expect(list.status, list.text).toBe(200)
    expect(list.body.docs).toHaveLength(1)
    expect(field in list.body.docs[0], `${field} in the list`).toBe(who.reads)
    const one = await api('GET', `/${slug}/${id}?depth=0`, { key: key() })
    expect(one.status, one.text).toBe(200)
    expect(field in one.body, `${field} by id`).toBe(who.reads)

    const gql = await graphql(
      `{ ${GRAPHQL_LIST[slug]}(where: { id: { equals: ${id} } }) { docs { id ${selection(field)} } } }`,
      undefined,
      { key: key() },
    )
    expect(gql.status, JSON.stringify(gql.body)).toBe(200)
    const value = gql.body.data[GRAPHQL_LIST[slug]].docs[0][field]
    if (!who.reads) expect(value).toBeNull()
    else if (field === 'integration') {
      if (who.name === 'admin') expect(value).not.toBeNull()
      // GraphQL enum values cannot start with a digit: Payload writes "1h" as "_1h".
    } else expect(typeof value === 'string' ? value.replace(/^_/, '') : value).toEqual(one.body[field])
  })

  it.each(fields)('$name: where and sort', async ({ slug, field }) => {
    const where = await api('GET', `/${slug}?where[${field}][exists]=true`, { key: key() })
    const sort = await api('GET', `/${slug}?sort=-${field}`, { key: key() })
    const gqlWhere = await graphql(
      `{ ${GRAPHQL_LIST[slug]}(where: { ${field}: { exists: true } }) { totalDocs } }`,
      undefined,
      { key: key() },
    )
    if (who.reads) {
      expect(where.status, where.text).toBe(200)
      expect(sort.status, sort.text).toBe(200)
      expect(gqlWhere.status, JSON.stringify(gqlWhere.body)).toBe(200)
      return
    }
    expect(where.status, where.text).toBe(400)
    expect(where.body.errors[0].message).toMatch(new RegExp(`${field}\\b.*|cannot be queried: ${field}$`))
    expect(where.body.docs).toBeUndefined()
    expect(sort.status, sort.text).toBe(400)
    expect(sort.body.errors[0].message).toBe(`sort: ${field} cannot be queried`)
    expect(gqlWhere.status, JSON.stringify(gqlWhere.body)).toBe(400)
    expect(gqlWhere.body.data?.[GRAPHQL_LIST[slug]] ?? null).toBeNull()
  })
})

describe('an unpublished postmortem', () => {
  it('cannot be read or searched word by word by a stranger', async () => {
    const search = await api('GET', `/incidents?where[postmortem][like]=${SECRET_WORD}`)
    expect(search.status, search.text).toBe(400)
    expect(search.text).not.toContain(SECRET_WORD)
    const gql = await graphql('{ Incidents { docs { title postmortem } } }')
    expect(gql.status).toBe(200)
    expect(JSON.stringify(gql.body)).not.toContain(SECRET_WORD)
    const list = await api('GET', '/incidents?depth=0')
    expect(list.status).toBe(200)
    expect(list.body.docs).toHaveLength(2)
    expect(list.text).not.toContain(SECRET_WORD)
  })

  it('is read and filtered by editors and admins', async () => {
    for (const user of [editor, admin]) {
      const filtered = await api(
        'GET',
        '/incidents?where[postmortem][exists]=true&where[postmortemPublishedAt][exists]=false',
        {
          key: user.key,
        },
      )
      expect(filtered.status, filtered.text).toBe(200)
      expect(filtered.body.docs.map((d: { id: number }) => d.id)).toEqual([records.incidents])
      expect(filtered.text).toContain(SECRET_WORD)
    }
  })

  it('rich text is searched by nobody with like (PostgreSQL cannot: it was a 500 for editors there)', async () => {
    for (const key of [undefined, editor.key, admin.key]) {
      const search = await api('GET', `/incidents?where[postmortem][like]=${SECRET_WORD}`, { key })
      expect(search.status, search.text).toBe(400)
      expect(search.body.errors[0].message).toBe(
        'where[postmortem][like] is not supported: rich text and JSON fields take exists only',
      )
    }
  })
})

describe('a published postmortem', () => {
  it('is read by everyone, on REST and GraphQL, but searched only by editors and admins', async () => {
    const one = await api('GET', `/incidents/${publishedPostmortem}`)
    expect(one.status).toBe(200)
    expect(JSON.stringify(one.body.postmortem)).toContain('What we learnt')
    const list = await api('GET', '/incidents?depth=0&sort=-createdAt')
    const listed = list.body.docs.find((d: { id: number }) => d.id === publishedPostmortem)
    expect(JSON.stringify(listed.postmortem)).toContain('What we learnt')
    const gql = await graphql(
      `{ Incidents(where: { id: { equals: ${publishedPostmortem} } }) { docs { postmortem } } }`,
    )
    expect(JSON.stringify(gql.body.data.Incidents.docs[0].postmortem)).toContain('What we learnt')
    expect((await api('GET', '/incidents?where[postmortem][like]=learnt')).status).toBe(400)
  })
})
