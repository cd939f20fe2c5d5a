/**
 * Monitoring integrations through HTTP: the integrations collection and its token, the webhook's answers,
 * and what each tool's notifications do to incidents and service statuses, with the tools' real payloads
 * (tests/fixtures/integrations). The same file runs on SQLite and PostgreSQL.
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import { beforeAll, describe, expect, it } from 'vitest'

import { readRows } from '@/db/sql'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook, webhookWithTokenInPath } from '../helpers/integrations'
import { alertmanagerFiring, alertmanagerResolved } from '../fixtures/integrations/alertmanager'
import { gatusResolved, gatusTriggered } from '../fixtures/integrations/gatus'
import { grafanaFiring, grafanaOneRecovered, grafanaResolved } from '../fixtures/integrations/grafana'
import { uptimeKumaDown, uptimeKumaTest, uptimeKumaUp } from '../fixtures/integrations/uptime-kuma'

let admin: TestUser
let editor: TestUser
let groupId: number

async function service(slug: string, status = 'operational'): Promise<number> {
  const created = await api('POST', '/services', {
    key: admin.key,
    body: { name: slug.toUpperCase(), slug, group: groupId, status },
  })
  expect(created.status).toBe(201)
  return created.body.doc.id
}
const statusOf = async (id: number) => (await api('GET', `/services/${id}`)).body.status as string
const incident = async (id: number) => (await api('GET', `/incidents/${id}?depth=0`, { key: admin.key })).body
async function incidentsOfKey(integration: number, key: string) {
  const p = await payload()
  const { docs } = await p.find({
    collection: 'incidents',
    where: { and: [{ integration: { equals: integration } }, { integrationKey: { equals: key } }] },
    sort: 'createdAt',
    depth: 0,
  })
  return docs
}
async function events(integration: number) {
  const res = await api(
    'GET',
    `/integration-events?where[integration][equals]=${integration}&sort=-createdAt&limit=50&depth=0`,
    { key: admin.key },
  )
  expect(res.status).toBe(200)
  return res.body.docs as any[]
}
/** A copy of a fixture with other labels on its alerts (a new group or severity). */
const withAlertLabels = (
  fixture: typeof alertmanagerFiring,
  labels: Record<string, string>,
  groupKey = fixture.groupKey,
) => ({
  ...fixture,
  groupKey,
  commonLabels: { ...fixture.commonLabels, ...labels },
  alerts: fixture.alerts.map((alert) => ({ ...alert, labels: { ...alert.labels, ...labels } })),
})

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Monitored' } })
  groupId = group.body.doc.id
})

describe('the integrations collection', () => {
  it('is for admins only, and shows the token once, in the create response', async () => {
    expect((await api('POST', '/integrations', { body: { name: 'x', kind: 'generic' } })).status).toBe(401)
    expect((await api('POST', '/integrations', { key: editor.key, body: { name: 'x', kind: 'generic' } })).status).toBe(
      403,
    )
    expect((await api('GET', '/integrations', { key: editor.key })).status).toBe(403)

    const { id, token, doc } = await createIntegration(admin, { name: 'Prometheus', kind: 'alertmanager' })
    expect(token).toMatch(/^spi_[A-Za-z0-9_-]{43}$/)
    expect(doc).toMatchObject({ serviceLabel: 'service', notifySubscribers: true, defaultStatus: 'partial' })
    expect(doc.severityStatuses.map((row: any) => [row.severity, row.status])).toEqual([
      ['critical', 'major'],
      ['warning', 'partial'],
      ['info', 'degraded'],
    ])
    expect(doc.tokenHash).toBeUndefined()

    const read = await api('GET', `/integrations/${id}`, { key: admin.key })
    expect(read.status).toBe(200)
    expect(read.text).not.toContain(token)
    expect(read.body.token).toBeUndefined()
    expect(read.body.tokenHash).toBeUndefined()
    const list = await api('GET', '/integrations', { key: admin.key })
    expect(list.text).not.toContain(token)
    // Nor can a client set the hash.
    await api('PATCH', `/integrations/${id}`, { key: admin.key, body: { tokenHash: 'x' } })
    expect((await webhook(token, { hello: 1 })).status).toBe(400)
  })

  it('regenerates the token for admins: the new one works, the old one is refused', async () => {
    const { id, token } = await createIntegration(admin, { name: 'Rotated', kind: 'generic' })
    expect((await api('POST', `/integrations/${id}/token`, { key: editor.key })).status).toBe(403)
    expect((await api('POST', `/integrations/${id}/token`)).status).toBe(401)
    const regenerated = await api('POST', `/integrations/${id}/token`, { key: admin.key })
    expect(regenerated.status).toBe(200)
    const fresh = regenerated.body.token as string
    expect(fresh).toMatch(/^spi_/)
    expect(fresh).not.toBe(token)
    expect((await webhook(token, { key: 'k', state: 'resolved' })).status).toBe(401)
    expect((await webhook(fresh, { key: 'k', state: 'resolved' })).status).toBe(200)
    expect((await api('POST', `/integrations/999999/token`, { key: admin.key })).status).toBe(404)
  })
})

describe('the webhook’s answers', () => {
  let token: string
  let integration: number
  beforeAll(async () => {
    ;({ id: integration, token } = await createIntegration(admin, { name: 'Kuma', kind: 'uptime-kuma' }))
  })

  it('401 without a token, with a wrong one, or with another scheme', async () => {
    const missing = await webhook(null, uptimeKumaTest)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    expect(missing.body.errors[0].message).toContain('Bearer')
    expect((await webhook('spi_' + 'A'.repeat(43), uptimeKumaTest)).status).toBe(401)
    expect((await webhook('nonsense', uptimeKumaTest)).status).toBe(401)
    expect((await webhook(null, uptimeKumaTest, { authorization: `users API-Key ${token}` })).status).toBe(401)
    expect((await webhookWithTokenInPath('spi_wrong', uptimeKumaTest)).status).toBe(401)
  })

  it('answers Uptime Kuma’s test notification with 200, and changes nothing', async () => {
    const before = (await api('GET', '/incidents?limit=1')).body.totalDocs
    const answer = await webhook(token, uptimeKumaTest)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ outcome: 'test', incident: null })
    expect((await api('GET', '/incidents?limit=1')).body.totalDocs).toBe(before)
    expect((await events(integration))[0]).toMatchObject({ outcome: 'test', summary: 'A test notification' })
  })

  it('accepts the token in the path, or as the password of basic auth (Grafana’s other choice)', async () => {
    expect((await webhookWithTokenInPath(token, uptimeKumaTest)).status).toBe(200)
    const basic = `Basic ${Buffer.from(`grafana:${token}`).toString('base64')}`
    expect((await webhook(null, uptimeKumaTest, { authorization: basic })).status).toBe(200)
  })

  it('400 naming what is wrong, logged as a bad payload', async () => {
    const notJson = await webhook(token, '{"heartbeat": ')
    expect(notJson.status).toBe(400)
    expect(notJson.body.errors[0].message).toBe('The request body is not valid JSON.')
    const empty = await webhook(token, '')
    expect(empty.status).toBe(400)
    const wrongTool = await webhook(token, alertmanagerFiring)
    expect(wrongTool.status).toBe(400)
    expect(wrongTool.body.errors[0].message).toContain('not an Uptime Kuma webhook payload')
    const log = await events(integration)
    expect(log[0]).toMatchObject({ outcome: 'bad-payload', detail: expect.stringContaining('not an Uptime Kuma') })
  })

  it('500, not 503, for an error of the server’s own: a retry cannot help, so tools do not retry it for ever', async () => {
    // A kind this release does not know, as a newer release that was rolled back leaves it: no parser reads it.
    const { id, token: retired } = await createIntegration(admin, { name: 'From a newer release', kind: 'generic' })
    const p = await payload()
    if (process.env.TEST_DIALECT === 'postgres')
      await readRows(p, sql`ALTER TYPE "public"."enum_integrations_kind" ADD VALUE IF NOT EXISTS 'retired-kind'`)
    await readRows(p, sql`UPDATE integrations SET kind = 'retired-kind' WHERE id = ${id}`)
    const answer = await webhook(retired, { key: 'k', state: 'firing', services: ['api'] })
    expect(answer.status).toBe(500)
    expect(answer.headers.get('retry-after')).toBeNull()
    // The client learns nothing of the code: a fixed text, not the error's own message.
    expect(answer.body.errors).toEqual([
      { message: 'The notification could not be processed because of an error on the server; it is logged.' },
    ])
  })

  it('413 over 1 MB, whether announced or streamed', async () => {
    const big = JSON.stringify({ heartbeat: null, monitor: null, msg: 'x'.repeat(1024 * 1024) })
    const answer = await webhook(token, big)
    expect(answer.status).toBe(413)
    expect(answer.body.errors[0].message).toContain('1 MB')
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)))
        controller.close()
      },
    })
    const { POST } = await import('@/app/api/integrations/webhook/route')
    const streamed = await POST(
      new Request('http://localhost:3000/api/integrations/webhook', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    )
    expect(streamed.status).toBe(413)
  })

  it('reads Uptime Kuma’s form-data body (its JSON in the data field)', async () => {
    const form = new FormData()
    form.append('data', JSON.stringify(uptimeKumaTest))
    const answer = await webhook(token, form)
    expect(answer.status).toBe(200)
    expect(answer.body.outcome).toBe('test')
  })
})

describe('Alertmanager notifications move an incident and its services', () => {
  let token: string
  let integration: number
  let website: number
  beforeAll(async () => {
    website = await service('website')
    ;({ id: integration, token } = await createIntegration(admin, { name: 'Alertmanager', kind: 'alertmanager' }))
  })

  it('opens on the first firing, ignores the repeat, appends on a change keeping a person’s status, resolves and restores', async () => {
    const opened = await webhook(token, alertmanagerFiring)
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({
      outcome: 'opened',
      incident: { id: expect.any(Number), shortId: expect.any(String) },
    })
    const id = opened.body.incident.id
    let doc = await incident(id)
    expect(doc).toMatchObject({
      title: 'Elevated errors on WEBSITE',
      status: 'investigating',
      integration,
      integrationKey: alertmanagerFiring.groupKey,
    })
    expect(doc.updates).toHaveLength(1)
    expect(doc.updates[0].message).toBe('We are investigating elevated errors on WEBSITE.')
    expect(doc.affectedServices).toEqual([website])
    // Hidden bookkeeping never leaves the server.
    expect(doc.integrationOpenKey).toBeUndefined()
    expect(doc.integrationSignature).toBeUndefined()
    expect(await statusOf(website)).toBe('major')

    // Alertmanager re-sends every repeat_interval: nothing.
    const repeat = await webhook(token, structuredClone(alertmanagerFiring))
    expect(repeat.body.outcome).toBe('duplicate')
    expect((await incident(id)).updates).toHaveLength(1)

    // A person takes over: identified, with their own words.
    const personsUpdate = { status: 'identified', message: 'A bad deploy; rolling back.' }
    const patched = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: { updates: [...doc.updates.map(({ id: _id, ...row }: any) => row), personsUpdate] },
    })
    expect(patched.status).toBe(200)

    // The severity drops to warning: one update, the person's status kept, their text untouched.
    const changed = await webhook(token, withAlertLabels(alertmanagerFiring, { severity: 'warning' }))
    expect(changed.body.outcome).toBe('updated')
    doc = await incident(id)
    expect(doc.status).toBe('identified')
    expect(doc.updates).toHaveLength(3)
    expect(doc.updates.map((row: any) => row.message)).toContain('A bad deploy; rolling back.')
    expect(await statusOf(website)).toBe('partial')
    expect((await webhook(token, withAlertLabels(alertmanagerFiring, { severity: 'warning' }))).body.outcome).toBe(
      'duplicate',
    )

    const resolved = await webhook(token, alertmanagerResolved)
    expect(resolved.body.outcome).toBe('resolved')
    doc = await incident(id)
    expect(doc.status).toBe('resolved')
    expect(doc.updates).toHaveLength(4)
    expect(await statusOf(website)).toBe('operational')
    expect((await webhook(token, alertmanagerResolved)).body.outcome).toBe('nothing-open')

    // A new firing soon after the alerts resolved reopens the same incident (a flapping alert makes one incident;
    // after INTEGRATION_REOPEN_MINUTES a new one opens: tests/api/flapping-alerts.test.ts).
    const again = await webhook(token, alertmanagerFiring)
    expect(again.body.outcome).toBe('updated')
    expect(again.body.incident.id).toBe(id)
    await webhook(token, alertmanagerResolved)

    const log = await events(integration)
    expect(
      log
        .map((row) => row.outcome)
        .slice(0, 8)
        .reverse(),
    ).toEqual(['opened', 'duplicate', 'updated', 'duplicate', 'resolved', 'nothing-open', 'updated', 'resolved'])
    expect(log.find((row) => row.outcome === 'opened')).toMatchObject({
      incident: expect.any(Number),
      statuses: 'WEBSITE: Major outage',
      summary: expect.stringContaining('Firing: BlackBox'),
    })
  })

  it('does not reopen an incident a person resolved while its alerts still fire', async () => {
    const firing = withAlertLabels(alertmanagerFiring, {}, '{}:{alertname="PersonResolves"}')
    const opened = await webhook(token, firing)
    const id = opened.body.incident.id
    const doc = await incident(id)
    await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: {
        updates: [
          ...doc.updates.map(({ id: _id, ...row }: any) => row),
          { status: 'resolved', message: 'Fixed by hand.' },
        ],
      },
    })
    expect((await webhook(token, firing)).body.outcome).toBe('resolved-by-person')
    expect((await webhook(token, withAlertLabels(firing, { severity: 'warning' }))).body.outcome).toBe(
      'resolved-by-person',
    )
    expect(await incidentsOfKey(integration, firing.groupKey)).toHaveLength(1)
    expect(
      (
        await webhook(token, {
          ...firing,
          status: 'resolved',
          alerts: firing.alerts.map((a) => ({ ...a, status: 'resolved' })),
        })
      ).body.outcome,
    ).toBe('closed')
    expect((await incident(id)).updates).toHaveLength(2)
    expect((await webhook(token, firing)).body.outcome).toBe('opened')
    expect(await incidentsOfKey(integration, firing.groupKey)).toHaveLength(2)
  })

  it('a retry storm of one notification leaves one incident and no duplicate update', async () => {
    const firing = withAlertLabels(alertmanagerFiring, {}, '{}:{alertname="Storm"}')
    const answers = await Promise.all(Array.from({ length: 12 }, () => webhook(token, structuredClone(firing))))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => answer.body.outcome === 'opened')).toHaveLength(1)
    const [only] = await incidentsOfKey(integration, firing.groupKey)
    expect(await incidentsOfKey(integration, firing.groupKey)).toHaveLength(1)
    const changed = withAlertLabels(firing, { severity: 'warning' })
    const again = await Promise.all(Array.from({ length: 12 }, () => webhook(token, structuredClone(changed))))
    expect(again.filter((answer) => answer.body.outcome === 'updated')).toHaveLength(1)
    expect((await incident(only.id)).updates).toHaveLength(2)
    const resolved = {
      ...changed,
      status: 'resolved',
      alerts: changed.alerts.map((a) => ({ ...a, status: 'resolved' })),
    }
    const closing = await Promise.all(Array.from({ length: 12 }, () => webhook(token, structuredClone(resolved))))
    expect(closing.filter((answer) => answer.body.outcome === 'resolved')).toHaveLength(1)
    expect((await incident(only.id)).updates).toHaveLength(3)
  })

  it('a burst of different alerts at once (Alertmanager flushing many groups) is applied, every one', async () => {
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        webhook(token, withAlertLabels(alertmanagerFiring, {}, `{}:{alertname="Burst${i}"}`)),
      ),
    )
    expect(burst.map((answer) => answer.status)).toEqual(Array(24).fill(200))
    expect(burst.filter((answer) => answer.body.outcome === 'opened')).toHaveLength(24)
  })

  it('does nothing, and says so, when no service matched and there are no defaults; uses the defaults when set', async () => {
    const nowhere = withAlertLabels(alertmanagerFiring, { service: 'no-such-service' }, '{}:{alertname="Nowhere"}')
    const answer = await webhook(token, nowhere)
    expect(answer.body).toMatchObject({ outcome: 'no-service', incident: null })
    expect((await events(integration))[0].detail).toContain('no-such-service')

    const fallback = await service('fallback')
    const { token: withDefaults } = await createIntegration(admin, {
      name: 'With defaults',
      kind: 'alertmanager',
      defaultServices: [fallback],
    })
    const opened = await webhook(withDefaults, nowhere)
    expect(opened.body.outcome).toBe('opened')
    expect((await incident(opened.body.incident.id)).affectedServices).toEqual([fallback])
    expect(await statusOf(fallback)).toBe('major')
  })
})

describe('notifySubscribers off', () => {
  it('incidents it opens notify nobody until a person edits them', async () => {
    const quietService = await service('quiet')
    const { token } = await createIntegration(admin, { name: 'Quiet', kind: 'generic', notifySubscribers: false })
    const p = await payload()
    const notificationsOf = async (id: number) =>
      (await p.find({ collection: 'notifications', where: { incident: { equals: id } }, depth: 0 })).docs

    const opened = await webhook(token, {
      key: 'disk',
      state: 'firing',
      services: ['quiet'],
      severity: 'warning',
      title: 'Disk filling up',
    })
    const id = opened.body.incident.id
    expect(await notificationsOf(id)).toHaveLength(0)
    await webhook(token, {
      key: 'disk',
      state: 'firing',
      services: ['quiet'],
      severity: 'critical',
      title: 'Disk full',
    })
    expect(await notificationsOf(id)).toHaveLength(0)
    expect(await statusOf(quietService)).toBe('major')

    const doc = await incident(id)
    await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: {
        updates: [
          ...doc.updates.map(({ id: _id, ...row }: any) => row),
          { status: 'identified', message: 'Cleaning up old logs.' },
        ],
      },
    })
    expect(await notificationsOf(id)).toHaveLength(1)
    await webhook(token, { key: 'disk', state: 'resolved' })
    expect((await notificationsOf(id)).map((row) => row.kind).sort()).toEqual(['incident_resolved', 'incident_updated'])
  })
})

describe('Grafana, Uptime Kuma and Gatus payloads', () => {
  it('Grafana: each zone a service; one alert recovering adjusts the statuses; all resolved restores them', async () => {
    const us = await service('us-1')
    const eu = await service('eu-1')
    const { token } = await createIntegration(admin, { name: 'Grafana', kind: 'alertmanager', serviceLabel: 'zone' })
    const opened = await webhook(token, grafanaFiring)
    expect(opened.body.outcome).toBe('opened')
    const id = opened.body.incident.id
    // No severity label: the integration's default status.
    expect([await statusOf(us), await statusOf(eu)]).toEqual(['partial', 'partial'])
    expect((await webhook(token, grafanaOneRecovered)).body.outcome).toBe('updated')
    expect([await statusOf(us), await statusOf(eu)]).toEqual(['operational', 'partial'])
    expect((await incident(id)).updates[1].message).toBe('We are continuing to investigate elevated errors on EU-1.')
    expect((await webhook(token, grafanaResolved)).body.outcome).toBe('resolved')
    expect([await statusOf(us), await statusOf(eu)]).toEqual(['operational', 'operational'])
  })

  it('Uptime Kuma: DOWN opens for the tagged service, UP resolves', async () => {
    const api_ = await service('public-api')
    const { token } = await createIntegration(admin, { name: 'Kuma monitors', kind: 'uptime-kuma' })
    const down = await webhook(token, uptimeKumaDown)
    expect(down.body.outcome).toBe('opened')
    expect((await incident(down.body.incident.id)).title).toBe('Elevated errors on PUBLIC-API')
    expect(await statusOf(api_)).toBe('major')
    expect((await webhook(token, uptimeKumaUp)).body.outcome).toBe('resolved')
    expect(await statusOf(api_)).toBe('operational')
  })

  it('Gatus: TRIGGERED opens for the endpoint’s service, RESOLVED resolves', async () => {
    const checkout = await service('checkout')
    const { token } = await createIntegration(admin, { name: 'Gatus', kind: 'gatus' })
    const triggered = await webhook(token, gatusTriggered)
    expect(triggered.body.outcome).toBe('opened')
    expect((await incident(triggered.body.incident.id)).integrationKey).toBe('core/checkout')
    expect(await statusOf(checkout)).toBe('major')
    expect((await webhook(token, gatusResolved)).body.outcome).toBe('resolved')
    expect(await statusOf(checkout)).toBe('operational')
  })
})

describe('the events log', () => {
  it('is read by admins only', async () => {
    expect((await api('GET', '/integration-events', { key: editor.key })).status).toBe(403)
    expect((await api('GET', '/integration-events')).status).toBe(401)
    expect((await api('GET', '/integration-events', { key: admin.key })).status).toBe(200)
  })

  it('keeps 30 days of each integration’s events', async () => {
    const { id, token } = await createIntegration(admin, { name: 'Pruned', kind: 'uptime-kuma' })
    const p = await payload()
    const old = await p.create({
      collection: 'integration-events',
      data: {
        integration: id,
        outcome: 'test',
        summary: 'old',
        createdAt: new Date(Date.now() - 31 * 86_400_000).toISOString(),
      } as never,
    })
    const recent = await p.create({
      collection: 'integration-events',
      data: {
        integration: id,
        outcome: 'test',
        summary: 'recent',
        createdAt: new Date(Date.now() - 29 * 86_400_000).toISOString(),
      } as never,
    })
    expect((await events(id)).map((row) => row.id)).toEqual([recent.id, old.id])
    await webhook(token, uptimeKumaTest)
    expect((await events(id)).map((row) => row.summary)).toEqual(['A test notification', 'recent'])
  })

  it('shows integration and key on incidents to editors, not to anonymous readers', async () => {
    const list = await api('GET', '/incidents?where[integrationKey][exists]=true&limit=1&depth=0', { key: editor.key })
    expect(list.body.docs[0].integrationKey).toBeTruthy()
    const anonymous = await api('GET', `/incidents/${list.body.docs[0].id}?depth=0`)
    expect(anonymous.body.integrationKey).toBeUndefined()
    expect(anonymous.body.integration).toBeUndefined()
  })
})
