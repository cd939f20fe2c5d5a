/**
 * Who may do what through the CMS REST API, for the users who have an account (an editor and an administrator, by
 * API key and by session; tests/helpers/access-matrix.ts), and what a role may do to users, in bulk and through
 * GraphQL. The strangers' part of the matrix: access-matrix-strangers.test.ts.
 */
import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { api, createUser, graphql } from '../helpers/api'
import {
  admin,
  count,
  describeMatrix,
  editor,
  editorCookie,
  expectErrorBody,
  findLocal,
  nextTag,
  principals,
  resources,
  serviceId,
  useMatrixUsers,
} from '../helpers/access-matrix'

useMatrixUsers()
describeMatrix(principals.filter((principal) => principal.kind !== 'stranger'))

describe('users: roles and API keys', () => {
  it('an editor cannot change its own role (403, unchanged), by id or by a bulk update', async () => {
    const byId = await api('PATCH', `/users/${editor.id}`, { key: editor.key, body: { role: 'admin' } })
    expectErrorBody(byId, 403)
    const bulk = await api('PATCH', `/users?where[id][equals]=${editor.id}`, {
      key: editor.key,
      body: { role: 'admin' },
    })
    expectErrorBody(bulk, 403)
    const viaCookie = await api('PATCH', `/users/${editor.id}`, {
      headers: { cookie: editorCookie },
      body: { role: 'admin', name: 'Sneaky' },
    })
    expectErrorBody(viaCookie, 403)
    const stored = await findLocal('users', editor.id)
    expect(stored?.role).toBe('editor')
    expect(stored?.name).not.toBe('Sneaky')
    // Still an editor in practice: deletes stay out of reach.
    const id = await resources[0].makeTarget(nextTag())
    expectErrorBody(await api('DELETE', `/service-groups/${id}`, { key: editor.key }), 403)
  })

  it('an editor cannot change its role through GraphQL either', async () => {
    const res = await graphql(
      `mutation { updateUser(id: ${editor.id}, data: { role: admin }) { id role } }`,
      undefined,
      {
        key: editor.key,
      },
    )
    expect(res.body.data?.updateUser ?? null).toBeNull()
    expect(res.body.errors?.[0]?.extensions?.statusCode).toBe(403)
    expect((await findLocal('users', editor.id))?.role).toBe('editor')
  })

  it('an editor may save its own profile, the unchanged role included', async () => {
    const res = await api('PATCH', `/users/${editor.id}`, { key: editor.key, body: { name: 'Eddie', role: 'editor' } })
    expect(res.status, res.text).toBe(200)
    const stored = await findLocal('users', editor.id)
    expect(stored).toMatchObject({ name: 'Eddie', role: 'editor' })
  })

  it('an editor cannot create a user, as an editor or as an admin', async () => {
    const before = await count('users')
    for (const role of ['editor', 'admin']) {
      const res = await api('POST', '/users', {
        key: editor.key,
        body: {
          email: `made-by-editor-${role}-${randomUUID().slice(0, 6)}@example.test`,
          password: 'a-long-password-123',
          role,
        },
      })
      expectErrorBody(res, 403)
    }
    expect(await count('users')).toBe(before)
  })

  it('an editor cannot promote another user', async () => {
    const id = await resources[5].makeTarget(nextTag())
    expectErrorBody(await api('PATCH', `/users/${id}`, { key: editor.key, body: { role: 'admin' } }), 403)
    expect((await findLocal('users', id))?.role).toBe('editor')
  })

  it('an editor cannot enable or set an API key for another user', async () => {
    const id = await resources[5].makeTarget(nextTag())
    const chosen = randomUUID()
    const res = await api('PATCH', `/users/${id}`, { key: editor.key, body: { enableAPIKey: true, apiKey: chosen } })
    expectErrorBody(res, 403)
    expect((await findLocal('users', id))?.enableAPIKey).not.toBe(true)
    expectErrorBody(await api('GET', '/subscribers', { key: chosen }), 401)
  })

  it('an editor cannot replace its own API key: the chosen key authenticates nobody, the old one still works', async () => {
    const chosen = randomUUID()
    const res = await api('PATCH', `/users/${editor.id}`, {
      key: editor.key,
      body: { enableAPIKey: true, apiKey: chosen },
    })
    // The key fields are dropped, not refused (the admin form sends them back as they are).
    expect([200, 403]).toContain(res.status)
    expectErrorBody(await api('GET', '/subscribers', { key: chosen }), 401)
    expect((await api('GET', '/subscribers', { key: editor.key })).status).toBe(200)
  })

  it('an editor cannot turn off another user’s API key', async () => {
    const other = await createUser('editor')
    expectErrorBody(await api('PATCH', `/users/${other.id}`, { key: editor.key, body: { enableAPIKey: false } }), 403)
    expect((await api('GET', '/subscribers', { key: other.key })).status).toBe(200)
  })

  it('an admin can issue an API key to another user, and that key then acts as that user', async () => {
    const id = await resources[5].makeTarget(nextTag())
    const chosen = randomUUID()
    const res = await api('PATCH', `/users/${id}`, { key: admin.key, body: { enableAPIKey: true, apiKey: chosen } })
    expect(res.status, res.text).toBe(200)
    expect((await api('GET', '/subscribers', { key: chosen })).status).toBe(200)
    // An editor's key: refused as an editor (403), not as a stranger.
    expectErrorBody(await api('DELETE', `/services/${serviceId}`, { key: chosen }), 403)
  })

  it('an admin can change a role, and the user’s key then carries the new role', async () => {
    const user = await createUser('editor')
    expectErrorBody(await api('GET', '/globals/email-settings', { key: user.key }), 403)
    const res = await api('PATCH', `/users/${user.id}`, { key: admin.key, body: { role: 'admin' } })
    expect(res.status, res.text).toBe(200)
    expect((await api('GET', '/globals/email-settings', { key: user.key })).status).toBe(200)
  })

  it('a disabled API key no longer authenticates (401)', async () => {
    const user = await createUser('editor')
    expect((await api('GET', '/subscribers', { key: user.key })).status).toBe(200)
    const res = await api('PATCH', `/users/${user.id}`, { key: admin.key, body: { enableAPIKey: false } })
    expect(res.status, res.text).toBe(200)
    expectErrorBody(await api('GET', '/subscribers', { key: user.key }), 401)
    expectErrorBody(await api('POST', '/service-groups', { key: user.key, body: { name: 'Revoked write' } }), 401)
  })

  it('the first-user registration is closed once a user exists', async () => {
    const before = await count('users')
    const res = await api('POST', '/users/first-register', {
      body: { email: `first-${randomUUID().slice(0, 6)}@example.test`, password: 'a-long-password-123', role: 'admin' },
    })
    expect([401, 403]).toContain(res.status)
    expect(await count('users')).toBe(before)
  })
})

describe('bulk operations follow the same rules', () => {
  it('an editor cannot bulk-delete incidents (403, nothing deleted); a stranger gets 401', async () => {
    const id = await resources[2].makeTarget(nextTag())
    expectErrorBody(await api('DELETE', `/incidents?where[id][equals]=${id}`, { key: editor.key }), 403)
    expectErrorBody(await api('DELETE', `/incidents?where[id][equals]=${id}`), 401)
    expect(await findLocal('incidents', id)).toBeDefined()
  })

  it('an editor cannot bulk-update subscribers (403, unchanged); a stranger gets 401', async () => {
    const id = await resources[4].makeTarget(nextTag())
    const before = await findLocal('subscribers', id)
    expectErrorBody(
      await api('PATCH', `/subscribers?where[id][equals]=${id}`, { key: editor.key, body: { active: false } }),
      403,
    )
    expectErrorBody(await api('PATCH', `/subscribers?where[id][equals]=${id}`, { body: { active: false } }), 401)
    expect((await findLocal('subscribers', id))?.active).toBe(before?.active)
  })

  it('a stranger cannot bulk-update services (401, unchanged)', async () => {
    expectErrorBody(await api('PATCH', `/services?where[id][equals]=${serviceId}`, { body: { status: 'major' } }), 401)
    expect((await findLocal('services', serviceId))?.status).toBe('operational')
  })
})

describe('GraphQL follows the same rules', () => {
  const cases = () => [
    { name: 'anonymous reads services', query: '{ Services { docs { id } } }', options: {}, expected: 200 },
    { name: 'anonymous reads the settings', query: '{ Setting { siteName } }', options: {}, expected: 200 },
    { name: 'anonymous reads users', query: '{ Users { docs { email } } }', options: {}, expected: 401 },
    { name: 'anonymous reads subscribers', query: '{ Subscribers { docs { email } } }', options: {}, expected: 401 },
    { name: 'anonymous reads e-mail settings', query: '{ EmailSetting { host } }', options: {}, expected: 401 },
    {
      name: 'admin key in the wrong case reads users',
      query: '{ Users { docs { email } } }',
      options: { headers: { authorization: `users api-key ${admin.key}` } },
      expected: 401,
    },
    {
      name: 'anonymous creates a service group',
      query: 'mutation { createServiceGroup(data: { name: "Anon" }) { id } }',
      options: {},
      expected: 401,
    },
    {
      name: 'editor reads subscribers',
      query: '{ Subscribers { docs { email } } }',
      options: { key: editor.key },
      expected: 200,
    },
    {
      name: 'editor reads e-mail settings',
      query: '{ EmailSetting { host } }',
      options: { key: editor.key },
      expected: 403,
    },
    {
      name: 'editor reads SMS settings',
      query: '{ SmsSetting { accountSid } }',
      options: { key: editor.key },
      expected: 403,
    },
    {
      name: 'admin reads e-mail settings',
      query: '{ EmailSetting { host } }',
      options: { key: admin.key },
      expected: 200,
    },
  ]

  it('answers each principal as REST does, on the wire: 401 for strangers, 403 for a role', async () => {
    for (const c of cases()) {
      const res = await graphql(c.query, undefined, c.options)
      if (c.expected === 200) {
        expect(res.status, `${c.name}: ${res.text}`).toBe(200)
        expect(res.body.errors, `${c.name}: ${res.text}`).toBeUndefined()
      } else if (c.expected === 401) {
        expect(res.status, `${c.name}: ${res.text}`).toBe(401)
        expect(res.body.errors[0].extensions.statusCode).toBe(401)
      } else {
        expect(res.status, `${c.name}: ${res.text}`).toBe(403)
        expect(res.body.errors?.[0]?.extensions?.statusCode, `${c.name}: ${res.text}`).toBe(403)
      }
    }
  })
})
