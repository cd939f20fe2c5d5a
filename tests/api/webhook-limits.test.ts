/**
 * The monitoring webhook's answers to payloads that can never succeed, and severity words that name members of
 * every JavaScript object, through the webhook's route handlers on SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'

let admin: TestUser
let groupId: number

async function service(slug: string): Promise<number> {
  const created = await api('POST', '/services', {
    key: admin.key,
    body: { name: slug.toUpperCase(), slug, group: groupId },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.doc.id
}
const statusOf = async (id: number) => (await api('GET', `/services/${id}`)).body.status as string

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Webhook limits' } })
  groupId = group.body.doc.id
})

describe('severity words are looked up as the table’s own keys (L2)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'severity "%s" gets the integration’s default status',
    async (severity) => {
      const slug = `sev-${severity.replace(/_/g, '')}`.toLowerCase()
      const id = await service(slug)
      const { token } = await createIntegration(admin, { name: `Severity ${severity}`, kind: 'generic' })
      const res = await webhook(token, {
        key: `k-${severity}`,
        state: 'firing',
        services: slug,
        severity,
        title: 'Down',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(await statusOf(id)).toBe('partial')
    },
  )

  it('a status word named like an object member is no status', async () => {
    const id = await service('status-word')
    const { token } = await createIntegration(admin, { name: 'Status word', kind: 'generic' })
    const res = await webhook(token, {
      key: 'k-status',
      state: 'firing',
      services: 'status-word',
      status: 'constructor',
      title: 'Down',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await statusOf(id)).toBe('partial')
  })
})

describe('payloads that can never succeed are a 400, which tools do not retry (L1)', () => {
  it('a label nested 100,000 levels deep', async () => {
    const { token } = await createIntegration(admin, { name: 'Deep', kind: 'alertmanager' })
    // Written as text: JSON.stringify itself overflows the stack on it.
    const nested = '{"a":'.repeat(100_000) + '"x"' + '}'.repeat(100_000)
    const body = `{"groupKey":"deep","status":"firing","alerts":[{"status":"firing","labels":{"alertname":"Deep","service":"web","deep":${nested}}}]}`
    const res = await webhook(token, body)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.errors[0].message).toBe(
      'The payload cannot be read: the JSON is nested too deeply (at most 64 levels).',
    )
  })

  it('40,000 distinct service slugs', async () => {
    const { token } = await createIntegration(admin, { name: 'Wide', kind: 'alertmanager' })
    const alerts = Array.from({ length: 2000 }, (_, i) => ({
      status: 'firing',
      fingerprint: `f${i}`,
      labels: { alertname: 'Wide', service: Array.from({ length: 20 }, (_, j) => `s-${i}-${j}`).join(',') },
    }))
    const res = await webhook(token, { groupKey: 'wide', status: 'firing', alerts })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.errors[0].message).toMatch(/^The notification names 40000 services; at most 1000/)
  })

  it('1,000 slugs, the most a notification may name, are applied', async () => {
    const known = await service('wide-known')
    const { token } = await createIntegration(admin, { name: 'Wide enough', kind: 'generic' })
    const services = ['wide-known', ...Array.from({ length: 999 }, (_, i) => `unknown-${i}`)]
    const res = await webhook(token, { key: 'wide-enough', state: 'firing', services, status: 'major', title: 'Wide' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await statusOf(known)).toBe('major')
  })
})

describe('deleting an integration that opened incidents', () => {
  it('deletes it and keeps its incidents, no longer linked (ON DELETE SET NULL on both databases)', async () => {
    await service('deleted-source')
    const { id, token } = await createIntegration(admin, { name: 'Short-lived', kind: 'generic' })
    const opened = await webhook(token, {
      key: 'gone',
      state: 'firing',
      services: 'deleted-source',
      status: 'major',
      title: 'Down',
    })
    expect(opened.body.outcome).toBe('opened')
    const removed = await api('DELETE', `/integrations/${id}`, { key: admin.key })
    expect(removed.status, removed.text).toBe(200)
    const incident = await api('GET', `/incidents/${opened.body.incident.id}?depth=0`, { key: admin.key })
    expect(incident.status).toBe(200)
    expect(incident.body.integration ?? null).toBeNull()
  })
})
