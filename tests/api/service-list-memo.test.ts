/**
 * The service list behind /api/v1/status and `/` is read once and kept until a write that may touch services or
 * groups (src/runtime/data-version.ts, the services version): an incident's own write keeps
 * it, and every way a service or group changes (an incident's update setting a status, its resolution, the service
 * or group itself, a delete) shows on the next read.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, payload, type TestUser } from '../helpers/api'
import { v1 } from '../helpers/public-api'

let admin: TestUser
let groupId: number
const ids: Record<string, number> = {}

type Summary = {
  serviceGroups: { slug: string; name: string; services: { slug: string; name: string; status: string }[] }[]
}
const summary = async (): Promise<Summary> => {
  const response = await v1('/status')
  expect(response.status).toBe(200)
  return response.body.data
}
const ours = (s: Summary) => s.serviceGroups.find((g) => g.slug === 'memo-group' || g.slug === 'memo-group-renamed')
const service = async (slug: string) => ours(await summary())?.services.find((s) => s.slug === slug)

async function call(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: Record<string, unknown>) {
  const response = await api(method, path, { key: admin.key, body })
  expect(response.status, response.text).toBeLessThan(300)
  return response.body.doc
}

beforeAll(async () => {
  admin = await createUser('admin')
  groupId = (await call('POST', '/service-groups', { name: 'Memo group', slug: 'memo-group' })).id
  ids.ledger = (await call('POST', '/services', { name: 'Ledger', slug: 'memo-ledger', group: groupId })).id
  ids.queue = (await call('POST', '/services', { name: 'Queue', slug: 'memo-queue', group: groupId })).id
})

describe('the service list across writes', () => {
  it('shows every change an incident makes to a service, and its resolution', async () => {
    expect(await service('memo-ledger')).toMatchObject({ status: 'operational' })
    const incident = await call('POST', '/incidents', {
      title: 'Ledger slow',
      affectedServices: [ids.ledger],
      updates: [
        { status: 'investigating', message: 'x', serviceStatuses: [{ service: ids.ledger, status: 'partial' }] },
      ],
    })
    expect(await service('memo-ledger')).toMatchObject({ status: 'partial' })
    await call('PATCH', `/incidents/${incident.id}`, {
      updates: [
        ...incident.updates.map(({ id: _id, ...row }: Record<string, unknown>) => row),
        { status: 'resolved', message: 'fixed' },
      ],
    })
    expect(await service('memo-ledger')).toMatchObject({ status: 'operational' })
  })

  it('shows a service, its group and a delete changed through the CMS', async () => {
    await call('PATCH', `/services/${ids.queue}`, { name: 'Queue (EU)', status: 'degraded' })
    expect(await service('memo-queue')).toMatchObject({ name: 'Queue (EU)', status: 'degraded' })
    await call('PATCH', `/service-groups/${groupId}`, { name: 'Memo group renamed' })
    expect(ours(await summary())?.name).toBe('Memo group renamed')
    await call('DELETE', `/services/${ids.queue}`)
    expect(await service('memo-queue')).toBeUndefined()
  })

  it('is kept across a write that touches no service, and read again after one that does', async () => {
    await summary()
    // Changed underneath, as no write of the service does (no hook runs): only a read of the table would see it.
    const p = await payload()
    await p.db.updateOne({
      collection: 'services',
      where: { id: { equals: ids.ledger } },
      // Below Payload, a localized field is written per language (docs/languages.md, "Content").
      data: { name: { en: 'Ledger (raw)' } },
    })
    await call('POST', '/incidents', { title: 'Unrelated', updates: [{ status: 'investigating', message: 'x' }] })
    expect(await service('memo-ledger')).toMatchObject({ name: 'Ledger' })
    await call('PATCH', `/services/${ids.ledger}`, { description: 'Bookkeeping' })
    expect(await service('memo-ledger')).toMatchObject({ name: 'Ledger (raw)' })
  })
})
