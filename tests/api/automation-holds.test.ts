/**
 * Automation and the statuses people and other incidents hold (code review #2, security review "an integration can
 * hide an outage"), through the monitoring webhook: a firing alert is at least degraded whatever its words say;
 * automation never improves a status another open incident holds; an alert that recovers gives its service back by
 * the release rule, not to a literal operational.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { alertmanagerFiring } from '../fixtures/integrations/alertmanager'
import { api, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook, webhookWithTokenInPath } from '../helpers/integrations'

let admin: TestUser
let editor: TestUser
let group: number
let token: string
let generic: string

const alert = (service: string, severity: string, fingerprint: string) => ({
  ...alertmanagerFiring.alerts[0],
  labels: { alertname: `Probe${fingerprint}`, severity, service },
  fingerprint,
})
const notification = (groupKey: string, alerts: object[]) => ({
  ...alertmanagerFiring,
  groupKey,
  commonLabels: {},
  alerts,
})

async function service(name: string, status = 'operational') {
  const res = await api('POST', '/services', { key: editor.key, body: { name, group, status } })
  expect(res.status, res.text).toBe(201)
  return { id: res.body.doc.id as number, slug: res.body.doc.slug as string }
}
const statusOf = async (id: number) => (await api('GET', `/services/${id}`, { key: editor.key })).body.status

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  group = (await api('POST', '/service-groups', { key: admin.key, body: { name: 'Held' } })).body.doc.id
  token = (await createIntegration(admin, { name: 'Alertmanager', kind: 'alertmanager' })).token
  generic = (await createIntegration(admin, { name: 'Generic', kind: 'generic' })).token
})

describe('automation and held statuses', () => {
  it('reads a firing alert that says operational as at least degraded', async () => {
    const web = await service('Firing but operational')
    const res = await webhook(generic, {
      key: 'says-operational',
      state: 'firing',
      services: [web.slug],
      status: 'operational',
      title: 'Odd alert',
    })
    expect(res.status).toBe(200)
    expect(res.body.outcome).toBe('opened')
    expect(await statusOf(web.id)).toBe('degraded')
  })

  it('never improves a status that a person’s open incident holds', async () => {
    const api1 = await service('Held by a person')
    const person = await api('POST', '/incidents', {
      key: editor.key,
      body: {
        title: 'Major outage',
        affectedServices: [api1.id],
        updates: [{ status: 'identified', message: 'Down.', serviceStatuses: [{ service: api1.id, status: 'major' }] }],
      },
    })
    expect(person.status, person.text).toBe(201)
    expect(await statusOf(api1.id)).toBe('major')
    const fired = await webhook(token, notification('{}:{g="held"}', [alert(api1.slug, 'warning', 'h1')]))
    expect(fired.body.outcome).toBe('opened')
    expect(await statusOf(api1.id)).toBe('major')
    // The person resolves: the automation's own status (partial outage, from "warning") is what remains.
    const resolved = await api('PATCH', `/incidents/${person.body.doc.id}`, {
      key: editor.key,
      body: {
        updates: [
          ...person.body.doc.updates,
          { status: 'resolved', message: 'Fixed.', createdAt: new Date(Date.now() + 1000).toISOString() },
        ],
      },
    })
    expect(resolved.status, resolved.text).toBe(200)
    expect(await statusOf(api1.id)).toBe('partial')
  })

  it('gives a recovered alert’s service back to what holds it, not to operational', async () => {
    const manual = await service('Degraded by hand', 'degraded')
    const other = await service('Still firing')
    const key = '{}:{g="recover"}'
    expect(
      (
        await webhook(
          token,
          notification(key, [alert(manual.slug, 'critical', 'r1'), alert(other.slug, 'warning', 'r2')]),
        )
      ).body.outcome,
    ).toBe('opened')
    expect(await statusOf(manual.id)).toBe('major')
    // The first alert recovers, the second fires on: the service set by hand goes back to degraded.
    const updated = await webhook(
      token,
      notification(key, [
        { ...alert(manual.slug, 'critical', 'r1'), status: 'resolved' },
        alert(other.slug, 'warning', 'r2'),
      ]),
    )
    expect(updated.body.outcome).toBe('updated')
    expect(await statusOf(manual.id)).toBe('degraded')
    expect(await statusOf(other.id)).toBe('partial')
  })

  it('resolves an incident whose update named a since-deleted service, and gives the other service back', async () => {
    const gone = await service('Deleted while firing')
    const kept = await service('Firing beside it')
    const firing = { key: 'deleted-service', state: 'firing', services: [gone.slug, kept.slug], status: 'major' }
    const opened = await webhookWithTokenInPath(generic, firing)
    expect(opened.body.outcome).toBe('opened')
    expect(await statusOf(kept.id)).toBe('major')
    expect((await api('DELETE', `/services/${gone.id}`, { key: admin.key })).status).toBe(200)

    const resolved = await webhookWithTokenInPath(generic, { ...firing, state: 'resolved' })
    expect([resolved.status, resolved.body.outcome], JSON.stringify(resolved.body)).toEqual([200, 'resolved'])
    expect(await statusOf(kept.id)).toBe('operational')
    const incident = await api('GET', `/incidents/${opened.body.incident.id}?depth=0`, { key: editor.key })
    expect(incident.body.status).toBe('resolved')
  })
})
