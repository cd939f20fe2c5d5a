import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, graphql, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let groupId: number

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'GraphQL group' } })
  groupId = group.body.doc.id
  for (const [name, status] of [
    ['Edge', 'operational'],
    ['Origin', 'degraded'],
  ]) {
    const res = await api('POST', '/services', { key: admin.key, body: { name, status, group: groupId } })
    expect(res.status).toBe(201)
  }
})

describe('GraphQL queries', () => {
  it('lets anyone read services', async () => {
    const res = await graphql('{ Services(sort: "name") { totalDocs docs { id name slug status group { name } } } }')
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.Services.totalDocs).toBe(2)
    expect(res.body.data.Services.docs).toEqual([
      { id: expect.any(Number), name: 'Edge', slug: 'edge', status: 'operational', group: { name: 'GraphQL group' } },
      { id: expect.any(Number), name: 'Origin', slug: 'origin', status: 'degraded', group: { name: 'GraphQL group' } },
    ])
  })

  it('filters with where and variables', async () => {
    const res = await graphql(
      'query ($status: Service_status_Input) { Services(where: { status: { equals: $status } }) { docs { name } } }',
      { status: 'degraded' },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.Services.docs).toEqual([{ name: 'Origin' }])
  })

  it('does not let a stranger read users', async () => {
    const res = await graphql('{ Users { docs { email } } }')
    expect(res.body.data?.Users ?? null).toBeNull()
    expect(res.body.errors?.length).toBeGreaterThan(0)
    expect(res.text).not.toContain(admin.email)
  })
})

describe('GraphQL mutations', () => {
  const createService = `mutation ($name: String!, $group: Int!) {
    createService(data: { name: $name, group: $group, status: partial }) { id name slug status }
  }`

  it('creates a service with an API key', async () => {
    const res = await graphql(createService, { name: 'Graph Made', group: groupId }, { key: editor.key })
    expect(res.status).toBe(200)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.createService).toMatchObject({ name: 'Graph Made', slug: 'graph-made', status: 'partial' })
    const read = await api('GET', `/services/${res.body.data.createService.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ name: 'Graph Made', status: 'partial' })
  })

  it('answers 401 to an anonymous mutation and writes nothing', async () => {
    const res = await graphql(createService, { name: 'Anonymous', group: groupId })
    expect(res.status).toBe(401)
    expect(res.body.errors).toHaveLength(1)
    expect(res.body.errors[0].extensions.statusCode).toBe(401)
    expect(res.body.errors[0].message).toMatch(/authentication required/i)
    expect(res.body.data?.createService ?? null).toBeNull()
    const list = await api('GET', '/services?where[name][equals]=Anonymous')
    expect(list.body.totalDocs).toBe(0)
  })

  it('answers 401 to a mutation with an invalid key', async () => {
    const res = await graphql(createService, { name: 'Bad key', group: groupId }, { key: 'not-a-real-key' })
    expect(res.status).toBe(401)
    expect(res.body.errors[0].extensions.statusCode).toBe(401)
  })

  it('refuses an editor updating the settings with 403', async () => {
    const before = await api('GET', '/globals/settings')
    const res = await graphql('mutation { updateSetting(data: { siteName: "Hijacked" }) { siteName } }', undefined, {
      key: editor.key,
    })
    expect(res.body.errors).toHaveLength(1)
    expect(res.body.errors[0].extensions.statusCode).toBe(403)
    expect(res.body.errors[0].message).toMatch(/not allowed/i)
    expect(res.status).not.toBe(401)
    const after = await api('GET', '/globals/settings')
    expect(after.body.siteName).toBe(before.body.siteName)
    expect(after.body.siteName).not.toBe('Hijacked')
  })

  it('lets an admin update the settings', async () => {
    const res = await graphql('mutation { updateSetting(data: { siteName: "Acme status" }) { siteName } }', undefined, {
      key: admin.key,
    })
    expect(res.status).toBe(200)
    expect(res.body.data.updateSetting.siteName).toBe('Acme status')
  })

  it('refuses an editor creating a user with 403', async () => {
    const email = 'sneaky@example.test'
    const res = await graphql(
      'mutation ($email: String!) { createUser(data: { email: $email, password: "correct-horse-battery", role: admin }) { id } }',
      { email },
      { key: editor.key },
    )
    expect(res.body.errors[0].extensions.statusCode).toBe(403)
    expect(res.status).not.toBe(401)
    const users = await api('GET', `/users?where[email][equals]=${encodeURIComponent(email)}`, { key: admin.key })
    expect(users.body.totalDocs).toBe(0)
  })

  it('refuses an editor deleting a service with 403', async () => {
    const list = await api('GET', '/services?where[name][equals]=Edge')
    const id = list.body.docs[0].id
    const res = await graphql(`mutation { deleteService(id: ${id}) { id } }`, undefined, { key: editor.key })
    expect(res.body.errors[0].extensions.statusCode).toBe(403)
    expect((await api('GET', `/services/${id}`)).status).toBe(200)
  })

  it('reports a validation error of a mutation as a 400 naming the field', async () => {
    const res = await graphql(
      `mutation { createService(data: { name: "Bad slug", slug: "Not A Slug", group: ${groupId}, status: operational }) { id } }`,
      undefined,
      {
        key: admin.key,
      },
    )
    expect(res.body.errors).toHaveLength(1)
    expect(res.body.errors[0].extensions.statusCode).toBe(400)
    expect(res.body.errors[0].message).toMatch(/slug/i)
    expect(res.body.data?.createService ?? null).toBeNull()
  })
})
