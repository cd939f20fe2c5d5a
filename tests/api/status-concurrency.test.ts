/**
 * Status changes under concurrency: two incidents resolving at the same moment on one service (two HTTP writes in
 * flight at once, each in its own transaction on PostgreSQL) give the service back to what nothing holds, as if
 * they had resolved one after the other. Several rounds, since a race shows only sometimes.
 *
 * Then every writer of a status under the service's lock, on PostgreSQL with the writers' transactions held open
 * at a chosen statement (tests/helpers/pg-locks.ts): an operator's status set while an incident resolves, and the
 * monitoring integration racing a maintenance over two services.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { createIntegration, webhook } from '../helpers/integrations'
import { holdTable, type TableHold } from '../helpers/pg-locks'

const postgres = process.env.TEST_DIALECT === 'postgres'

let admin: TestUser
let editor: TestUser
let group: number

const resolveBody = (doc: { updates: object[] }) => ({
  updates: [
    ...doc.updates,
    { status: 'resolved', message: 'Fixed.', createdAt: new Date(Date.now() + 1000).toISOString() },
  ],
})

beforeAll(async () => {
  admin = await createUser('admin')
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

const createService = async (name: string) =>
  (await api('POST', '/services', { key: editor.key, body: { name, group } })).body.doc as { id: number; slug: string }
const statusOf = async (service: number) => (await api('GET', `/services/${service}`, { key: editor.key })).body.status

/** An incident that sets `service` to `status`. */
async function incidentSetting(service: number, status: string) {
  const res = await api('POST', '/incidents', {
    key: editor.key,
    body: {
      title: `Holds ${status}`,
      affectedServices: [service],
      updates: [{ status: 'investigating', message: 'On it.', serviceStatuses: [{ service, status }] }],
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc
}

/** The service's history in the order written; each row must start where the one before it ended. */
async function expectUnbrokenHistory(service: number) {
  const res = await api('GET', `/service-status-changes?where[service][equals]=${service}&sort=id&limit=100&depth=0`, {
    key: admin.key,
  })
  const rows = res.body.docs as { fromStatus: string | null; toStatus: string; source: string }[]
  const chain = rows.map((row) => `${row.fromStatus ?? '-'}>${row.toStatus} (${row.source})`)
  rows.slice(1).forEach((row, index) => expect(row.fromStatus, chain.join(', ')).toBe(rows[index].toStatus))
  expect(rows.at(-1)!.toStatus).toBe(await statusOf(service))
  return rows
}

describe.runIf(postgres)('a status set by hand while an incident resolves', () => {
  let hold: TableHold | undefined
  afterEach(async () => {
    await hold?.release()
    hold = undefined
  })

  it("stands when the resolve read the status before the person's write committed", async () => {
    const { id: service } = await createService('Set by hand first')
    const incident = await incidentSetting(service, 'major')
    // Both writers stop at their history row, each inside its transaction.
    hold = await holdTable('service_status_changes')
    const manual = api('PATCH', `/services/${service}`, { key: editor.key, body: { status: 'partial' } })
    await hold.waiting(1)
    const resolve = api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: resolveBody(incident) })
    await hold.waiting(2)
    await hold.release()
    const [m, r] = await Promise.all([manual, resolve])
    expect([m.status, r.status], m.text + r.text).toEqual([200, 200])
    // The person's status came after the incident's: the resolve has nothing to give back.
    expect(await statusOf(service)).toBe('partial')
    const rows = await expectUnbrokenHistory(service)
    expect(rows.at(-1)).toMatchObject({ fromStatus: 'major', toStatus: 'partial', source: 'manual' })
  })

  it("records where the person's change started when a resolve committed under it", async () => {
    const { id: service } = await createService('Set by hand second')
    const incident = await incidentSetting(service, 'major')
    hold = await holdTable('service_status_changes')
    const resolve = api('PATCH', `/incidents/${incident.id}`, { key: editor.key, body: resolveBody(incident) })
    await hold.waiting(1)
    const manual = api('PATCH', `/services/${service}`, { key: editor.key, body: { status: 'partial' } })
    await hold.waiting(2)
    await hold.release()
    const [r, m] = await Promise.all([resolve, manual])
    expect([r.status, m.status], r.text + m.text).toEqual([200, 200])
    expect(await statusOf(service)).toBe('partial')
    const rows = await expectUnbrokenHistory(service)
    expect(rows.at(-1)).toMatchObject({ fromStatus: 'operational', toStatus: 'partial', source: 'manual' })
  })
})

describe.runIf(postgres)('the monitoring integration and a maintenance on the same services at once', () => {
  let hold: TableHold | undefined
  afterEach(async () => {
    await hold?.release()
    hold = undefined
  })

  it('both land: the automation takes all its services at once, never one now and another later', async () => {
    const first = await createService('Lower id')
    const second = await createService('Higher id')
    const { token } = await createIntegration(admin, { name: 'Race probes', kind: 'generic' })
    const firing = (slug: string) => ({ key: 'race', state: 'firing', services: [slug], severity: 'critical' })
    expect((await webhook(token, firing(second.slug))).body.outcome).toBe('opened')
    // The alert moves from the second service to the first: an update that sets the first and gives back the second.
    hold = await holdTable('incidents_updates')
    const moved = webhook(token, firing(first.slug))
    await hold.waiting(1)
    const now = Date.now()
    const maintenance = api('POST', '/maintenances', {
      key: editor.key,
      body: {
        title: 'Both at once',
        affectedServices: [first.id, second.id],
        setServicesUnderMaintenance: true,
        scheduledStartAt: new Date(now - 60_000).toISOString(),
        scheduledEndAt: new Date(now + 3_600_000).toISOString(),
      },
    })
    await hold.waiting(2)
    await hold.release()
    const [w, m] = await Promise.all([moved, maintenance])
    expect([w.status, m.status], JSON.stringify(w.body) + m.text).toEqual([200, 201])
    expect(w.body.outcome).toBe('updated')
    expect(await statusOf(first.id)).toBe('maintenance')
    expect(await statusOf(second.id)).toBe('maintenance')
  })
})
