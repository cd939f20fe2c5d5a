/**
 * An integration's "Send a test event": POST /api/integrations/<id>/test-event runs a sample notification
 * of the integration's tool through its parser and message templates and answers what would be opened and what the
 * resolve would say, creating nothing and notifying nobody. Sending the same sample to the real webhook opens exactly
 * what the dry run showed.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { SAMPLE_DESCRIPTION } from '@/domain/sample-event'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'

let admin: TestUser
let editor: TestUser
let groupId: number

async function service(name: string, slug: string): Promise<number> {
  const created = await api('POST', '/services', { key: admin.key, body: { name, slug, group: groupId } })
  expect(created.status, created.text).toBe(201)
  return created.body.doc.id
}

/** How many rows the dry run could have written to: incidents, the events log, notifications. */
async function counts() {
  const p = await payload()
  const count = async (collection: 'incidents' | 'integration-events' | 'notifications' | 'service-status-changes') =>
    (await p.count({ collection, overrideAccess: true })).totalDocs
  return {
    incidents: await count('incidents'),
    events: await count('integration-events'),
    notifications: await count('notifications'),
    changes: await count('service-status-changes'),
  }
}

const testEvent = (id: number | string, key?: string, body: unknown = {}) =>
  api('POST', `/integrations/${id}/test-event`, { key, body })

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Test event group' } })
  groupId = group.body.doc.id
})

describe('POST /api/integrations/:id/test-event', () => {
  it('is for admins: 401 without credentials, 403 for an editor, 404 for no such integration, never cached', async () => {
    const { id } = await createIntegration(admin, { name: 'TE roles', kind: 'generic' })
    const anonymous = await testEvent(id)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('cache-control')).toBe('no-store')
    expect((await testEvent(id, editor.key)).status).toBe(403)
    expect((await testEvent(999_999, admin.key)).status).toBe(404)
    expect((await testEvent('abc', admin.key)).status).toBe(404)
    const bad = await testEvent(id, admin.key, { service: 42 })
    expect(bad.status, bad.text).toBe(400)
    expect(bad.body.errors[0]).toMatchObject({ field: 'service' })
    const ok = await testEvent(id, admin.key)
    expect(ok.status, ok.text).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
  })

  it('shows the incident its template would open and the resolve, creating nothing; the real webhook then opens the same', async () => {
    const serviceId = await service('Ledger TE', 'ledger-te')
    const { id, token } = await createIntegration(admin, {
      name: 'TE custom',
      kind: 'alertmanager',
      openingMessage: 'Trouble with {statuses}.\n{description}',
      resolvedMessage: 'All good again on {services}.',
    })
    const before = await counts()
    const statusBefore = (await api('GET', `/services/${serviceId}?depth=0`)).body.status
    const res = await testEvent(id, admin.key, { service: 'ledger-te' })
    expect(res.status, res.text).toBe(200)
    expect(res.body.incident).toEqual({
      title: 'Elevated errors on Ledger TE',
      status: 'investigating',
      services: [{ id: serviceId, name: 'Ledger TE', status: 'major' }],
      message: `Trouble with Ledger TE (Major outage).\n${SAMPLE_DESCRIPTION}`,
      notifySubscribers: true,
    })
    expect(res.body.resolve).toMatchObject({ status: 'resolved', message: 'All good again on the affected services.' })
    expect(await counts()).toEqual(before)
    expect((await api('GET', `/services/${serviceId}?depth=0`)).body.status).toBe(statusBefore)

    const opened = await webhook(token, res.body.sample.firing)
    expect(opened.body.outcome, JSON.stringify(opened.body)).toBe('opened')
    const incident = (await api('GET', `/incidents/${opened.body.incident.id}?depth=0`, { key: admin.key })).body
    expect(incident.title).toBe(res.body.incident.title)
    expect(incident.updates[0].message).toBe(res.body.incident.message)
    await webhook(token, res.body.sample.resolved)
    const resolved = (await api('GET', `/incidents/${opened.body.incident.id}?depth=0`, { key: admin.key })).body
    expect(resolved.status).toBe('resolved')
    expect(resolved.updates.at(-1).message).toBe(res.body.resolve.message)
  })

  it.each(['alertmanager', 'uptime-kuma', 'gatus', 'generic'] as const)(
    'reads a sample of %s with its default template',
    async (kind) => {
      const slug = `svc-te-${kind}`
      const serviceId = await service(`Service ${kind}`, slug)
      const { id } = await createIntegration(admin, { name: `TE ${kind}`, kind, notifySubscribers: false })
      const res = await testEvent(id, admin.key, { service: slug })
      expect(res.status, res.text).toBe(200)
      expect(res.body.incident).toMatchObject({
        services: [{ id: serviceId, status: 'major' }],
        message: `We are investigating elevated errors on Service ${kind}.`,
        notifySubscribers: false,
      })
      expect(res.body.resolve.message).toBe('This incident has been resolved.')
    },
  )

  it('says nothing would open when the sample names no known service and there are no defaults', async () => {
    const { id } = await createIntegration(admin, { name: 'TE unknown', kind: 'generic' })
    const res = await testEvent(id, admin.key, { service: 'no-such-service-te' })
    expect(res.status, res.text).toBe(200)
    expect(res.body.incident).toBeNull()
    expect(res.body.unknownServices).toEqual(['no-such-service-te'])
    expect(res.body.note).toMatch(/opens nothing/)
  })
})
