import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, graphql, type ApiResponse, type TestUser } from '../helpers/api'

/**
 * L10 and I4: error answers follow the contract (401 for strangers, 403 for a role, 404 for what does not exist,
 * always `{errors:[{message}]}`), carry no class names (minified in the build: `"name":"o"`), and strangers get no
 * map of every collection's fields.
 */

let editor: TestUser
let admin: TestUser

beforeAll(async () => {
  // The first user of a fresh database becomes an admin whatever it asks (the first-user screen): admin first.
  admin = await createUser('admin')
  editor = await createUser('editor')
})

function expectErrorShape(res: ApiResponse, status: number) {
  expect(res.status, res.text).toBe(status)
  expect(Array.isArray(res.body?.errors)).toBe(true)
  for (const error of res.body.errors) {
    expect(typeof error.message).toBe('string')
    expect(error).not.toHaveProperty('name')
  }
}

describe('GraphQL refusals have the REST status on the wire', () => {
  it('an editor refused for its role gets 403', async () => {
    const res = await graphql('mutation { updateSetting(data: { siteName: "Mine" }) { siteName } }', undefined, {
      key: editor.key,
    })
    expect(res.status).toBe(403)
    expect(res.body.errors[0].extensions.statusCode).toBe(403)
    const user = await graphql(
      `mutation { createUser(data: { email: "x@example.com", password: "long-enough-password", role: admin }) { id } }`,
      undefined,
      { key: editor.key },
    )
    expect(user.status).toBe(403)
  })

  it('a stranger still gets 401, an allowed query 200, and errors carry no class names', async () => {
    const anonymous = await graphql('mutation { updateSetting(data: { siteName: "Mine" }) { siteName } }')
    expect(anonymous.status).toBe(401)
    const allowed = await graphql('{ Services { totalDocs } }')
    expect(allowed.status).toBe(200)
    for (const error of [...anonymous.body.errors]) expect(error.extensions).not.toHaveProperty('name')
  })
})

describe('unknown CMS routes are 404s in the contract shape', () => {
  for (const path of ['/payload-migrations', '/nonexistent', '/payload-migrations/1', '/globals/nonexistent']) {
    it(`GET ${path}`, async () => {
      expectErrorShape(await api('GET', path, { key: admin.key }), 404)
    })
  }
})

describe('error bodies carry no class names', () => {
  it('validation, permission, authentication and not-found errors', async () => {
    expectErrorShape(await api('POST', '/services', { key: admin.key, body: { name: '' } }), 400)
    expectErrorShape(
      await api('POST', '/users', {
        key: editor.key,
        body: { email: 'e@example.com', password: 'abcdefghijkl', role: 'admin' },
      }),
      403,
    )
    expectErrorShape(await api('GET', '/users'), 401)
    expectErrorShape(await api('GET', '/services/999999'), 404)
  })
})

describe('/api/access', () => {
  it('answers strangers 401 without listing any field', async () => {
    const res = await api('GET', '/access')
    expectErrorShape(res, 401)
    expect(res.text).not.toMatch(/collections|fields|unsubscribeToken/)
  })

  it('and the GraphQL Access and docAccess queries answer strangers 401 too', async () => {
    for (const query of [
      '{ Access { canAccessAdmin } }',
      '{ docAccessIncident(id: 1) { update { permission } } }',
      '{ docAccessSetting { update { permission } } }',
    ]) {
      const res = await graphql(query)
      expect(res.status, `${query}: ${res.text}`).toBe(401)
      expect(res.body.data).toBeUndefined()
    }
  })

  it('still answers logged-in users their permissions', async () => {
    const res = await api('GET', '/access', { key: editor.key })
    expect(res.status).toBe(200)
    expect(res.body.canAccessAdmin).toBe(true)
    expect(res.body.collections.incidents.create).toBeTruthy()
  })
})
