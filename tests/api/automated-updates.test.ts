/**
 * An automated incident's timeline (security review, "status rules under automation"): it stays bounded however
 * often the alert changes, its resolve always lands, even on a timeline people filled to the 500-row cap, and a
 * person's save of a copy read before the automation's newest update is refused (409) instead of deleting it.
 * Through the webhook and the CMS API. On PostgreSQL, the same with the two writers' transactions at once (one
 * made and held open by the test through the Local API, the other waiting for its row): neither drops the other's
 * update.
 */
import { commitTransaction, createLocalReq, initTransaction } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { AUTOMATED_UPDATES_KEPT } from '@/domain/alert-incident'
import type { IncidentStatus } from '@/domain/statuses'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'
import { lockWaiters } from '../helpers/pg-locks'

const postgres = process.env.TEST_DIALECT === 'postgres'

let admin: TestUser
let editor: TestUser
let token: string
let slug: string

const firing = (key: string, severity: 'critical' | 'warning') => ({
  key,
  state: 'firing',
  services: [slug],
  severity,
  title: `Probe ${key} fails`,
})
const resolved = (key: string) => ({ key, state: 'resolved' })
const incidentOf = async (key: string) => {
  const found = await api('GET', `/incidents?where[integrationKey][equals]=${key}&depth=0`, { key: admin.key })
  return found.body.docs[0] as {
    id: number
    status: string
    updates: { id: string; status: string; message: string; createdAt: string }[]
  }
}

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Probes' } })
  slug = (await api('POST', '/services', { key: admin.key, body: { name: 'Search', group: group.body.doc.id } })).body
    .doc.slug
  token = (await createIntegration(admin, { name: 'Probes', kind: 'generic' })).token
})

describe("an automated incident's timeline", () => {
  it('stays bounded when the alert changes many times, keeps its opening, and still resolves', async () => {
    expect((await webhook(token, firing('busy', 'critical'))).body.outcome).toBe('opened')
    const opening = (await incidentOf('busy')).updates[0]
    const changes = AUTOMATED_UPDATES_KEPT + 10
    for (let change = 1; change <= changes; change++) {
      const answer = await webhook(token, firing('busy', change % 2 ? 'warning' : 'critical'))
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.outcome).toBe('updated')
    }
    const during = await incidentOf('busy')
    expect(during.updates).toHaveLength(AUTOMATED_UPDATES_KEPT)
    // The CMS API keeps the stored order, oldest first: the opening stays first.
    expect(during.updates[0].createdAt).toBe(opening.createdAt)
    expect((await webhook(token, resolved('busy'))).body.outcome).toBe('resolved')
    const after = await incidentOf('busy')
    expect(after.status).toBe('resolved')
    expect(after.updates).toHaveLength(AUTOMATED_UPDATES_KEPT)
    expect(after.updates.at(-1)!.status).toBe('resolved')
    expect(after.updates[0].createdAt).toBe(opening.createdAt)
  }, 300_000)

  it('resolves even when people filled the timeline to the 500-row cap', async () => {
    expect((await webhook(token, firing('full', 'critical'))).body.outcome).toBe('opened')
    const incident = await incidentOf('full')
    const opening = incident.updates[0]
    const base = Date.parse(opening.createdAt)
    // Between the opening and now, never later: the resolve, stamped by the server's clock after this, must be the
    // newest update (notes 1 ms apart from the opening on were still in the future when a fast machine resolved).
    const end = Math.max(base, Date.now() - 1)
    const mine = Array.from({ length: 499 }, (_, n) => ({
      status: 'identified',
      message: `Note ${n}`,
      createdAt: new Date(base + Math.floor(((n + 1) * (end - base)) / 499)).toISOString(),
    }))
    const filled = await api('PATCH', `/incidents/${incident.id}`, {
      key: editor.key,
      body: { updates: [{ status: opening.status, message: opening.message, createdAt: opening.createdAt }, ...mine] },
    })
    expect(filled.status, filled.text.slice(0, 300)).toBe(200)
    const answer = await webhook(token, resolved('full'))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.outcome).toBe('resolved')
    const after = await incidentOf('full')
    expect(after.status).toBe('resolved')
    expect(after.updates).toHaveLength(500)
    expect(after.updates[0].createdAt).toBe(opening.createdAt)
    expect(after.updates.at(-1)!.status).toBe('resolved')
  })
})

describe("a person's save of an older copy", () => {
  it('is refused with 409 when it leaves out an update the automation added since', async () => {
    expect((await webhook(token, firing('stale', 'warning'))).body.outcome).toBe('opened')
    const read = await incidentOf('stale')
    // The automation adds an update (subscribers are told, statuses applied) while the person's form is open.
    expect((await webhook(token, firing('stale', 'critical'))).body.outcome).toBe('updated')
    const asRead = read.updates.map(({ id, status, message, createdAt }) => ({ id, status, message, createdAt }))
    const stale = await api('PATCH', `/incidents/${read.id}`, {
      key: editor.key,
      body: { updates: [...asRead, { status: 'identified', message: 'A bad deploy.' }] },
    })
    expect(stale.status, stale.text).toBe(409)
    expect(stale.body.errors[0].message).toMatch(
      /^updates: this save leaves out an update the monitoring integration added .*reload it and save again\.$/,
    )
    const current = await incidentOf('stale')
    expect(current.updates).toHaveLength(2)
    expect(current.updates.at(-1)!.status).toBe('investigating')

    // Saved again from a fresh copy, by id (as the admin does) or by time (as an API client re-sending what it read).
    const fresh = current.updates.map(({ id, status, message, createdAt }) => ({ id, status, message, createdAt }))
    const byId = await api('PATCH', `/incidents/${read.id}`, {
      key: editor.key,
      body: { updates: [...fresh, { status: 'identified', message: 'A bad deploy.' }] },
    })
    expect(byId.status, byId.text).toBe(200)
    const byTime = (await incidentOf('stale')).updates.map(({ status, message, createdAt }) => ({
      status,
      message,
      createdAt,
    }))
    const resent = await api('PATCH', `/incidents/${read.id}`, {
      key: editor.key,
      body: { updates: [...byTime, { status: 'monitoring', message: 'Rolled back.' }] },
    })
    expect(resent.status, resent.text).toBe(200)
    // The automation's rows are still its own after a save that matched them by time: a second stale copy is refused.
    const again = await api('PATCH', `/incidents/${read.id}`, {
      key: editor.key,
      body: { updates: asRead.slice(0, 1) },
    })
    expect(again.status, again.text).toBe(409)
  })
})

describe.runIf(postgres)('a person and the automation writing the timeline at once', () => {
  const asSent = (updates: { id: string; status: string; message: string; createdAt: string }[]) =>
    updates.map(({ id, status, message, createdAt }) => ({ id, status: status as IncidentStatus, message, createdAt }))

  it("the automation keeps a person's update committed after it read the incident", async () => {
    expect((await webhook(token, firing('both-a', 'warning'))).body.outcome).toBe('opened')
    const read = await incidentOf('both-a')
    // The person's save, made and not committed yet (the editor's own update through the Local API, in a transaction
    // the test holds open); the automation reads the incident as it was and waits for the person's row.
    const p = await payload()
    const user = await p.findByID({ collection: 'users', id: editor.id, depth: 0, overrideAccess: true })
    const req = await createLocalReq({ user: { ...user, collection: 'users' } }, p)
    await initTransaction(req)
    await p.update({
      collection: 'incidents',
      id: read.id,
      data: { updates: [...asSent(read.updates), { status: 'identified', message: 'A bad deploy.' }] },
      overrideAccess: false,
      depth: 0,
      req,
    })
    const changed = webhook(token, firing('both-a', 'critical'))
    await lockWaiters(1)
    await commitTransaction(req)
    const automation = await changed
    expect(automation.status, JSON.stringify(automation.body)).toBe(200)
    expect(automation.body.outcome).toBe('updated')
    const after = await incidentOf('both-a')
    expect(after.updates.map((update) => update.message)).toEqual([
      read.updates[0].message,
      'A bad deploy.',
      expect.any(String),
    ])
    expect(after.updates.at(-1)!.message).not.toBe('A bad deploy.')
  })

  it("a person's save read before the automation's update committed is refused, and the update kept", async () => {
    expect((await webhook(token, firing('both-b', 'warning'))).body.outcome).toBe('opened')
    const read = await incidentOf('both-b')
    // The automation's incident write, made and not committed yet (as its use case writes it: the list as read
    // with its update added, in a transaction the test holds open); the person's save then reads the incident as it
    // was and waits for the automation's row.
    const p = await payload()
    const req = await createLocalReq({ context: { integrationWrite: true } }, p)
    await initTransaction(req)
    await p.update({
      collection: 'incidents',
      id: read.id,
      data: {
        updates: [
          ...asSent(read.updates),
          { status: 'investigating', message: 'Search: Major outage.', automated: true, notify: true },
        ],
      },
      overrideAccess: true,
      depth: 0,
      req,
    })
    const saved = api('PATCH', `/incidents/${read.id}`, {
      key: editor.key,
      body: { updates: [...asSent(read.updates), { status: 'identified', message: 'A bad deploy.' }] },
    })
    await lockWaiters(1)
    await commitTransaction(req)
    const person = await saved
    expect(person.status, person.text).toBe(409)
    expect(person.body.errors[0].message).toMatch(
      /^updates: the incident changed while this save was being made.*reload it and save again\.$/,
    )
    const after = await incidentOf('both-b')
    expect(after.updates.map((update) => update.message)).toEqual([read.updates[0].message, 'Search: Major outage.'])
  })
})
