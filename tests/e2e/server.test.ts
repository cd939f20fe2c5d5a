/**
 * The service as a newcomer runs it: `npm start` (which builds when needed) on a fresh database, then real HTTP.
 * Once on the embedded SQLite default and once on PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  freePort,
  postgresEnv,
  root,
  runCreateUser,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

const postgresServer = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const adminEmail = 'first-admin@example.test'
const adminPassword = 'first-admin-' + randomBytes(8).toString('hex')
const adminKey = randomUUID()

const databases: [string, () => Promise<Record<string, string>>][] = [
  // A new database: the first start migrates it.
  ['embedded SQLite', async () => sqliteEnv('sp-e2e-', { empty: true })],
  ['PostgreSQL', () => postgresEnv('sp_test_e2e_', { empty: true })],
]

describe.each(databases)('npm start on %s', (_name, database) => {
  let started: Started | undefined
  let env: Record<string, string>

  beforeAll(async () => {
    env = { ...(await database()), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, ADMIN_API_KEY: adminKey }
    started = await startService(env)
  })
  afterAll(() => stopServices([started]))

  it('serves the admin area, the CMS API and GraphQL', async () => {
    const admin = await fetch(`${started!.base}/admin/login`)
    expect(admin.status).toBe(200)
    expect(await admin.text()).toContain('<html')

    const services = await fetch(`${started!.base}/api/services`)
    expect(services.status).toBe(200)
    const list = await services.json()
    expect(list).toMatchObject({ docs: [], totalDocs: 0, limit: 10, page: 1 })

    const graphql = await fetch(`${started!.base}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Services { totalDocs } }' }),
    })
    expect(graphql.status).toBe(200)
    expect(await graphql.json()).toEqual({ data: { Services: { totalDocs: 0 } } })
  })

  it('creates the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const login = await fetch(`${started!.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    })
    expect(login.status).toBe(200)
    const body = await login.json()
    expect(body.user).toMatchObject({ email: adminEmail, role: 'admin' })
    expect(JSON.stringify(body)).not.toMatch(/"(hash|salt)"/)
  })

  it('gives that administrator ADMIN_API_KEY as its API key, and never shows the key back', async () => {
    const auth = { authorization: `users API-Key ${adminKey}` }
    const me = await fetch(`${started!.base}/api/users/me`, { headers: auth })
    expect(me.status).toBe(200)
    const text = await me.text()
    expect(JSON.parse(text).user).toMatchObject({ email: adminEmail, role: 'admin' })
    expect(text).not.toContain(adminKey)
    // An administrator's right (an editor gets 403): a user, with a key of its own.
    const editorKey = randomUUID()
    const created = await fetch(`${started!.base}/api/users`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `keyed-${randomBytes(3).toString('hex')}@example.test`,
        password: randomBytes(12).toString('hex'),
        role: 'editor',
        enableAPIKey: true,
        apiKey: editorKey,
      }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    expect(await created.text()).not.toContain(editorKey)
    const editor = await fetch(`${started!.base}/api/users/me`, {
      headers: { authorization: `users API-Key ${editorKey}` },
    })
    expect((await editor.json()).user).toMatchObject({ role: 'editor' })
    const wrong = await fetch(`${started!.base}/api/users/me`, {
      headers: { authorization: `users API-Key ${randomUUID()}` },
    })
    expect((await wrong.json()).user).toBeNull()
  })

  it('creates a user with a role from the command line and prints a working API key', async () => {
    const result = await runCreateUser(env, 'automation@example.test', 'editor')
    expect(result.status, result.stderr).toBe(0)
    const key = /API key: (\S+)/.exec(result.stdout)?.[1]
    expect(key).toBeTruthy()

    const auth = { authorization: `users API-Key ${key}`, 'content-type': 'application/json' }
    const group = await fetch(`${started!.base}/api/service-groups`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Edge' }),
    })
    expect(group.status).toBe(201)
    const groupId = (await group.json()).doc.id
    const removal = await fetch(`${started!.base}/api/service-groups/${groupId}`, { method: 'DELETE', headers: auth })
    expect(removal.status).toBe(403)
    const anonymous = await fetch(`${started!.base}/api/service-groups/${groupId}`, { method: 'DELETE' })
    expect(anonymous.status).toBe(401)

    const bad = await runCreateUser(env, 'not-an-email', 'editor')
    expect(bad.status).not.toBe(0)
    expect(bad.stderr).toContain('e-mail address')
  })
})

describe('npm start refuses an unsafe secret', () => {
  it('exits with a message for a well-known PAYLOAD_SECRET', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PAYLOAD_SECRET: 'changeme', PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr + result.stdout).toContain('Refusing to start: PAYLOAD_SECRET')
  })

  it('exits with one line naming a variable whose value is invalid, before anything starts', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, DATABASE_POOL_MAX: 'ten', OUTBOUND_ALLOW_HTTP: 'perhaps', PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    const line = (result.stderr + result.stdout).split('\n').find((text) => text.startsWith('Refusing to start:'))
    expect(line).toBe(
      'Refusing to start: DATABASE_POOL_MAX must be a whole number of at least 1, got "ten"; OUTBOUND_ALLOW_HTTP must be true or false (or 1/0, yes/no, on/off), got "perhaps"',
    )
  })

  it('exits with a message when PostgreSQL is used in production without a secret', async () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PAYLOAD_SECRET: '', DATABASE_URL: postgresServer, PORT: String(await freePort()) },
      encoding: 'utf8',
      timeout: 600_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr + result.stdout).toContain('PAYLOAD_SECRET is required')
  })
})
