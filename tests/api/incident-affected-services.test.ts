/**
 * An update that sets a service's status makes it an affected service: the rule is enforced on the
 * server, whatever the client (the admin form, REST, GraphQL), so no service is in an outage no incident names.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, graphql, type TestUser } from '../helpers/api'

let admin: TestUser
let editor: TestUser
let groupId: number

async function newService(name: string): Promise<number> {
  const res = await api('POST', '/services', { key: editor.key, body: { name, group: groupId } })
  expect(res.status, res.text).toBe(201)
  return res.body.doc.id
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Affected group' } })
  groupId = group.body.doc.id
})

describe('services an update sets', () => {
  it('are added to the affected services, on create and on a later update', async () => {
    const web = await newService('Web aff')
    const payments = await newService('Payments aff')
    const search = await newService('Search aff')
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'Slow',
        affectedServices: [web],
        updates: [
          { status: 'investigating', message: 'x', serviceStatuses: [{ service: payments, status: 'partial' }] },
        ],
      },
    })
    expect(created.status, created.text).toBe(201)
    expect(
      created.body.doc.affectedServices.map((s: { id: number } | number) => (typeof s === 'number' ? s : s.id)).sort(),
    ).toEqual([web, payments].sort())

    const updates = created.body.doc.updates.map(({ id: _id, ...row }: Record<string, unknown>) => ({
      ...row,
      serviceStatuses: [{ service: payments, status: 'partial' }],
    }))
    const patched = await api('PATCH', `/incidents/${created.body.doc.id}?depth=0`, {
      key: editor.key,
      body: {
        updates: [
          ...updates,
          { status: 'identified', message: 'y', serviceStatuses: [{ service: search, status: 'degraded' }] },
        ],
      },
    })
    expect(patched.status, patched.text).toBe(200)
    expect([...patched.body.doc.affectedServices].sort()).toEqual([web, payments, search].sort())
    const pay = await api('GET', `/services/${payments}`)
    expect(pay.body.status).toBe('partial')
  })

  it('through GraphQL too', async () => {
    const db = await newService('DB aff')
    const res = await graphql(
      `mutation ($data: mutationIncidentInput!) { createIncident(data: $data) { affectedServices { id } } }`,
      {
        data: {
          title: 'GQL',
          updates: [{ status: 'investigating', message: 'x', serviceStatuses: [{ service: db, status: 'major' }] }],
        },
      },
      { key: editor.key },
    )
    expect(res.status, res.text).toBe(200)
    expect(res.body.data.createIncident.affectedServices).toEqual([{ id: db }])
  })
})
