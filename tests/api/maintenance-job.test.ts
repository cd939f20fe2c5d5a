/**
 * Time moves maintenances: the job inside the service moves them upcoming → in_progress → completed at their
 * scheduled times, seen through the CMS API and the public API, with no write from the test. Under the test runner
 * the runner is off unless asked for, so this file asks for a fast one before Payload starts.
 *
 * The test moves the clock instead of waiting for it: `Date` is faked for the whole process (Payload's hooks, the
 * runner's ticks, the job), still advancing with real time, while timers stay real so the database clients and
 * the runner's interval run as usual. A maintenance is scheduled minutes ahead, and the test sets the clock to its
 * start or end; nothing depends on how fast the machine is.
 */
process.env.MAINTENANCE_TICK_MS = '250'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import * as v1Maintenance from '@/app/api/v1/maintenances/[shortId]/route'
import { parseEnv } from '@/config/env'
import { currentDataVersion } from '@/runtime/data-version'
import { ADVANCE_MAINTENANCES_TASK, MAINTENANCE_QUEUE } from '@/jobs/maintenance-ticker'
import { advanceDueMaintenances } from '@/services/maintenances/advance'
import { findDueMaintenances } from '@/services/maintenances/find-due'
import {
  maintenanceTickMs,
  runMaintenanceTick,
  startMaintenanceTicker,
  stopMaintenanceTicker,
} from '@/jobs/maintenance-ticker'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'

const TICK_MS = 250
const MINUTE = 60_000

let admin: TestUser
let editor: TestUser
let serviceId: number

const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString()
/** Sets the (faked) clock to `iso` plus `ms`; it keeps running from there. */
const setClock = (iso: string, ms = 0) => vi.setSystemTime(new Date(Date.parse(iso) + ms))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
  const response = await v1Maintenance.GET(new Request(`${BASE}/api/v1/maintenances/${shortId}`), {
    params: Promise.resolve({ shortId }),
  })
  expect(response.status).toBe(200)
  return (await response.json()).data
}

interface Seen {
  status: string
  completedAt: string | null
}

/**
 * Reads until `done` holds, recording every status seen. The runner ticks every TICK_MS of real time once the clock
 * has been moved; the bound on polls only keeps a broken runner from hanging the file.
 */
async function watch(read: () => Promise<{ status: string; completedAt?: string | null }>, done: (s: Seen) => boolean) {
  const seen: Seen[] = []
  for (let poll = 0; poll < 600; poll++) {
    const doc = await read()
    const entry = { status: doc.status, completedAt: doc.completedAt ?? null }
    seen.push(entry)
    if (done(entry)) break
    await pause(100)
  }
  return seen
}

const sequence = (seen: Seen[]) =>
  seen.map((s) => s.status).filter((status, i, all) => i === 0 || all[i - 1] !== status)

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  admin = await createUser('admin')
  editor = await createUser('editor')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Platform' } })
  const service = await api('POST', '/services', {
    key: editor.key,
    body: { name: 'Database', group: group.body.doc.id },
  })
  serviceId = service.body.doc.id
})

afterAll(() => {
  stopMaintenanceTicker()
  vi.useRealTimers()
})

describe('the runner inside the service', () => {
  it('moves a maintenance upcoming → in_progress → completed at its scheduled times, stamped with its end', async () => {
    const created = await createMaintenance({
      title: 'Database upgrade',
      scheduledStartAt: at(10 * MINUTE),
      scheduledEndAt: at(20 * MINUTE),
      updates: [{ message: 'We will upgrade the primary.' }],
    })
    expect(created.status).toBe('upcoming')
    const p = await payload()
    // Never before its time: until the clock reaches the start, nothing is due and it stays upcoming.
    setClock(created.scheduledStartAt, -1_000)
    expect(await findDueMaintenances(p)).toEqual([])
    expect((await cmsRead(created.id)).status).toBe('upcoming')

    setClock(created.scheduledStartAt)
    const [cmsStart, pubStart] = await Promise.all([
      watch(
        () => cmsRead(created.id),
        (s) => s.status !== 'upcoming',
      ),
      watch(
        () => v1Read(created.shortId),
        (s) => s.status !== 'upcoming',
      ),
    ])
    const started = await cmsRead(created.id)
    expect(Date.parse(started.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.scheduledStartAt))
    expect(await findDueMaintenances(p)).toEqual([])

    setClock(created.scheduledEndAt)
    const [cmsEnd, pubEnd] = await Promise.all([
      watch(
        () => cmsRead(created.id),
        (s) => s.status === 'completed',
      ),
      watch(
        () => v1Read(created.shortId),
        (s) => s.status === 'completed',
      ),
    ])
    for (const seen of [
      [...cmsStart, ...cmsEnd],
      [...pubStart, ...pubEnd],
    ]) {
      expect(sequence(seen)).toEqual(['upcoming', 'in_progress', 'completed'])
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
    const open = await createMaintenance({
      title: 'Open-ended migration',
      scheduledStartAt: at(10 * MINUTE),
      scheduledEndAt: null,
    })
    const cancelled = await createMaintenance({
      title: 'Called off',
      scheduledStartAt: at(10 * MINUTE),
      scheduledEndAt: at(20 * MINUTE),
    })
    const cancel = await api('PATCH', `/maintenances/${cancelled.id}`, {
      key: editor.key,
      body: { status: 'cancelled' },
    })
    expect(cancel.status).toBe(200)
    const cancelledAt = cancel.body.doc.cancelledAt
    expect(cancelledAt).toBeTruthy()

    setClock(open.scheduledStartAt)
    const seen = await watch(
      () => cmsRead(open.id),
      (s) => s.status !== 'upcoming',
    )
    expect(sequence(seen)).toEqual(['upcoming', 'in_progress'])
    // Well past the cancelled one's window, a day later: neither is due, whoever runs the job.
    setClock(open.scheduledStartAt, 24 * 60 * MINUTE)
    expect(await findDueMaintenances(await payload())).toEqual([])
    expect(await advanceDueMaintenances(await payload())).toEqual({ advanced: 0, failed: 0 })

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

  /** A maintenance scheduled ahead, then the clock moved past its start (and its end, when it has a window). */
  async function dueMaintenance(title: string, windowMs: number | null) {
    const created = await createMaintenance({
      title,
      scheduledStartAt: at(10 * MINUTE),
      scheduledEndAt: windowMs === null ? null : at(10 * MINUTE + windowMs),
    })
    setClock(created.scheduledStartAt, (windowMs ?? 0) + 1_000)
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
    expect(
      await p.count({
        collection: 'payload-jobs',
        where: { queue: { equals: MAINTENANCE_QUEUE } },
        overrideAccess: true,
      }),
    ).toEqual({ totalDocs: 0 })
    // Nothing due: a tick queues nothing.
    expect(await runMaintenanceTick(p)).toBe(false)
    expect(
      await p.count({
        collection: 'payload-jobs',
        where: { queue: { equals: MAINTENANCE_QUEUE } },
        overrideAccess: true,
      }),
    ).toEqual({ totalDocs: 0 })
  })

  it('jumps an upcoming maintenance whose whole window passed straight to completed, stamped with its end', async () => {
    const p = await payload()
    const created = await dueMaintenance('Missed while down', 30 * MINUTE)
    expect(await runMaintenanceTick(p)).toBe(true)
    const read = await cmsRead(created.id)
    expect(read.status).toBe('completed')
    expect(read.completedAt).toBe(created.scheduledEndAt)
  })

  it('is harmless when several runners (instances) move the same maintenance at once', async () => {
    const p = await payload()
    const created = await dueMaintenance('Raced', 30 * MINUTE)
    const results = await Promise.all([advanceDueMaintenances(p), advanceDueMaintenances(p), runMaintenanceTick(p)])
    expect(results[0].failed + results[1].failed).toBe(0)
    const read = await cmsRead(created.id)
    expect(read.status).toBe('completed')
    expect(read.completedAt).toBe(created.scheduledEndAt)
    expect(await advanceDueMaintenances(p)).toEqual({ advanced: 0, failed: 0 })
    // Three runners moved it at once; subscribers hear of it once.
    const completed = await p.find({
      collection: 'notifications',
      where: { maintenance: { equals: created.id } },
      overrideAccess: true,
      depth: 0,
    })
    expect(completed.docs.map((n) => n.kind).sort()).toEqual(['maintenance_completed', 'maintenance_scheduled'])
    expect(
      await p.count({
        collection: 'payload-jobs',
        where: { queue: { equals: MAINTENANCE_QUEUE } },
        overrideAccess: true,
      }),
    ).toEqual({ totalDocs: 0 })
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
