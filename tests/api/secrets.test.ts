/**
 * Secrets never leave the server: users' password hash and salt and their API keys, the SMTP password, the SMS auth
 * token, subscribers' unsubscribe and verification tokens. Every response below, to every principal, is scanned for
 * the actual values stored and for the field names that would carry them. The SMTP password and SMS token are
 * write-only: a save that omits them or sends them empty keeps the stored value.
 */
import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { api, type ApiResponse, createUser, graphql, payload, type TestUser } from '../helpers/api'

const SMTP_PASSWORD = `smtp-pw-${randomUUID()}`
const SMS_TOKEN = `sms-token-${randomUUID()}`

/** Keys that must never appear in a REST response body, at any depth. */
const SECRET_KEYS = [
  'hash',
  'salt',
  'apiKey',
  'apiKeyIndex',
  'password',
  'authToken',
  'unsubscribeToken',
  'verificationToken',
  'resetPasswordToken',
  '_verificationToken',
]

let admin: TestUser
let editor: TestUser
let adminCookie: string
let subscriberId: number
/** Every secret value the database holds, filled in as they are created. */
const secrets = new Set<string>()

async function rawUser(id: number) {
  const p = await payload()
  // The adapter's own read: the stored row, before any hook removes anything.
  return (await p.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Record<string, unknown> | null
}

async function collectUserSecrets(user: TestUser) {
  secrets.add(user.password)
  secrets.add(user.key)
  const row = await rawUser(user.id)
  for (const field of ['hash', 'salt', 'apiKey', 'apiKeyIndex', 'resetPasswordToken']) {
    const value = row?.[field]
    if (typeof value === 'string' && value.length >= 8) secrets.add(value)
  }
  expect(typeof row?.hash).toBe('string')
  expect(typeof row?.salt).toBe('string')
}

async function collectSubscriberSecrets() {
  const p = await payload()
  const { docs } = await p.find({
    collection: 'subscribers',
    overrideAccess: true,
    showHiddenFields: true,
    limit: 0,
    depth: 0,
  })
  for (const doc of docs as unknown as Record<string, unknown>[]) {
    for (const field of ['unsubscribeToken', 'verificationToken']) {
      expect(typeof doc[field], `${field} is generated`).toBe('string')
      secrets.add(doc[field] as string)
    }
  }
}

function keysDeep(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, found))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      found.add(k)
      keysDeep(v, found)
    }
  }
  return found
}

/** No stored secret in the text; for REST, no secret-carrying key in the body either. */
function expectNoSecrets(res: ApiResponse, label: string, { rest = true } = {}) {
  for (const secret of secrets) expect(res.text.includes(secret), `${label} leaks a secret value`).toBe(false)
  if (rest) {
    const keys = keysDeep(res.body)
    for (const key of SECRET_KEYS) expect(keys.has(key), `${label} carries "${key}"`).toBe(false)
  }
}

async function storedGlobal(slug: 'email-settings' | 'sms-settings') {
  const p = await payload()
  return (await p.findGlobal({ slug, overrideAccess: true, context: { revealSecrets: true } })) as unknown as Record<
    string,
    unknown
  >
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const login = await api('POST', '/users/login', { body: { email: admin.email, password: admin.password } })
  expect(login.status).toBe(200)
  adminCookie = login.headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]

  secrets.add(SMTP_PASSWORD)
  secrets.add(SMS_TOKEN)
  const email = await api('POST', '/globals/email-settings', {
    key: admin.key,
    body: { host: 'smtp.example.test', user: 'mailer', password: SMTP_PASSWORD, from: 'status@example.test' },
  })
  expect(email.status, email.text).toBe(200)
  const sms = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: { enabled: true, accountSid: 'AC123', authToken: SMS_TOKEN, fromNumber: '+14155550100' },
  })
  expect(sms.status, sms.text).toBe(200)

  const sub = await api('POST', '/subscribers', {
    key: admin.key,
    body: { type: 'email', email: 'reader@example.test' },
  })
  expect(sub.status, sub.text).toBe(201)
  subscriberId = sub.body.doc.id
  await (
    await payload()
  ).create({
    collection: 'subscribers',
    overrideAccess: true,
    data: { type: 'sms', phone: '+14155550123' },
  })

  await collectUserSecrets(admin)
  await collectUserSecrets(editor)
  await collectSubscriberSecrets()
})

describe('stored secrets are really stored', () => {
  it('the server can still read the credentials it needs, with revealSecrets', async () => {
    expect((await storedGlobal('email-settings')).password).toBe(SMTP_PASSWORD)
    expect((await storedGlobal('sms-settings')).authToken).toBe(SMS_TOKEN)
  })

  it('without revealSecrets, even the Local API with overrideAccess does not return them', async () => {
    const p = await payload()
    const email = (await p.findGlobal({ slug: 'email-settings', overrideAccess: true })) as unknown as Record<
      string,
      unknown
    >
    const sms = (await p.findGlobal({ slug: 'sms-settings', overrideAccess: true })) as unknown as Record<
      string,
      unknown
    >
    expect(email.host).toBe('smtp.example.test')
    expect(email).not.toHaveProperty('password')
    expect(sms).not.toHaveProperty('authToken')
  })
})

describe('REST reads', () => {
  const principals = () => [
    { name: 'anonymous', options: {} },
    { name: 'editor', options: { key: editor.key } },
    { name: 'admin (key)', options: { key: admin.key } },
    { name: 'admin (session)', options: { headers: { cookie: adminCookie } } },
  ]

  const paths = () => [
    '/users?limit=100&depth=3',
    `/users/${admin.id}?depth=3`,
    `/users/${editor.id}?depth=3`,
    '/users/me',
    '/users?select[hash]=true&select[salt]=true&select[apiKey]=true&select[email]=true',
    '/globals/email-settings?depth=2',
    '/globals/email-settings?select[password]=true',
    '/globals/sms-settings?depth=2',
    '/globals/sms-settings?select[authToken]=true',
    '/globals/settings?depth=2',
    '/subscribers?limit=100&depth=2',
    `/subscribers/${subscriberId}?depth=2`,
    '/subscribers?select[unsubscribeToken]=true&select[verificationToken]=true',
    '/access',
  ]

  it('carry no secret, to anyone, whatever the path and parameters', async () => {
    let answered = 0
    for (const principal of principals()) {
      for (const path of paths()) {
        const res = await api('GET', path, principal.options)
        expect(res.status, `${principal.name} GET ${path}: ${res.text}`).toBeLessThan(500)
        if (res.status === 200) answered++
        // /access is the permission map, keyed by field name ("hash": {read: true}): only its values are scanned.
        expectNoSecrets(res, `${principal.name} GET ${path}`, { rest: path !== '/access' })
      }
    }
    // The admin, at least, got real documents to scan.
    expect(answered).toBeGreaterThanOrEqual(paths().length)
  })

  it('the admin sees the settings around the secret, just not the secret', async () => {
    const email = await api('GET', '/globals/email-settings', { key: admin.key })
    expect(email.status).toBe(200)
    expect(email.body).toMatchObject({ host: 'smtp.example.test', user: 'mailer', from: 'status@example.test' })
    expect(email.body).not.toHaveProperty('password')
    const sms = await api('GET', '/globals/sms-settings', { key: admin.key })
    expect(sms.body).toMatchObject({ enabled: true, accountSid: 'AC123', fromNumber: '+14155550100' })
    expect(sms.body).not.toHaveProperty('authToken')
  })

  it('users carry whether they have a key, never the key itself', async () => {
    const res = await api('GET', `/users/${editor.id}`, { key: admin.key })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: editor.email, enableAPIKey: true })
    expect(res.body).not.toHaveProperty('apiKey')
  })

  it('a secret cannot be used as a search oracle', async () => {
    const rows = await (
      await payload()
    ).find({ collection: 'subscribers', overrideAccess: true, showHiddenFields: true, limit: 1 })
    const token = (rows.docs[0] as unknown as { unsubscribeToken: string }).unsubscribeToken
    for (const [path, key] of [
      [`/subscribers?where[unsubscribeToken][equals]=${token}`, editor.key],
      [`/subscribers?where[unsubscribeToken][like]=${token.slice(0, 3)}`, admin.key],
      [`/subscribers?where[verificationToken][exists]=true`, admin.key],
      [`/users?where[hash][exists]=true`, admin.key],
      [`/users?where[salt][like]=a`, admin.key],
      [`/users?where[apiKey][exists]=true`, admin.key],
      [`/users?where[apiKeyIndex][exists]=true`, admin.key],
    ] as const) {
      const res = await api('GET', path, { key })
      expect(res.status, `${path}: ${res.text}`).toBe(400)
      expect(res.body.errors[0].message).toEqual(expect.any(String))
      expectNoSecrets(res, path)
    }
  })
})

describe('REST write responses', () => {
  it('saving the e-mail and SMS settings answers without the secret', async () => {
    const email = await api('POST', '/globals/email-settings', {
      key: admin.key,
      body: { password: SMTP_PASSWORD, port: 465 },
    })
    expect(email.status, email.text).toBe(200)
    expect(email.body.result).toMatchObject({ port: 465, host: 'smtp.example.test' })
    expectNoSecrets(email, 'POST email-settings')
    const sms = await api('POST', '/globals/sms-settings', { key: admin.key, body: { authToken: SMS_TOKEN } })
    expect(sms.status, sms.text).toBe(200)
    expectNoSecrets(sms, 'POST sms-settings')
  })

  it('a refused or invalid settings save does not echo the secret', async () => {
    const editorSave = await api('POST', '/globals/email-settings', {
      key: editor.key,
      body: { password: SMTP_PASSWORD },
    })
    expect(editorSave.status).toBe(403)
    expectNoSecrets(editorSave, 'editor POST email-settings')
    const invalid = await api('POST', '/globals/email-settings', {
      key: admin.key,
      body: { password: SMTP_PASSWORD, port: 70000 },
    })
    expect(invalid.status, invalid.text).toBe(400)
    expectNoSecrets(invalid, 'invalid POST email-settings')
    expect((await storedGlobal('email-settings')).port).toBe(465)
  })

  it('creating, updating and deleting users answers without hash, salt or key', async () => {
    const password = `pw-${randomUUID()}`
    const key = randomUUID()
    secrets.add(password)
    secrets.add(key)
    const created = await api('POST', '/users', {
      key: admin.key,
      body: {
        email: `made-${randomUUID().slice(0, 6)}@example.test`,
        password,
        role: 'editor',
        enableAPIKey: true,
        apiKey: key,
      },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.doc.id as number
    await collectUserSecrets({ id, email: created.body.doc.email, password, key, role: 'editor' })
    expectNoSecrets(created, 'POST /users')
    expect((await api('GET', '/subscribers', { key })).status).toBe(200)

    const newPassword = `pw-${randomUUID()}`
    secrets.add(newPassword)
    const updated = await api('PATCH', `/users/${id}`, {
      key: admin.key,
      body: { password: newPassword, name: 'Made' },
    })
    expect(updated.status, updated.text).toBe(200)
    await collectUserSecrets({ id, email: created.body.doc.email, password: newPassword, key, role: 'editor' })
    expectNoSecrets(updated, 'PATCH /users/:id')

    const self = await api('PATCH', `/users/${editor.id}`, { key: editor.key, body: { name: 'Editor' } })
    expect(self.status, self.text).toBe(200)
    expectNoSecrets(self, 'editor PATCH self')

    const bulk = await api('PATCH', `/users?where[id][equals]=${id}`, { key: admin.key, body: { name: 'Bulk' } })
    expect(bulk.status, bulk.text).toBe(200)
    expectNoSecrets(bulk, 'bulk PATCH /users')

    const duplicate = await api('POST', '/users', {
      key: admin.key,
      body: { email: editor.email, password: `dup-${SMTP_PASSWORD}`, role: 'editor' },
    })
    expect(duplicate.status).toBe(400)
    expectNoSecrets(duplicate, 'duplicate POST /users')
    expect(duplicate.text).not.toContain(`dup-${SMTP_PASSWORD}`)

    const deleted = await api('DELETE', `/users/${id}`, { key: admin.key })
    expect(deleted.status, deleted.text).toBe(200)
    expectNoSecrets(deleted, 'DELETE /users/:id')
  })

  it('login, me, refresh and forgot-password answer without hash, salt or key', async () => {
    const login = await api('POST', '/users/login', { body: { email: editor.email, password: editor.password } })
    expect(login.status).toBe(200)
    expectNoSecrets(login, 'login')
    const cookie = login.headers.get('set-cookie')!.match(/payload-token=[^;]+/)![0]
    const me = await api('GET', '/users/me', { headers: { cookie } })
    expect(me.body.user.email).toBe(editor.email)
    expectNoSecrets(me, 'me (session)')
    const refresh = await api('POST', '/users/refresh-token', { headers: { cookie } })
    expect(refresh.status, refresh.text).toBe(200)
    expectNoSecrets(refresh, 'refresh-token')
    const wrong = await api('POST', '/users/login', {
      body: { email: editor.email, password: `wrong-${SMTP_PASSWORD}` },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toContain(SMTP_PASSWORD)

    const forgot = await api('POST', '/users/forgot-password', { body: { email: editor.email } })
    expect(forgot.status, forgot.text).toBe(200)
    await collectUserSecrets(editor) // the reset token, now stored
    expectNoSecrets(forgot, 'forgot-password')
    expectNoSecrets(await api('GET', `/users/${editor.id}`, { key: admin.key }), 'user after forgot-password')
  })

  it('creating, updating and deleting subscribers answers without tokens', async () => {
    const created = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: 'new-reader@example.test' },
    })
    expect(created.status, created.text).toBe(201)
    await collectSubscriberSecrets()
    expectNoSecrets(created, 'POST /subscribers')
    const updated = await api('PATCH', `/subscribers/${created.body.doc.id}`, {
      key: admin.key,
      body: { verified: true },
    })
    expect(updated.status, updated.text).toBe(200)
    expectNoSecrets(updated, 'PATCH /subscribers/:id')
    const deleted = await api('DELETE', `/subscribers/${created.body.doc.id}`, { key: admin.key })
    expect(deleted.status, deleted.text).toBe(200)
    expectNoSecrets(deleted, 'DELETE /subscribers/:id')
  })

  it("subscriber tokens are the server's: a client cannot choose or change them", async () => {
    const chosen = { unsubscribeToken: `chosen-${randomUUID()}`, verificationToken: `chosen-${randomUUID()}` }
    const created = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: 'chooser@example.test', ...chosen },
    })
    expect(created.status, created.text).toBe(201)
    const stored = async () =>
      (await (
        await payload()
      ).findByID({ collection: 'subscribers', id: created.body.doc.id, showHiddenFields: true })) as unknown as Record<
        string,
        string
      >
    const first = await stored()
    expect(first.unsubscribeToken).toMatch(/^[\w-]{43}$/)
    expect(first.unsubscribeToken).not.toBe(chosen.unsubscribeToken)
    expect(first.verificationToken).not.toBe(chosen.verificationToken)
    const patched = await api('PATCH', `/subscribers/${created.body.doc.id}`, { key: admin.key, body: chosen })
    expect(patched.status, patched.text).toBe(200)
    const after = await stored()
    expect(after.unsubscribeToken).toBe(first.unsubscribeToken)
    expect(after.verificationToken).toBe(first.verificationToken)
  })
})

describe('GraphQL', () => {
  const queries = () => [
    `{ Users(limit: 100) { docs { id email role enableAPIKey apiKey } } }`,
    `{ User(id: ${admin.id}) { email apiKey enableAPIKey } }`,
    `{ meUser { user { email apiKey enableAPIKey } token } }`,
    `{ EmailSetting { host user password from } }`,
    `{ SmsSetting { accountSid authToken fromNumber } }`,
    `{ Subscribers(limit: 100) { docs { id email phone } } }`,
    `mutation { updateEmailSetting(data: { port: 2525 }) { host port password } }`,
    `mutation { updateSmsSetting(data: { fromNumber: "+14155550101" }) { accountSid authToken } }`,
  ]
  const principals = () => [
    { name: 'anonymous', options: {} },
    { name: 'editor', options: { key: editor.key } },
    { name: 'admin', options: { key: admin.key } },
  ]

  it('returns no secret value to anyone', async () => {
    for (const principal of principals()) {
      for (const query of queries()) {
        const res = await graphql(query, undefined, principal.options)
        expect(res.status, `${principal.name} ${query}: ${res.text}`).toBeLessThan(500)
        expectNoSecrets(res, `${principal.name} ${query}`, { rest: false })
      }
    }
  })

  it('the admin gets the documents, with the secret fields null', async () => {
    const users = await graphql(queries()[0], undefined, { key: admin.key })
    expect(users.body.errors).toBeUndefined()
    expect(users.body.data.Users.docs.length).toBeGreaterThanOrEqual(2)
    for (const doc of users.body.data.Users.docs) expect(doc.apiKey).toBeNull()
    const email = await graphql(queries()[3], undefined, { key: admin.key })
    expect(email.body.errors).toBeUndefined()
    expect(email.body.data.EmailSetting).toMatchObject({ host: 'smtp.example.test', password: null })
    const sms = await graphql(queries()[4], undefined, { key: admin.key })
    expect(sms.body.data.SmsSetting).toMatchObject({ accountSid: 'AC123', authToken: null })
    const me = await graphql(queries()[2], undefined, { key: editor.key })
    expect(me.body.data.meUser.user).toMatchObject({ email: editor.email, apiKey: null })
  })

  it('the auth fields Payload puts in the schema and subscriber tokens, resolve to null, for the admin too', async () => {
    await api('POST', '/users/forgot-password', { body: { email: admin.email } })
    await collectUserSecrets(admin) // its reset token, now stored
    const res = await graphql(
      `{ Users(limit: 100) { docs { email hash salt apiKey apiKeyIndex resetPasswordToken } } }`,
      undefined,
      { key: admin.key },
    )
    expect(res.body.errors, res.text).toBeUndefined()
    expect(res.body.data.Users.docs.length).toBeGreaterThanOrEqual(2)
    for (const doc of res.body.data.Users.docs) {
      expect(doc).toMatchObject({ hash: null, salt: null, apiKey: null, apiKeyIndex: null, resetPasswordToken: null })
    }
    expectNoSecrets(res, 'GraphQL Users auth fields', { rest: false })

    for (const key of [admin.key, editor.key]) {
      const subs = await graphql(
        `{ Subscribers(limit: 100) { docs { email unsubscribeToken verificationToken } } }`,
        undefined,
        { key },
      )
      expect(subs.body.errors, subs.text).toBeUndefined()
      expect(subs.body.data.Subscribers.docs.length).toBeGreaterThanOrEqual(2)
      for (const doc of subs.body.data.Subscribers.docs)
        expect(doc).toMatchObject({ unsubscribeToken: null, verificationToken: null })
      expectNoSecrets(subs, 'GraphQL Subscribers tokens', { rest: false })
    }
  })

  it('a mutation setting the SMTP password answers without it and stores it', async () => {
    const next = `smtp-gql-${randomUUID()}`
    secrets.add(next)
    const res = await graphql(
      `mutation ($pw: String) { updateEmailSetting(data: { password: $pw }) { host password } }`,
      { pw: next },
      { key: admin.key },
    )
    expect(res.body.errors, res.text).toBeUndefined()
    expect(res.body.data.updateEmailSetting).toEqual({ host: 'smtp.example.test', password: null })
    expectNoSecrets(res, 'GraphQL updateEmailSetting', { rest: false })
    expect((await storedGlobal('email-settings')).password).toBe(next)
    // Back to the value the other tests expect.
    expect(
      (await api('POST', '/globals/email-settings', { key: admin.key, body: { password: SMTP_PASSWORD } })).status,
    ).toBe(200)
  })
})

describe('write-only credentials keep their value', () => {
  const cases = [
    {
      slug: 'email-settings' as const,
      field: 'password',
      other: { host: 'smtp2.example.test' },
      value: () => SMTP_PASSWORD,
    },
    { slug: 'sms-settings' as const, field: 'authToken', other: { accountSid: 'AC999' }, value: () => SMS_TOKEN },
  ]

  for (const c of cases) {
    describe(c.slug, () => {
      it('a save that omits the secret keeps it', async () => {
        const res = await api('POST', `/globals/${c.slug}`, { key: admin.key, body: c.other })
        expect(res.status, res.text).toBe(200)
        expectNoSecrets(res, `POST ${c.slug} without ${c.field}`)
        const stored = await storedGlobal(c.slug)
        expect(stored).toMatchObject(c.other)
        expect(stored[c.field]).toBe(c.value())
      })

      it('a save that sends it empty keeps it', async () => {
        const res = await api('POST', `/globals/${c.slug}`, { key: admin.key, body: { ...c.other, [c.field]: '' } })
        expect(res.status, res.text).toBe(200)
        expect((await storedGlobal(c.slug))[c.field]).toBe(c.value())
      })

      it('a save that sends it null keeps it', async () => {
        const res = await api('POST', `/globals/${c.slug}`, { key: admin.key, body: { [c.field]: null } })
        expect(res.status, res.text).toBe(200)
        expect((await storedGlobal(c.slug))[c.field]).toBe(c.value())
      })

      it('saving back exactly what a GET returned (as the admin form does) keeps it', async () => {
        const read = await api('GET', `/globals/${c.slug}`, { key: admin.key })
        const { id: _id, createdAt: _c, updatedAt: _u, globalType: _g, ...form } = read.body
        const res = await api('POST', `/globals/${c.slug}`, { key: admin.key, body: form })
        expect(res.status, res.text).toBe(200)
        expect((await storedGlobal(c.slug))[c.field]).toBe(c.value())
      })

      it('a save with a new value replaces it, and the new value is not shown either', async () => {
        const next = `${c.field}-next-${randomUUID()}`
        secrets.add(next)
        const res = await api('POST', `/globals/${c.slug}`, { key: admin.key, body: { [c.field]: next } })
        expect(res.status, res.text).toBe(200)
        expectNoSecrets(res, `POST ${c.slug} with a new ${c.field}`)
        expect((await storedGlobal(c.slug))[c.field]).toBe(next)
        const read = await api('GET', `/globals/${c.slug}`, { key: admin.key })
        expectNoSecrets(read, `GET ${c.slug} after a new ${c.field}`)
        // Restore.
        await api('POST', `/globals/${c.slug}`, { key: admin.key, body: { [c.field]: c.value() } })
        expect((await storedGlobal(c.slug))[c.field]).toBe(c.value())
      })

      it('an editor can neither read nor overwrite it', async () => {
        const read = await api('GET', `/globals/${c.slug}`, { key: editor.key })
        expect(read.status).toBe(403)
        const write = await api('POST', `/globals/${c.slug}`, {
          key: editor.key,
          body: { [c.field]: 'editor-was-here' },
        })
        expect(write.status).toBe(403)
        expect((await storedGlobal(c.slug))[c.field]).toBe(c.value())
      })
    })
  }
})
