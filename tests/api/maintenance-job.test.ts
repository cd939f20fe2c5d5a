/**
 * Time moves maintenances: the job inside the service moves them upcoming → in_progress → completed at their
 * scheduled times, seen through the CMS API and the public API, with no write from the test. Under the test runner
 * the runner is off unless asked for, so this file asks for a fast one before Payload starts.
 */
process.env.MAINTENANCE_TICK_MS = '250'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as v1Maintenance from '../../src/app/api/v1/maintenances/[shortId]/route'
import { parseEnv } from '../../src/config/env'
import { currentDataVersion } from '../../src/runtime/data-version'
import { advanceDueMaintenances, ADVANCE_MAINTENANCES_TASK, MAINTENANCE_QUEUE } from '../../src/jobs/advance-maintenances'
import { maintenanceTickMs, runMaintenanceTick, startMaintenanceTicker, stopMaintenanceTicker } from '../../src/jobs/maintenance-ticker'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'

const TICK_MS = 250
/** How late after its scheduled time a move may be seen: a tick, the job, and a poll, with room for a slow CI. */
const LATENESS_MS = 3_000

let admin: TestUser
let editor: TestUser
let serviceId: number

const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function createMaintenance(body: Record<string, unknown>) {
  const res = await api('POST', '/maintenances', { key: editor.key, body: { affectedServices: [serviceId], ...body } })
  expect(res.status, res.text).toBe(201)
  return res.body.doc
}

async function cmsRead(id: number) {
  const res = await api('GET', `/maintenances/${id}?depth=0`)
  expect(res.status).toBe(200)
  return res.body
}

async function v1Read(shortId: string) {
  const response = await v1Maintenance.GET(new Request(`${BASE}/api/v1/maintenances/${shortId}`), { params: Promise.resolve({ shortId }) })
  expect(response.status).toBe(200)
  return (await response.json()).data
}

interface Seen {
  at: number
  status: string
  completedAt: string | null
}

/** Reads until `done` holds (or the deadline passes), recording every status seen and when. */
async function watch(read: () => Promise<{ status: string; completedAt?: string | null }>, done: (s: Seen) => boolean, deadline: number) {
  const seen: Seen[] = []
  while (Date.now() < deadline) {
    const doc = await read()
    const entry = { at: Date.now(), status: doc.status, completedAt: doc.completedAt ?? null }
    seen.push(entry)
    if (done(entry)) break
    await sleep(100)
  }
  return seen
}

const sequence = (seen: Seen[]) => seen.map((s) => s.status).filter((status, i, all) => i === 0 || all[i - 1] !== status)
const firstSeen = (seen: Seen[], status: string) => seen.find((s) => s.status === status)?.at

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  const service = await api('POST', '/services', { key: editor.key, body: { name: 'Database', group: group.body.doc.id } })
  serviceId = service.body.doc.id
})

afterAll(() => stopMaintenanceTicker())

describe('the runner inside the service', () => {
  it('moves a maintenance upcoming → in_progress → completed at its scheduled times, stamped with its end', async () => {
    const created = await createMaintenance({
      title: 'Database upgrade',
      scheduledStartAt: at(2_000),
      scheduledEndAt: at(4_000),
      updates: [{ message: 'We will upgrade the primary.' }],
    })
    expect(created.status).toBe('upcoming')
    const start = new Date(created.scheduledStartAt).getTime()
    const end = new Date(created.scheduledEndAt).getTime()

    const deadline = end + LATENESS_MS + 2_000
    const [cms, pub] = await Promise.all([
      watch(() => cmsRead(created.id), (s) => s.status === 'completed', deadline),
      watch(() => v1Read(created.shortId), (s) => s.status === 'completed', deadline),
    ])

    for (const seen of [cms, pub]) {
      expect(sequence(seen)).toEqual(['upcoming', 'in_progress', 'completed'])
      // Never before its time, and within a few seconds of it.
      expect(firstSeen(seen, 'in_progress')!).toBeGreaterThanOrEqual(start)
      expect(firstSeen(seen, 'in_progress')!).toBeLessThanOrEqual(start + LATENESS_MS)
      expect(firstSeen(seen, 'completed')!).toBeGreaterThanOrEqual(end)
      expect(firstSeen(seen, 'completed')!).toBeLessThanOrEqual(end + LATENESS_MS)
    }

    const final = await cmsRead(created.id)
    expect(final.status).toBe('completed')
    expect(final.completedAt).toBe(created.scheduledEndAt) // completed by the clock: stamped with its scheduled end
    expect(final.cancelledAt ?? null).toBeNull()
    // The job's save touched nothing else.
    expect(final.title).toBe('Database upgrade')
    expect(final.affectedServices).toEqual([serviceId])
    expect(final.updates.map((u: { message: string }) => u.message)).toEqual(['We will upgrade the primary.'])
    const published = await v1Read(created.shortId)
    expect(published.status).toBe('completed')
    expect(published.completedAt).toBe(created.scheduledEndAt)
  })

  it('starts an open-ended maintenance and never completes it; leaves a cancelled one cancelled', async () => {
    const open = await createMaintenance({ title: 'Open-ended migration', scheduledStartAt: at(1_000), scheduledEndAt: null })
    const cancelled = await createMaintenance({ title: 'Called off', scheduledStartAt: at(1_000), scheduledEndAt: at(2_000) })
    const cancel = await api('PATCH', `/maintenances/${cancelled.id}`, { key: editor.key, body: { status: 'cancelled' } })
    expect(cancel.status).toBe(200)
    const cancelledAt = cancel.body.doc.cancelledAt
    expect(cancelledAt).toBeTruthy()

    const seen = await watch(() => cmsRead(open.id), (s) => s.status !== 'upcoming', Date.now() + 1_000 + LATENESS_MS + 2_000)
    expect(sequence(seen)).toEqual(['upcoming', 'in_progress'])
    // Well past the cancelled one's window, and many ticks later.
    await sleep(2_000 + 8 * TICK_MS)

    const openNow = await cmsRead(open.id)
    expect(openNow.status).toBe('in_progress')
    expect(openNow.completedAt ?? null).toBeNull()
    expect((await v1Read(open.shortId)).status).toBe('in_progress')

    const cancelledNow = await cmsRead(cancelled.id)
    expect(cancelledNow.status).toBe('cancelled')
    expect(cancelledNow.cancelledAt).toBe(cancelledAt)
    expect(cancelledNow.completedAt ?? null).toBeNull()
    expect((await v1Read(cancelled.shortId)).status).toBe('cancelled')
  })

  it('is off under the test runner unless asked for, and MAINTENANCE_TICK_MS=0 turns it off', () => {
    expect(maintenanceTickMs(parseEnv({ NODE_ENV: 'test' }))).toBe(0)
    expect(maintenanceTickMs(parseEnv({ NODE_ENV: 'test', MAINTENANCE_TICK_MS: '500' }))).toBe(500)
    expect(maintenanceTickMs(parseEnv({ NODE_ENV: 'production' }))).toBe(1000)
    expect(maintenanceTickMs(parseEnv({ NODE_ENV: 'production', MAINTENANCE_TICK_MS: '0' }))).toBe(0)
  })
})

describe('the advanceMaintenances task, run by hand (runner stopped)', () => {
  beforeAll(() => stopMaintenanceTicker())
  afterAll(async () => {
    startMaintenanceTicker(await payload(), TICK_MS)
  })

  async function dueMaintenance(title: string, windowMs: number | null) {
    const created = await createMaintenance({ title, scheduledStartAt: at(600), scheduledEndAt: windowMs === null ? null : at(600 + windowMs) })
    await sleep(800 + (windowMs ?? 0))
    return created
  }

  it('reads never write: without the job a maintenance past its start stays upcoming', async () => {
    const created = await dueMaintenance('Nobody moves me', null)
    const read = await cmsRead(created.id)
    expect(read.status).toBe('upcoming')
    expect(read.updatedAt).toBe(created.updatedAt)
    expect((await v1Read(created.shortId)).status).toBe('upcoming')
    expect((await cmsRead(created.id)).updatedAt).toBe(created.updatedAt)
  })

  it('runs through Payload’s jobs queue, moves what is due, invalidates public caches, and leaves no job behind', async () => {
    const p = await payload()
    const created = await dueMaintenance('Queued by hand', null)
    const before = currentDataVersion()
    await p.jobs.queue({ task: ADVANCE_MAINTENANCES_TASK, input: {}, queue: MAINTENANCE_QUEUE })
    const result = await p.jobs.run({ queue: MAINTENANCE_QUEUE })
    expect(Object.values(result.jobStatus ?? {}).map((s) => s.status)).toEqual(['success'])
    expect((await cmsRead(created.id)).status).toBe('in_progress')
    expect(currentDataVersion()).toBeGreaterThan(before)
    expect(await p.count({ collection: 'payload-jobs', where: { queue: { equals: MAINTENANCE_QUEUE } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
    // Nothing due: a tick queues nothing.
    expect(await runMaintenanceTick(p)).toBe(false)
    expect(await p.count({ collection: 'payload-jobs', where: { queue: { equals: MAINTENANCE_QUEUE } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
  })

  it('jumps an upcoming maintenance whose whole window passed straight to completed, stamped with its end', async () => {
    const p = await payload()
    const created = await dueMaintenance('Missed while down', 500)
    expect(await runMaintenanceTick(p)).toBe(true)
    const read = await cmsRead(created.id)
    expect(read.status).toBe('completed')
    expect(read.completedAt).toBe(created.scheduledEndAt)
  })

  it('is harmless when several runners (instances) move the same maintenance at once', async () => {
    const p = await payload()
    const created = await dueMaintenance('Raced', 500)
    const results = await Promise.all([advanceDueMaintenances(p), advanceDueMaintenances(p), runMaintenanceTick(p)])
    expect(results[0].failed + results[1].failed).toBe(0)
    const read = await cmsRead(created.id)
    expect(read.status).toBe('completed')
    expect(read.completedAt).toBe(created.scheduledEndAt)
    expect(await advanceDueMaintenances(p)).toEqual({ advanced: 0, failed: 0 })
    // Three runners moved it at once; subscribers hear of it once.
    const completed = await p.find({ collection: 'notifications', where: { maintenance: { equals: created.id } }, overrideAccess: true, depth: 0 })
    expect(completed.docs.map((n) => n.kind).sort()).toEqual(['maintenance_completed', 'maintenance_scheduled'])
    expect(await p.count({ collection: 'payload-jobs', where: { queue: { equals: MAINTENANCE_QUEUE } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
  })

  it('runs, schedules, lists and changes no jobs over HTTP, for anyone (the service runs them itself)', async () => {
    const p = await payload()
    const job = await p.jobs.queue({ task: ADVANCE_MAINTENANCES_TASK, input: {}, queue: 'elsewhere' })
    const requests: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/payload-jobs/run'],
      ['POST', '/payload-jobs/run'],
      ['GET', '/payload-jobs/run?queue=notifications&allQueues=true'],
      ['GET', '/payload-jobs/handle-schedules'],
      ['GET', '/payload-jobs'],
      ['GET', `/payload-jobs/${job.id}`],
      ['POST', '/payload-jobs', { taskSlug: 'advanceMaintenances', input: {} }],
      ['PATCH', `/payload-jobs/${job.id}`, { processing: true }],
      ['DELETE', `/payload-jobs/${job.id}`],
      ['DELETE', '/payload-jobs?where[id][exists]=true'],
    ]
    for (const [method, path, body] of requests) {
      for (const key of [undefined, editor.key, admin.key]) {
        const refused = await api(method, path, { key, body })
        expect(refused.status, `${method} ${path}`).toBe(404)
        expect(refused.body.errors[0].message).toBe('Not Found')
      }
    }
    const kept = await p.findByID({ collection: 'payload-jobs', id: job.id, overrideAccess: true, depth: 0 })
    expect(kept).toMatchObject({ processing: false, queue: 'elsewhere' })
    await p.delete({ collection: 'payload-jobs', id: job.id, overrideAccess: true })
  })
})
