/**
 * Status changes under concurrency: two incidents resolving at the same moment on one service (two HTTP writes in
 * flight at once, each in its own transaction on PostgreSQL) give the service back to what nothing holds, as if
 * they had resolved one after the other (code review #1). Several rounds, since a race shows only sometimes.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'

let editor: TestUser
let group: number

const resolveBody = (doc: { updates: object[] }) => ({
  updates: [
    ...doc.updates,
    { status: 'resolved', message: 'Fixed.', createdAt: new Date(Date.now() + 1000).toISOString() },
  ],
})

beforeAll(async () => {
  const admin = await createUser('admin')
  editor = await createUser('editor')
  group = (await api('POST', '/service-groups', { key: admin.key, body: { name: 'Races' } })).body.doc.id
})

describe('two incidents resolving at once', () => {
  it('give their service back to operational, never to the status the other one set', async () => {
    for (let round = 0; round < 6; round++) {
      const service = (await api('POST', '/services', { key: editor.key, body: { name: `Race ${round}`, group } })).body
        .doc.id
      const open = async (status: string) => {
        const res = await api('POST', '/incidents', {
          key: editor.key,
          body: {
            title: `${status} ${round}`,
            affectedServices: [service],
            updates: [{ status: 'investigating', message: 'On it.', serviceStatuses: [{ service, status }] }],
          },
        })
        expect(res.status, res.text).toBe(201)
        return res.body.doc
      }
      const a = await open('partial')
      const b = await open('major')
      expect((await api('GET', `/services/${service}`, { key: editor.key })).body.status).toBe('major')
      const [ra, rb] = await Promise.all([
        api('PATCH', `/incidents/${a.id}`, { key: editor.key, body: resolveBody(a) }),
        api('PATCH', `/incidents/${b.id}`, { key: editor.key, body: resolveBody(b) }),
      ])
      expect([ra.status, rb.status], ra.text + rb.text).toEqual([200, 200])
      expect((await api('GET', `/services/${service}`, { key: editor.key })).body.status, `round ${round}`).toBe(
        'operational',
      )
    }
  })
})
