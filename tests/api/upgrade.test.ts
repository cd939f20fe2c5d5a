/**
 * An upgrade from the previous release (security review: no test upgraded a database of the previous release). The
 * database is brought to the schema of the last landed release with that release's migrations only, filled as that
 * release wrote its rows (raw SQL against its tables: today's collections would write today's columns), then the
 * service's migrations run as a start of the new release runs them. What was there reads the same through the
 * public API and the CMS API, and can be written on. Both dialects.
 */
process.env.PAYLOAD_MIGRATING = 'true'

import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Migration } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { migrations as postgresMigrations } from '@/migrations/postgres'
import { migrations as sqliteMigrations } from '@/migrations/sqlite'
import { readRows } from '@/db/sql'
import { parseSubscribeRequest } from '@/domain/subscription-request'
import { subscribe } from '@/services/subscribers/subscribe'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { emptyDatabase } from '../helpers/database-template'
import { v1 } from '../helpers/public-api'
import { v2 } from '../helpers/statuspage-api'
import * as homeRoute from '@/app/(site)/route'
import * as historyRoute from '@/app/(site)/history/route'
import * as incidentRoute from '@/app/(site)/i/[shortId]/route'
import * as serviceRoute from '@/app/(site)/s/[slug]/route'
import * as feedRoute from '@/app/(site)/feed.atom/route'
import * as calendarRoute from '@/app/(site)/maintenances.ics/route'
import { PAGE_KEY_HEADER, PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'

/** The newest migration of the previous landed release (commit aab6ecd), per dialect. */
const PREVIOUS_RELEASE = { sqlite: '20261123_184236_integrations', postgres: '20261123_184303_integrations' }
const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
const all = (dialect === 'postgres' ? postgresMigrations : sqliteMigrations) as unknown as Migration[]

/** The migration that added webhook subscribers, whose URLs were stored as given. */
const WEBHOOKS_RELEASE = '20261126_093000_webhook_subscribers'
const webhooks: Record<'confirmed' | 'left' | 'pending' | 'dotted', number> = {
  confirmed: 0,
  left: 0,
  pending: 0,
  dotted: 0,
}
const T0 = '2026-11-20T10:00:00.000Z'
const T1 = '2026-11-20T10:05:00.000Z'
let admin: TestUser
let incidentId: number
let serviceId: number

const one = async <R>(query: ReturnType<typeof sql>) => (await readRows<R>(await payload(), query))[0]

beforeAll(async () => {
  await emptyDatabase()
  const p = await payload()
  const previous = all.filter((migration) => migration.name <= PREVIOUS_RELEASE[dialect])
  expect(previous.length).toBeGreaterThan(5)
  expect(previous.length).toBeLessThan(all.length)
  await p.db.migrate({ migrations: previous })

  // The previous release's rows, in its own columns.
  const group = await one<{ id: number }>(
    sql`INSERT INTO service_groups (name, slug, display_order, updated_at, created_at) VALUES ('Core', 'core', 1, ${T0}, ${T0}) RETURNING id`,
  )
  const service = await one<{ id: number }>(
    sql`INSERT INTO services (name, slug, group_id, status, display_order, updated_at, created_at) VALUES ('Payments', 'payments', ${group.id}, 'partial', 1, ${T0}, ${T0}) RETURNING id`,
  )
  serviceId = service.id
  const incident = await one<{ id: number }>(
    sql`INSERT INTO incidents (title, short_id, status, updated_at, created_at) VALUES ('Card payments fail', 'upgr4d', 'identified', ${T1}, ${T0}) RETURNING id`,
  )
  incidentId = incident.id
  await readRows(
    p,
    sql`INSERT INTO incidents_updates (_order, _parent_id, id, status, message, created_at, notify) VALUES (1, ${incident.id}, 'u-first', 'investigating', 'Looking into failed card payments.', ${T0}, true)`,
  )
  await readRows(
    p,
    sql`INSERT INTO incidents_updates (_order, _parent_id, id, status, message, created_at, notify) VALUES (2, ${incident.id}, 'u-second', 'identified', 'A provider is down.', ${T1}, true)`,
  )
  await readRows(
    p,
    sql`INSERT INTO incidents_updates_service_statuses (_order, _parent_id, id, service_id, status) VALUES (1, 'u-second', 's-one', ${service.id}, 'partial')`,
  )
  // Its service status history: created operational, set to partial outage by the incident's second update.
  await readRows(
    p,
    sql`INSERT INTO service_status_changes (service_id, from_status, to_status, at, source, updated_at, created_at) VALUES (${service.id}, NULL, 'operational', ${T0}, 'initial', ${T0}, ${T0})`,
  )
  await readRows(
    p,
    sql`INSERT INTO service_status_changes (service_id, from_status, to_status, at, source, source_ref, updated_at, created_at) VALUES (${service.id}, 'operational', 'partial', ${T1}, 'incident', 'upgr4d', ${T1}, ${T1})`,
  )
  await readRows(
    p,
    sql`INSERT INTO incidents_rels ("order", parent_id, path, services_id) VALUES (1, ${incident.id}, 'affectedServices', ${service.id})`,
  )
  await readRows(
    p,
    sql`INSERT INTO subscribers (type, email, verified, active, unsubscribe_token, verification_token, updated_at, created_at) VALUES ('email', 'old@example.test', true, true, 'tok-unsub', 'tok-verify', ${T0}, ${T0})`,
  )

  await readRows(
    p,
    sql`INSERT INTO integrations (name, kind, service_label, default_status, notify_subscribers, updated_at, created_at) VALUES ('Old Alertmanager', 'alertmanager', 'service', 'partial', true, ${T0}, ${T0})`,
  )

  // Webhooks as the release that added them stored them, URLs as given: one endpoint under three spellings (the
  // confirmed one, an unsubscribed one that holds the plain spelling, a pending one) and another with a trailing dot.
  await p.db.migrate({ migrations: all.filter((migration) => migration.name <= WEBHOOKS_RELEASE) })
  const webhook = async (url: string, active: boolean, verified: boolean, token: string) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO subscribers (type, url, contact_email, verified, active, unsubscribe_token, verification_token, updated_at, created_at) VALUES ('webhook', ${url}, 'ops@example.test', ${verified}, ${active}, ${token}, ${token}, ${T0}, ${T0}) RETURNING id`,
      )
    ).id
  webhooks.confirmed = await webhook('https://hooks.example.test/hook#1', true, true, 'tok-w1')
  webhooks.left = await webhook('https://hooks.example.test/hook', false, true, 'tok-w2')
  webhooks.pending = await webhook('https://HOOKS.example.test:443/hook?', true, false, 'tok-w3')
  webhooks.dotted = await webhook('https://other.example.test./x', true, true, 'tok-w4')

  // The new release starts: every migration since.
  await p.db.migrate({ migrations: all })
  const applied = await readRows<{ name: string }>(p, sql`SELECT name FROM payload_migrations`)
  expect(applied.map((row) => row.name).sort()).toEqual(all.map((migration) => migration.name).sort())
  admin = await createUser('admin')
})

describe('a database of the previous release, migrated', () => {
  it('reads the same through the public API', async () => {
    const status = await v1('/status')
    expect(status.status, status.text).toBe(200)
    const payments = status.body.data.serviceGroups
      .flatMap((g: { services: unknown[] }) => g.services)
      .find((s: { name: string }) => s.name === 'Payments')
    expect(payments).toMatchObject({ name: 'Payments', status: 'partial' })
    const incidents = await v1('/incidents')
    expect(incidents.status, incidents.text).toBe(200)
    const incident = incidents.body.data.find((i: { title: string }) => i.title === 'Card payments fail')
    expect(incident).toMatchObject({ status: 'identified' })
    expect(incident.updates.map((u: { message: string }) => u.message)).toEqual([
      'A provider is down.',
      'Looking into failed card payments.',
    ])
    const uptime = await v1('/uptime?service=payments&days=7')
    expect(uptime.status, uptime.text).toBe(200)
  })

  it("keeps every text written so far as the default language's, which another language falls back to", async () => {
    // Moved into the locale rows (docs/languages.md, "Content"), in English, the admin's default language.
    const p = await payload()
    const titles = await readRows<{ title: string; _locale: string }>(
      p,
      sql`SELECT title, _locale FROM incidents_locales WHERE _parent_id = ${incidentId}`,
    )
    expect(titles).toEqual([{ title: 'Card payments fail', _locale: 'en' }])
    const messages = await readRows<{ message: string; _locale: string }>(
      p,
      sql`SELECT m.message, m._locale FROM incidents_updates_locales m JOIN incidents_updates u ON u.id = m._parent_id WHERE u._parent_id = ${incidentId} ORDER BY u._order`,
    )
    expect(messages).toEqual([
      { message: 'Looking into failed card payments.', _locale: 'en' },
      { message: 'A provider is down.', _locale: 'en' },
    ])
    const names = await readRows<{ name: string; _locale: string }>(
      p,
      sql`SELECT name, _locale FROM services_locales WHERE _parent_id = ${serviceId}`,
    )
    expect(names).toEqual([{ name: 'Payments', _locale: 'en' }])
    const groups = await readRows<{ name: string }>(
      p,
      sql`SELECT name FROM service_groups_locales WHERE _locale = 'en'`,
    )
    expect(groups.map((g) => g.name)).toContain('Core')
    // Read in another language, the CMS API falls back to them.
    const german = await api('GET', `/incidents/${incidentId}?depth=0&locale=de`, { key: admin.key })
    expect(german.status, german.text).toBe(200)
    expect(german.body.title).toBe('Card payments fail')
    expect(german.body.updates.map((u: { message: string }) => u.message)).toEqual([
      'Looking into failed card payments.',
      'A provider is down.',
    ])
  })

  it('answers every address of the one page it was, on any host, as the default page', async () => {
    type Route = { GET: (request: Request, context: { params: Promise<any> }) => Promise<Response> }
    const headers = { [PUBLIC_ORIGIN_HEADER]: 'https://status.old-release.test' }
    const read = async (route: Route, path: string, params = {}) => {
      const response = await route.GET(new Request(new URL(path, 'http://localhost:3000'), { headers }), {
        params: Promise.resolve(params),
      })
      expect(response.status, path).toBe(200)
      expect(response.headers.get(PAGE_KEY_HEADER), path).toBe('0')
      return response.text()
    }
    expect(await read(homeRoute, '/')).toContain('Card payments fail')
    expect(await read(historyRoute, '/history')).toContain('Card payments fail')
    expect(await read(incidentRoute, '/i/upgr4d', { shortId: 'upgr4d' })).toContain('A provider is down.')
    expect(await read(serviceRoute, '/s/payments', { slug: 'payments' })).toContain('Payments')
    expect(await read(feedRoute, '/feed.atom')).toContain('Card payments fail')
    expect(await read(calendarRoute, '/maintenances.ics')).toContain('BEGIN:VCALENDAR')
    const summary = await v2('/summary.json', headers)
    expect(summary.status).toBe(200)
    expect(summary.body.components.map((c: { name: string }) => c.name)).toContain('Payments')
    expect(summary.body.incidents.map((i: { name: string }) => i.name)).toEqual(['Card payments fail'])
  })

  it('reads the same through the CMS API, and takes a new update that resolves the incident', async () => {
    const read = await api('GET', `/incidents/${incidentId}?depth=0`, { key: admin.key })
    expect(read.status, read.text).toBe(200)
    expect(read.body.updates.map((u: { id: string }) => u.id)).toEqual(['u-first', 'u-second'])
    const kept = read.body.updates.map(({ id, status, message, createdAt }: Record<string, string>) => ({
      id,
      status,
      message,
      createdAt,
    }))
    const resolved = await api('PATCH', `/incidents/${incidentId}`, {
      key: admin.key,
      body: { updates: [...kept, { status: 'resolved', message: 'Payments work again.' }] },
    })
    expect(resolved.status, resolved.text).toBe(200)
    expect(resolved.body.doc.status).toBe('resolved')
    const service = await api('GET', `/services/${serviceId}?depth=0`, { key: admin.key })
    expect(service.body.status).toBe('operational')
    const subscribers = await api('GET', '/subscribers?where[email][equals]=old@example.test', { key: admin.key })
    expect(subscribers.body.docs).toHaveLength(1)
    expect(subscribers.body.docs[0]).toMatchObject({ type: 'email', verified: true, active: true })
  })

  it('gives an integration of the previous release the default title and messages, which name no alert', async () => {
    const found = await api('GET', '/integrations?where[name][equals]=Old Alertmanager&depth=0', { key: admin.key })
    expect(found.status, found.text).toBe(200)
    expect(found.body.docs[0]).toMatchObject({
      incidentTitle: 'Elevated errors on {services}',
      openingMessage: 'We are investigating elevated errors on {services}.',
    })
  })

  it('keeps one subscriber per webhook endpoint, in one spelling, which any spelling finds', async () => {
    const read = async (id: number) => (await api('GET', `/subscribers/${id}`, { key: admin.key })).body
    expect(await read(webhooks.confirmed)).toMatchObject({
      url: 'https://hooks.example.test/hook',
      active: true,
      verified: true,
    })
    // The other spellings of that endpoint are unsubscribed, each with a spelling of its own.
    expect(await read(webhooks.left)).toMatchObject({ url: 'https://hooks.example.test/hook#1', active: false })
    expect(await read(webhooks.pending)).toMatchObject({ url: 'https://HOOKS.example.test:443/hook?', active: false })
    expect(await read(webhooks.dotted)).toMatchObject({ url: 'https://other.example.test/x', active: true })
    const before = (await (await payload()).count({ collection: 'subscribers', overrideAccess: true })).totalDocs
    const request = parseSubscribeRequest({
      type: 'webhook',
      url: 'https://hooks.example.test.:443/hook?#again',
      email: 'someone@example.test',
    })
    if (!request.ok) throw new Error(request.message)
    await subscribe(await payload(), request.value)
    expect((await (await payload()).count({ collection: 'subscribers', overrideAccess: true })).totalDocs).toBe(before)
  })
})
