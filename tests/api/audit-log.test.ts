/**
 * The audit log (docs/security.md, "Audit log"): an entry for each door a write comes through (a session's REST
 * write as the admin makes it, an API key, GraphQL, the monitoring webhook, a job moving a maintenance by the clock),
 * with the changed fields before and after, secrets redacted, none for a rolled-back write; sign-ins, failed
 * sign-ins, sign-outs, role changes and new API keys; read-only for everybody, administrators only, as JSON and CSV;
 * pruned after AUDIT_RETENTION_DAYS by the schedule tick.
 */
process.env.AUDIT_RETENTION_DAYS = '30'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import type { CollectionAfterChangeHook } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { runScheduleTick } from '@/jobs/schedule-ticker'
import { advanceDueMaintenances } from '@/services/maintenances/advance'
import { api, BASE, createUser, graphql, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'

const ADDRESS = 'x-statuspage-client-address'
const DAY = 24 * 60 * 60 * 1000

let admin: TestUser
let editor: TestUser
let groupId: number

interface Entry {
  id: number
  actorType: string
  actor: string
  userId: number | null
  address: string | null
  action: string
  collection: string
  documentId: number | null
  changes: Record<string, { before: unknown; after: unknown }> | null
  createdAt: string
}

/** The entries about one record (or a collection's, or one action's), newest first, read as an admin reads them. */
async function entries(where: Record<string, string | number>): Promise<Entry[]> {
  const query = Object.entries(where)
    .map(([field, value]) => `where[${field}][equals]=${encodeURIComponent(String(value))}`)
    .join('&')
  const res = await api('GET', `/audit-log?${query}&sort=-createdAt&limit=100`, { key: admin.key })
  expect(res.status, res.text).toBe(200)
  return res.body.docs
}

async function sessionCookie(user: TestUser, address: string): Promise<string> {
  const res = await api('POST', '/users/login', {
    body: { email: user.email, password: user.password },
    headers: { [ADDRESS]: address },
  })
  expect(res.status, res.text).toBe(200)
  return `payload-token=${res.body.token}`
}

beforeAll(async () => {
  admin = await createUser('admin', 'audit-admin')
  editor = await createUser('editor', 'audit-editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Audited' } })
  expect(group.status, group.text).toBe(201)
  groupId = group.body.doc.id
})

describe('an entry for each door', () => {
  it('a REST write with a session cookie, as the admin area saves: who, from where, what, before and after', async () => {
    const cookie = await sessionCookie(admin, '203.0.113.7')
    const headers = { cookie, origin: BASE, [ADDRESS]: '203.0.113.7' }
    const created = await api('POST', '/services', {
      headers,
      body: { name: 'Checkout', slug: 'checkout', group: groupId, status: 'operational' },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.doc.id
    const changed = await api('PATCH', `/services/${id}`, { headers, body: { name: 'Checkout API' } })
    expect(changed.status, changed.text).toBe(200)

    const [update, create] = await entries({ collection: 'services', documentId: id })
    expect(create).toMatchObject({
      actorType: 'user',
      actor: admin.email,
      userId: admin.id,
      address: '203.0.113.7',
      action: 'create',
      documentId: id,
    })
    expect(create.changes).toMatchObject({ name: { before: null, after: 'Checkout' }, group: { after: groupId } })
    expect(update).toMatchObject({ actorType: 'user', action: 'update', address: '203.0.113.7' })
    expect(update.changes).toEqual({ name: { before: 'Checkout', after: 'Checkout API' } })
  })

  it('a REST write with an API key, a GraphQL write, and a save that changed nothing leaves no entry', async () => {
    const created = await api('POST', '/services', {
      key: editor.key,
      body: { name: 'Search', slug: 'search', group: groupId, status: 'operational' },
    })
    const id = created.body.doc.id
    const keyed = await api('PATCH', `/services/${id}`, { key: editor.key, body: { status: 'degraded' } })
    expect(keyed.status, keyed.text).toBe(200)
    const same = await api('PATCH', `/services/${id}`, { key: editor.key, body: { status: 'degraded' } })
    expect(same.status).toBe(200)
    const viaGraphql = await graphql(
      `mutation ($id: Int!) { updateService(id: $id, data: { description: "Full-text search" }) { id } }`,
      { id },
      { key: editor.key },
    )
    expect(viaGraphql.body.errors, viaGraphql.text).toBeUndefined()

    const [described, degraded, create] = await entries({ collection: 'services', documentId: id })
    expect(create).toMatchObject({ actorType: 'api-key', actor: editor.email, action: 'create' })
    expect(degraded).toMatchObject({ actorType: 'api-key', userId: editor.id, action: 'update' })
    expect(degraded.changes).toEqual({ status: { before: 'operational', after: 'degraded' } })
    expect(described).toMatchObject({ actor: editor.email, action: 'update' })
    expect(described.changes).toEqual({ description: { before: null, after: 'Full-text search' } })
  })

  it('the monitoring webhook: the integration by name, from the address that sent the alert', async () => {
    await api('POST', '/services', {
      key: admin.key,
      body: { name: 'Payments', slug: 'payments', group: groupId, status: 'operational' },
    })
    const { token } = await createIntegration(admin, { name: 'Prometheus (audit)', kind: 'generic' })
    const answer = await webhook(
      token,
      { key: 'payments-down', state: 'firing', services: ['payments'], status: 'major', title: 'Payments down' },
      { [ADDRESS]: '198.51.100.20' },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const incident = answer.body.incident.id
    const [opened] = await entries({ collection: 'incidents', documentId: incident })
    expect(opened).toMatchObject({
      actorType: 'integration',
      actor: 'Prometheus (audit)',
      address: '198.51.100.20',
      action: 'create',
      userId: null,
    })
    expect(opened.changes?.title).toEqual({ before: null, after: expect.stringContaining('Payments') })
    // The statuses it set are writes of the integration's too.
    const service = (await entries({ collection: 'services', actor: 'Prometheus (audit)' }))[0]
    expect(service.changes?.status).toEqual({ before: 'operational', after: 'major' })
  })

  it('a job: a maintenance starting by the clock, named as the job', async () => {
    const start = Date.now() + 10 * 60_000
    const created = await api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Database upgrade',
        scheduledStartAt: new Date(start).toISOString(),
        scheduledEndAt: new Date(start + 60 * 60_000).toISOString(),
      },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.doc.id
    expect((await advanceDueMaintenances(await payload(), new Date(start + 1000))).advanced).toBe(1)
    const [moved] = await entries({ collection: 'maintenances', documentId: id })
    expect(moved).toMatchObject({ actorType: 'job', actor: 'maintenance schedule', action: 'update', userId: null })
    expect(moved.changes).toEqual({ status: { before: 'upcoming', after: 'in_progress' } })
  })

  it('publishing a draft is a publish', async () => {
    const draft = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Draft', draft: true, updates: [{ status: 'investigating', message: 'Looking' }] },
    })
    expect(draft.status, draft.text).toBe(201)
    const id = draft.body.doc.id
    expect((await api('PATCH', `/incidents/${id}`, { key: editor.key, body: { draft: false } })).status).toBe(200)
    const [published, create] = await entries({ collection: 'incidents', documentId: id })
    expect(create.action).toBe('create')
    expect(published.action).toBe('publish')
    expect(published.changes?.draft).toEqual({ before: true, after: false })
  })
})

describe('secrets never written', () => {
  it("a webhook subscriber's new signing secret, a user's password and the SMTP password are [redacted]", async () => {
    const sub = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'webhook', url: 'http://127.0.0.1:9/hook', contactEmail: 'ops@example.test' },
    })
    expect(sub.status, sub.text).toBe(201)
    const firstSecret = sub.body.doc.signingSecret as string
    const renewed = await api('POST', `/subscribers/${sub.body.doc.id}/signing-secret`, { key: admin.key })
    expect(renewed.status, renewed.text).toBe(200)
    const newSecret = renewed.body.signingSecret as string

    const password = `new-password-${Date.now()}`
    expect((await api('PATCH', `/users/${editor.id}`, { key: admin.key, body: { password } })).status).toBe(200)
    editor.password = password
    const smtpPassword = `smtp-${Date.now()}`
    const email = await api('POST', '/globals/email-settings', {
      key: admin.key,
      body: { host: 'smtp.example.test', user: 'mailer', password: smtpPassword, from: 'status@example.test' },
    })
    expect(email.status, email.text).toBe(200)

    const [rotated, created] = await entries({ collection: 'subscribers', documentId: sub.body.doc.id })
    expect(created.changes?.signingSecret).toEqual({ before: null, after: '[redacted]' })
    expect(rotated.changes).toEqual({ signingSecret: { before: '[redacted]', after: '[redacted]' } })
    const [passwordChange] = await entries({ collection: 'users', documentId: editor.id })
    expect(passwordChange.changes).toEqual({ password: { before: '[redacted]', after: '[redacted]' } })
    const [smtp] = await entries({ collection: 'email-settings' })
    // A global always has a stored document: what its write-only password was is not shown either.
    expect(smtp.changes?.password).toEqual({ before: '[redacted]', after: '[redacted]' })
    expect(smtp.changes?.host).toEqual({ before: null, after: 'smtp.example.test' })

    const everything = await api('GET', '/audit-log?limit=100&depth=0', { key: admin.key })
    for (const secret of [firstSecret, newSecret, password, smtpPassword, admin.key, editor.key])
      expect(everything.text).not.toContain(secret)
    expect(everything.text).not.toMatch(/"(hash|salt)"/)
  })
})

describe('in the write’s own transaction', () => {
  it('a write that fails after the audit hook leaves its entry only where its change stays', async () => {
    const p = await payload()
    const created = await api('POST', '/services', {
      key: admin.key,
      body: { name: 'Rollback', slug: 'rollback', group: groupId, status: 'operational' },
    })
    const id = created.body.doc.id
    const hooks = p.collections.services.config.hooks.afterChange
    const failing: CollectionAfterChangeHook = ({ doc }) => {
      if (doc.name === 'Never saved') throw new Error('a later step failed')
      return doc
    }
    hooks.push(failing)
    try {
      const res = await api('PATCH', `/services/${id}`, { key: admin.key, body: { name: 'Never saved' } })
      expect(res.status).toBe(500)
    } finally {
      hooks.splice(hooks.indexOf(failing), 1)
    }
    const stored = (await api('GET', `/services/${id}`, { key: admin.key })).body.name
    const updates = await entries({ collection: 'services', documentId: id, action: 'update' })
    if (p.db.name === 'postgres') {
      // Rolled back: neither the change nor its entry.
      expect(stored).toBe('Rollback')
      expect(updates).toEqual([])
    } else {
      // SQLite runs Payload without transactions: the change stays, and so does its entry.
      expect(stored).toBe('Never saved')
      expect(updates).toHaveLength(1)
    }
    // A write refused by validation reaches no hook: no entry.
    const invalid = await api('PATCH', `/services/${id}`, { key: admin.key, body: { status: 'sideways' } })
    expect(invalid.status).toBe(400)
    expect(await entries({ collection: 'services', documentId: id, action: 'update' })).toHaveLength(updates.length)
  })
})

describe('sign-ins, role changes and API keys', () => {
  it('a sign-in, a failed sign-in, a sign-out', async () => {
    const cookie = await sessionCookie(editor, '203.0.113.30')
    const wrong = await api('POST', '/users/login', {
      body: { email: editor.email, password: 'not-the-password' },
      headers: { [ADDRESS]: '203.0.113.31' },
    })
    expect(wrong.status).toBe(401)
    const viaGraphql = await graphql(
      `mutation { loginUser(email: "nobody@example.test", password: "guess") { token } }`,
      {},
      { headers: { [ADDRESS]: '203.0.113.32' } },
    )
    expect(viaGraphql.body.errors).toBeDefined()
    const out = await api('POST', '/users/logout', { headers: { cookie, origin: BASE, [ADDRESS]: '203.0.113.30' } })
    expect(out.status, out.text).toBe(200)

    const [login] = await entries({ action: 'login', userId: editor.id })
    expect(login).toMatchObject({
      actorType: 'user',
      actor: editor.email,
      address: '203.0.113.30',
      collection: 'users',
    })
    const failed = await entries({ action: 'login-failed' })
    expect(failed.map((entry) => [entry.actor, entry.address, entry.actorType])).toEqual(
      expect.arrayContaining([
        [editor.email, '203.0.113.31', 'anonymous'],
        ['nobody@example.test', '203.0.113.32', 'anonymous'],
      ]),
    )
    const [logout] = await entries({ action: 'logout', userId: editor.id })
    expect(logout).toMatchObject({ actor: editor.email, address: '203.0.113.30' })
  })

  it('a role change and a new API key are named so', async () => {
    const user = await createUser('editor', 'promoted')
    const promoted = await api('PATCH', `/users/${user.id}`, { key: admin.key, body: { role: 'admin' } })
    expect(promoted.status, promoted.text).toBe(200)
    const [roleChange] = await entries({ collection: 'users', documentId: user.id })
    expect(roleChange).toMatchObject({ action: 'role-change', actor: admin.email })
    expect(roleChange.changes?.role).toEqual({ before: 'editor', after: 'admin' })

    const key = crypto.randomUUID()
    const keyed = await api('PATCH', `/users/${user.id}`, { key: admin.key, body: { apiKey: key } })
    expect(keyed.status, keyed.text).toBe(200)
    const [newKey] = await entries({ collection: 'users', documentId: user.id })
    expect(newKey.action).toBe('api-key')
    expect(newKey.changes?.apiKey).toEqual({ before: '[redacted]', after: '[redacted]' })
    expect(JSON.stringify(newKey)).not.toContain(key)
  })
})

describe('read-only, for administrators', () => {
  it('nobody writes it: POST, PATCH and DELETE are refused to administrators too', async () => {
    const [entry] = await entries({ collection: 'services' })
    const create = await api('POST', '/audit-log', {
      key: admin.key,
      body: { actorType: 'user', actor: 'x', action: 'create', collection: 'services' },
    })
    expect(create.status).toBe(403)
    expect(
      (await api('PATCH', `/audit-log/${entry.id}`, { key: admin.key, body: { actor: 'someone else' } })).status,
    ).toBe(403)
    expect((await api('DELETE', `/audit-log/${entry.id}`, { key: admin.key })).status).toBe(403)
    expect((await api('DELETE', `/audit-log?where[id][exists]=true`, { key: admin.key })).status).toBe(403)
    const mutation = await graphql(
      `mutation ($id: Int!) { deleteAuditLog(id: $id) { id } }`,
      { id: entry.id },
      {
        key: admin.key,
      },
    )
    expect(mutation.body.errors?.[0]?.extensions?.statusCode).toBe(403)
    expect((await entries({ collection: 'services' }))[0]).toEqual(entry)
  })

  it('editors get 403, strangers 401, for the list and the CSV export', async () => {
    expect((await api('GET', '/audit-log', { key: editor.key })).status).toBe(403)
    expect((await api('GET', '/audit-log')).status).toBe(401)
    expect((await api('GET', '/audit-log/export.csv', { key: editor.key })).status).toBe(403)
    expect((await api('GET', '/audit-log/export.csv')).status).toBe(401)
  })

  it('the CSV export: its columns, the filters, a 400 naming a bad parameter', async () => {
    const res = await api('GET', `/audit-log/export.csv?collection=services&user=${editor.id}`, { key: admin.key })
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = res.text.trim().split('\r\n')
    expect(lines[0]).toBe('at,actorType,actor,userId,address,action,collection,documentId,changes')
    expect(lines.length).toBeGreaterThan(2)
    for (const line of lines.slice(1)) expect(line).toContain(`,api-key,${editor.email},${editor.id},`)
    // The changes column is the entry's JSON, quoted as CSV quotes (PostgreSQL's jsonb orders the keys its own way).
    expect(res.text).toMatch(
      /,"\{""status"":\{""(before|after)"":""(operational|degraded)"",""(before|after)"":""(operational|degraded)""\}\}"/,
    )

    const future = await api('GET', `/audit-log/export.csv?from=${new Date(Date.now() + DAY).toISOString()}`, {
      key: admin.key,
    })
    expect(future.text.trim().split('\r\n')).toHaveLength(1)
    const bad = await api('GET', '/audit-log/export.csv?from=yesterday', { key: admin.key })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].message).toMatch(/^from:/)
  })
})

describe('kept for AUDIT_RETENTION_DAYS', () => {
  it('the schedule tick prunes entries older than the retention, by its clock', async () => {
    const p = await payload()
    const total = async () => (await api('GET', '/audit-log?limit=1', { key: admin.key })).body.totalDocs as number
    const before = await total()
    expect(before).toBeGreaterThan(10)
    expect((await runScheduleTick(p, new Date(Date.now() + 29 * DAY))).auditPruned).toBe(0)
    expect(await total()).toBe(before)
    const pruned = (await runScheduleTick(p, new Date(Date.now() + 31 * DAY))).auditPruned
    expect(pruned).toBe(before)
    expect(await total()).toBe(0)
  })
})
