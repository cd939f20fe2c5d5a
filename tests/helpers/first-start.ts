/**
 * The service as a newcomer runs it (tests/e2e/server*.test.ts, one file per database): `npm start` on a new database,
 * which its first start migrates, then real HTTP: the admin area, the CMS API and GraphQL, the first administrator
 * from ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_API_KEY, and a user made by `npm run create-user`.
 */
import { randomBytes, randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runCreateUser, type Started, startService, stopServices } from './service'

const adminEmail = 'first-admin@example.test'
const adminPassword = 'first-admin-' + randomBytes(8).toString('hex')
const adminKey = randomUUID()

/** The first start on the database `database()` makes (its name: `name`). */
export function describeFirstStart(name: string, database: () => Promise<Record<string, string>>): void {
  describe(`npm start on ${name}`, () => {
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
}
