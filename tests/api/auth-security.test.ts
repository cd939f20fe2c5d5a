/**
 * Sessions and accounts (docs/security.md): cookie writes only from the site itself (M1), failed logins
 * throttled per address instead of locking accounts (M3), unlock for admins only (M4), the session cookie Secure
 * over HTTPS (L4), document locks in one's own name (L5), passwords of at least 12 characters (L6), and a bad
 * reset token is a 400 (L10).
 */
import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import * as graphqlRoute from '@/app/(payload)/api/graphql/route'
import * as restRoute from '@/app/(payload)/api/[...slug]/route'
import { api, BASE, createUser, graphql, payload, type TestUser } from '../helpers/api'

const ADDRESS_HEADER = 'x-statuspage-client-address'
const WRONG_LOGIN = 'The email or password provided is incorrect.'

let admin: TestUser
let editor: TestUser

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
})

async function login(email: string, password: string, address: string, headers: Record<string, string> = {}) {
  return api('POST', '/users/login', { body: { email, password }, headers: { [ADDRESS_HEADER]: address, ...headers } })
}

async function sessionCookie(user: TestUser): Promise<string> {
  const res = await login(user.email, user.password, `198.51.100.${Math.floor(Math.random() * 200) + 1}`)
  expect(res.status).toBe(200)
  return `payload-token=${res.body.token}`
}

/** A raw request to the REST route, for bodies and headers the JSON helper does not make (multipart forms). */
async function rest(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  init: { headers?: Record<string, string>; body?: BodyInit },
) {
  const url = new URL(`/api${path}`, BASE)
  const request = new Request(url, { method, headers: init.headers, body: init.body })
  const slug = url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
  const response = await restRoute[method](request, { params: Promise.resolve({ slug }) })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
}

const incident = () => ({
  title: `csrf-${randomUUID().slice(0, 6)}`,
  updates: [{ status: 'investigating', message: 'x' }],
})

async function incidentCount(): Promise<number> {
  return (await payload()).count({ collection: 'incidents', overrideAccess: true }).then((r) => r.totalDocs)
}

describe('M1: cookie-authenticated writes only from the site itself', () => {
  let cookie: string
  beforeAll(async () => {
    cookie = await sessionCookie(editor)
  })

  const foreign = ['http://127.0.0.1:4250', 'http://localhost:4250', 'https://evil.example', 'null']

  it.each(foreign)('refuses a JSON write with Origin %s (403, nothing written)', async (origin) => {
    const before = await incidentCount()
    const res = await api('POST', '/incidents', { body: incident(), headers: { cookie, origin } })
    expect(res.status).toBe(403)
    expect(res.body.errors[0].message).toMatch(/another site/)
    expect(await incidentCount()).toBe(before)
  })

  it.each(foreign)('refuses a form (multipart _payload) write with Origin %s', async (origin) => {
    const before = await incidentCount()
    const form = new FormData()
    form.set('_payload', JSON.stringify(incident()))
    const res = await rest('POST', '/incidents', { headers: { cookie, origin }, body: form })
    expect(res.status).toBe(403)
    expect(res.body.errors[0].message).toMatch(/another site/)
    expect(await incidentCount()).toBe(before)
  })

  it.each(['cross-site', 'same-site'])('refuses a write with no Origin and Sec-Fetch-Site: %s', async (site) => {
    const res = await api('POST', '/incidents', { body: incident(), headers: { cookie, 'sec-fetch-site': site } })
    expect(res.status).toBe(403)
  })

  it('refuses updates, deletes and GraphQL mutations from another origin too', async () => {
    const own = await api('POST', '/incidents', { body: incident(), key: editor.key })
    const id = own.body.doc.id
    const headers = { cookie, origin: 'http://127.0.0.1:4250' }
    expect((await api('PATCH', `/incidents/${id}`, { body: { title: 'changed' }, headers })).status).toBe(403)
    expect((await api('DELETE', `/incidents/${id}`, { headers })).status).toBe(403)
    const request = new Request(new URL('/api/graphql', BASE), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createIncident(data: { title: "gql" }) { id } }' }),
    })
    const res = await graphqlRoute.POST(request)
    expect(res.status).toBe(403)
    expect((await api('GET', `/incidents/${id}`, { key: editor.key })).body.title).not.toBe('changed')
  })

  it('accepts writes from the site itself, from the Public base URL setting, and with an API key from anywhere', async () => {
    const same = await api('POST', '/incidents', { body: incident(), headers: { cookie, origin: BASE } })
    expect(same.status).toBe(201)
    const noOrigin = await api('POST', '/incidents', {
      body: incident(),
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(noOrigin.status).toBe(201)
    const form = new FormData()
    form.set('_payload', JSON.stringify(incident()))
    expect((await rest('POST', '/incidents', { headers: { cookie, origin: BASE }, body: form })).status).toBe(201)
    const withKey = await api('POST', '/incidents', {
      body: incident(),
      key: editor.key,
      headers: { origin: 'https://evil.example' },
    })
    expect(withKey.status).toBe(201)

    // Behind a proxy that rewrites the host, the configured public address is the site's origin.
    expect(
      (await api('POST', '/globals/settings', { key: admin.key, body: { publicUrl: 'https://status.example.test' } }))
        .status,
    ).toBe(200)
    const configured = await api('POST', '/incidents', {
      body: incident(),
      headers: { cookie, origin: 'https://status.example.test' },
    })
    expect(configured.status).toBe(201)
    await api('POST', '/globals/settings', { key: admin.key, body: { publicUrl: '' } })
  })

  it('reads with a cookie from another origin are not refused (the browser keeps their answers from that page)', async () => {
    const res = await api('GET', '/incidents?limit=1', { headers: { cookie, origin: 'https://evil.example' } })
    expect(res.status).toBe(200)
  })
})

describe('M3: failed logins are throttled per address, never locking the account', () => {
  it('after 10 failures from one address the owner still logs in from another; the attacker gets 429 with Retry-After', async () => {
    const owner = await createUser('admin', 'owner')
    const attacker = '203.0.113.7'
    for (let i = 0; i < 10; i++) {
      const res = await login(owner.email, `wrong-password-${i}`, attacker)
      expect(res.status).toBe(401)
      expect(res.body.errors[0].message).toBe(WRONG_LOGIN)
    }
    const throttled = await login(owner.email, 'wrong-password-x', attacker)
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(throttled.body.errors[0].message).toMatch(/Too many failed logins/)

    const ownerLogin = await login(owner.email, owner.password, '192.0.2.10')
    expect(ownerLogin.status).toBe(200)
    expect(ownerLogin.body.token).toBeTruthy()
  })

  it('counts IPv6 clients per /64: other addresses of the same network are throttled too', async () => {
    const owner = await createUser('admin', 'six')
    const addressIn64 = (i: number) => `2001:db8:21:${i < 5 ? 'a' : 'A'}::${(i + 1).toString(16)}`
    for (let i = 0; i < 10; i++)
      expect((await login(owner.email, `wrong-password-${i}`, addressIn64(i))).status).toBe(401)
    expect((await login(owner.email, 'wrong-password-x', '2001:db8:21:a:ffff::99')).status).toBe(429)
    // Another /64 is another client.
    expect((await login(owner.email, owner.password, '2001:db8:21:b::1')).status).toBe(200)
  })

  it('answers an unknown address and a wrong password with the same message', async () => {
    const unknown = await login(`nobody-${randomUUID().slice(0, 6)}@example.test`, 'some-password-123', '203.0.113.8')
    const wrong = await login(editor.email, 'some-password-123', '203.0.113.8')
    expect([unknown.status, wrong.status]).toEqual([401, 401])
    expect(unknown.body.errors[0].message).toBe(WRONG_LOGIN)
    expect(wrong.body.errors[0].message).toBe(WRONG_LOGIN)
  })

  it('limits one address guessing across many accounts (30 failures), whatever the account', async () => {
    const address = '203.0.113.9'
    for (let i = 0; i < 30; i++) {
      expect(
        (await login(`guess-${i}-${randomUUID().slice(0, 6)}@example.test`, 'guess-password-1', address)).status,
      ).toBe(401)
    }
    const next = await login(editor.email, editor.password, address)
    expect(next.status).toBe(429)
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another address is not affected.
    expect((await login(editor.email, editor.password, '203.0.113.10')).status).toBe(200)
  })

  it("a successful login forgets that address's failures for the account", async () => {
    const user = await createUser('editor', 'forgiven')
    const address = '203.0.113.11'
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'wrong-password-1', address)).status).toBe(401)
    expect((await login(user.email, user.password, address)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'wrong-password-1', address)).status).toBe(401)
    expect((await login(user.email, user.password, address)).status).toBe(200)
  })

  it('GraphQL logins spend the same budget', async () => {
    const user = await createUser('editor', 'gql')
    const address = '203.0.113.12'
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password-1', address)).status).toBe(401)
    const res = await graphql(
      'mutation ($e: String!, $p: String!) { loginUser(email: $e, password: $p) { token } }',
      { e: user.email, p: user.password },
      {
        headers: { [ADDRESS_HEADER]: address },
      },
    )
    expect(res.body.data?.loginUser?.token ?? null).toBeNull()
    expect(res.body.errors[0].extensions.statusCode).toBe(429)
  })
})

describe('a lock only on what the user may open', () => {
  const lock = (key: string, user: TestUser, body: Record<string, unknown>) =>
    api('POST', '/payload-locked-documents', { key, body: { ...body, user: { relationTo: 'users', value: user.id } } })

  it('an editor cannot lock an integration (admin-only), whether it exists or not', async () => {
    const integration = await api('POST', '/integrations', {
      key: admin.key,
      body: { name: `Locked ${randomUUID().slice(0, 6)}`, kind: 'generic' },
    })
    expect(integration.status, integration.text).toBe(201)
    expect(
      (await lock(editor.key, editor, { document: { relationTo: 'integrations', value: integration.body.doc.id } }))
        .status,
    ).toBe(403)
    expect((await lock(editor.key, editor, { document: { relationTo: 'integrations', value: 999_999 } })).status).toBe(
      403,
    )
    expect((await lock(editor.key, editor, { globalSlug: 'sms-settings' })).status).toBe(403)
    expect(
      (await lock(admin.key, admin, { document: { relationTo: 'integrations', value: integration.body.doc.id } }))
        .status,
    ).toBe(201)
  })

  it('a lock on a document that does not exist is a 404, an unknown collection or global a 400', async () => {
    const missing = await lock(admin.key, admin, { document: { relationTo: 'incidents', value: 999_999 } })
    expect(missing.status, missing.text).toBe(404)
    const unknown = await lock(admin.key, admin, { document: { relationTo: 'nothing', value: 1 } })
    expect(unknown.status, unknown.text).toBe(400)
    expect(unknown.body.errors[0].message).toMatch(/document.relationTo/)
    const global = await lock(admin.key, admin, { globalSlug: 'nothing' })
    expect(global.status, global.text).toBe(400)
    expect(global.body.errors[0].message).toBe('globalSlug: there is no global "nothing"')
  })
})

describe('M4: unlocking accounts is for admins', () => {
  it('refuses an editor on REST and GraphQL', async () => {
    const res = await api('POST', '/users/unlock', { key: editor.key, body: { email: admin.email } })
    expect(res.status).toBe(403)
    const gql = await graphql(`mutation { unlockUser(email: "${admin.email}") }`, undefined, { key: editor.key })
    expect(gql.body.data?.unlockUser ?? null).not.toBe(true)
    expect(gql.body.errors?.length).toBeGreaterThan(0)
  })
})

describe('L4: the session cookie is Secure over HTTPS', () => {
  it('marks the cookie Secure when the edge says the visitor came over HTTPS, and not over plain HTTP', async () => {
    const https = await login(editor.email, editor.password, '192.0.2.20', { 'x-statuspage-scheme': 'https' })
    expect(https.status).toBe(200)
    expect(https.headers.getSetCookie().find((c) => c.startsWith('payload-token='))).toMatch(/;\s*Secure/i)
    const http = await login(editor.email, editor.password, '192.0.2.20', { 'x-statuspage-scheme': 'http' })
    expect(http.headers.getSetCookie().find((c) => c.startsWith('payload-token='))).not.toMatch(/;\s*Secure/i)
  })
})

describe("L5: document locks in one's own name", () => {
  it("an editor cannot lock in the admin's name, nor delete the admin's locks", async () => {
    const spoof = await api('POST', '/payload-locked-documents', {
      key: editor.key,
      body: { globalSlug: 'email-settings', user: { relationTo: 'users', value: admin.id } },
    })
    expect(spoof.status).toBe(403)
    const group = await api('POST', '/service-groups', {
      key: admin.key,
      body: { name: `Locked ${randomUUID().slice(0, 6)}` },
    })
    const own = await api('POST', '/payload-locked-documents', {
      key: editor.key,
      body: {
        document: { relationTo: 'service-groups', value: group.body.doc.id },
        user: { relationTo: 'users', value: editor.id },
      },
    })
    expect(own.status, own.text).toBe(201)
    const adminLock = await api('POST', '/payload-locked-documents', {
      key: admin.key,
      body: { globalSlug: 'settings', user: { relationTo: 'users', value: admin.id } },
    })
    expect(adminLock.status).toBe(201)

    await api('DELETE', '/payload-locked-documents?where[id][exists]=true', { key: editor.key })
    expect(
      (await api('DELETE', `/payload-locked-documents/${adminLock.body.doc.id}`, { key: editor.key })).status,
    ).not.toBe(200)
    const left = await api('GET', '/payload-locked-documents?limit=50', { key: admin.key })
    const ids = left.body.docs.map((d: { id: number }) => d.id)
    expect(ids).toContain(adminLock.body.doc.id)
    expect(ids).not.toContain(own.body.doc.id)

    const takeOver = await api('PATCH', `/payload-locked-documents/${adminLock.body.doc.id}`, {
      key: editor.key,
      body: { user: { relationTo: 'users', value: admin.id } },
    })
    expect(takeOver.status).toBe(403)
  })
})

describe('L6: passwords of at least 12 characters', () => {
  it('refuses short passwords on create (REST, GraphQL) and on change, and accepts 12', async () => {
    const email = () => `pw-${randomUUID().slice(0, 6)}@example.test`
    for (const password of ['abcdefg', '12345678901']) {
      const res = await api('POST', '/users', { key: admin.key, body: { email: email(), password, role: 'editor' } })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toMatch(/at least 12 characters/)
    }
    expect(
      (
        await api('POST', '/users', {
          key: admin.key,
          body: { email: email(), password: '123456789012', role: 'editor' },
        })
      ).status,
    ).toBe(201)
    const gql = await graphql(
      `mutation { createUser(data: { email: "${email()}", password: "short-pw", role: editor }) { id } }`,
      undefined,
      { key: admin.key },
    )
    expect(gql.body.data?.createUser ?? null).toBeNull()
    expect(JSON.stringify(gql.body.errors)).toMatch(/password/)

    const self = await createUser('editor', 'changer')
    const change = await api('PATCH', `/users/${self.id}`, { key: self.key, body: { password: 'abcdefg' } })
    expect(change.status).toBe(400)
    expect((await login(self.email, self.password, '192.0.2.30')).status).toBe(200)
  })

  it('refuses a short password on reset; a bad reset token is 400 (L10)', async () => {
    const user = await createUser('editor', 'resetter')
    expect((await api('POST', '/users/forgot-password', { body: { email: user.email } })).status).toBe(200)
    const stored = await (
      await payload()
    ).db.findOne<{ id: number; resetPasswordToken?: string }>({
      collection: 'users',
      where: { id: { equals: user.id } },
    })
    const token = stored?.resetPasswordToken
    expect(token).toBeTruthy()
    const short = await api('POST', '/users/reset-password', { body: { token, password: 'tiny-pass' } })
    expect(short.status).toBe(400)
    const bad = await api('POST', '/users/reset-password', {
      body: { token: 'not-a-token', password: 'a-long-enough-password' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].message).toMatch(/invalid or has expired/)
    expect(
      (await api('POST', '/users/reset-password', { body: { token, password: 'a-long-enough-password' } })).status,
    ).toBe(200)
  })
})
