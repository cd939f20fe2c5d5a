/**
 * Who decides a maintenance's status, seen through the CMS API: the clock's completion follows the window when an
 * operator extends an overrun (B4), an operator's completion is final, and the clock never overwrites an
 * operator's save made while it was moving the maintenance on (B11). The clock is injected: the transition job's
 * functions take `now`, and windows sit hours around the real time, so the operator's saves (real clock) and the
 * job's moves (injected clock) agree on what is due. The runner is off under the test runner.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { advanceDueMaintenances } from '@/services/maintenances/advance'
import { advanceMaintenance } from '@/services/maintenances/advance-maintenance'
import { findDueMaintenances } from '@/services/maintenances/find-due'
import { api, createUser, payload, type TestUser } from '../helpers/api'

const HOUR = 3_600_000
let editor: TestUser
let t0: number

const iso = (ms: number) => new Date(ms).toISOString()

async function createMaintenance(title: string, fromMs: number, toMs: number | null) {
  const res = await api('POST', '/maintenances', {
    key: editor.key,
    body: { title, scheduledStartAt: iso(t0 + fromMs), scheduledEndAt: toMs === null ? null : iso(t0 + toMs) },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.doc as { id: number; status: string }
}

async function patch(id: number, body: Record<string, unknown>) {
  return api('PATCH', `/maintenances/${id}`, { key: editor.key, body })
}

/** As an editor: who completed a maintenance is for operators (anonymous readers do not get it). */
async function read(id: number) {
  const res = await api('GET', `/maintenances/${id}?depth=0`, { key: editor.key })
  expect(res.status).toBe(200)
  return res.body
}

/** The notifications queued for a maintenance, oldest first. */
async function announced(id: number): Promise<string[]> {
  const p = await payload()
  const { docs } = await p.find({
    collection: 'notifications',
    where: { maintenance: { equals: id } },
    sort: 'id',
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs.map((n) => n.kind)
}

beforeAll(async () => {
  editor = await createUser('editor')
  t0 = Date.now()
})

describe('a maintenance the clock completed (B4)', () => {
  it('is extended by moving its end into the future: in progress again, completedAt cleared, announced once', async () => {
    const p = await payload()
    const m = await createMaintenance('Overrunning upgrade', -HOUR, HOUR)
    expect(m.status).toBe('in_progress')

    expect(await advanceDueMaintenances(p, new Date(t0 + 2 * HOUR))).toMatchObject({ failed: 0 })
    const completed = await read(m.id)
    expect(completed).toMatchObject({ status: 'completed', completedAt: iso(t0 + HOUR), completedBy: 'schedule' })

    // The overrun: the operator moves the end, without touching the status.
    const extended = await patch(m.id, { scheduledEndAt: iso(t0 + 3 * HOUR) })
    expect(extended.status, extended.text).toBe(200)
    expect(extended.body.doc).toMatchObject({
      status: 'in_progress',
      completedAt: null,
      completedBy: null,
      scheduledEndAt: iso(t0 + 3 * HOUR),
    })
    // Further saves while it runs say nothing new.
    expect((await patch(m.id, { title: 'Overrunning upgrade (extended)' })).body.doc.status).toBe('in_progress')
    expect((await patch(m.id, { scheduledEndAt: iso(t0 + 3.5 * HOUR) })).body.doc.status).toBe('in_progress')
    expect(await announced(m.id)).toEqual(['maintenance_started', 'maintenance_completed', 'maintenance_started'])

    // It completes again at its new end, and that is announced once too.
    await advanceDueMaintenances(p, new Date(t0 + 4 * HOUR))
    await advanceDueMaintenances(p, new Date(t0 + 4 * HOUR))
    expect(await read(m.id)).toMatchObject({
      status: 'completed',
      completedAt: iso(t0 + 3.5 * HOUR),
      completedBy: 'schedule',
    })
    expect(await announced(m.id)).toEqual([
      'maintenance_started',
      'maintenance_completed',
      'maintenance_started',
      'maintenance_completed',
    ])
  })

  it('takes an explicit in_progress when its window allows it, and cannot be cancelled after the fact', async () => {
    const p = await payload()
    const m = await createMaintenance('Explicitly resumed', -HOUR, HOUR)
    await advanceDueMaintenances(p, new Date(t0 + 2 * HOUR))
    const cancelled = await patch(m.id, { status: 'cancelled' })
    expect(cancelled.status).toBe(400)
    expect(JSON.stringify(cancelled.body.errors)).toMatch(/completed maintenance is final and cannot become cancelled/)
    const resumed = await patch(m.id, { status: 'in_progress', scheduledEndAt: iso(t0 + 3 * HOUR) })
    expect(resumed.status, resumed.text).toBe(200)
    expect(resumed.body.doc).toMatchObject({ status: 'in_progress', completedAt: null })
  })
})

describe('a maintenance an operator completed', () => {
  it('stays completed whatever its window says, and refuses another status with a 400 naming status', async () => {
    const m = await createMaintenance('Finished early', -HOUR, HOUR)
    const done = await patch(m.id, { status: 'completed' })
    expect(done.body.doc).toMatchObject({ status: 'completed', completedBy: 'operator' })
    const completedAt = done.body.doc.completedAt
    const moved = await patch(m.id, { scheduledEndAt: iso(t0 + 5 * HOUR) })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body.doc).toMatchObject({ status: 'completed', completedBy: 'operator', completedAt })
    const reopened = await patch(m.id, { status: 'in_progress' })
    expect(reopened.status).toBe(400)
    expect(JSON.stringify(reopened.body.errors)).toMatch(/status/)
    expect(await announced(m.id)).toEqual(['maintenance_started', 'maintenance_completed'])
  })
})

describe('the transition job and an operator saving at the same moment (B11)', () => {
  it('never overwrites a save made between its read and its write, and moves the maintenance on the next tick', async () => {
    const p = await payload()
    const m = await createMaintenance('Starts soon', HOUR, 2 * HOUR)
    const now = new Date(t0 + HOUR + 60_000)
    const due = (await findDueMaintenances(p, now)).find((d) => d.id === m.id)
    expect(due).toMatchObject({ status: 'upcoming' })

    // The operator's save lands after the job read the row.
    const edit = await patch(m.id, { title: 'Starts soon (retitled)', scheduledEndAt: iso(t0 + 4 * HOUR) })
    expect(edit.status, edit.text).toBe(200)
    expect(await advanceMaintenance(p, due!, now)).toBe(false)
    expect(await read(m.id)).toMatchObject({
      status: 'upcoming',
      title: 'Starts soon (retitled)',
      scheduledEndAt: iso(t0 + 4 * HOUR),
    })

    // The next tick reads the operator's row and moves it on, keeping what the operator wrote.
    expect(await advanceDueMaintenances(p, now)).toMatchObject({ failed: 0 })
    expect(await read(m.id)).toMatchObject({
      status: 'in_progress',
      title: 'Starts soon (retitled)',
      scheduledEndAt: iso(t0 + 4 * HOUR),
    })
    expect(await announced(m.id)).toEqual(['maintenance_scheduled', 'maintenance_started'])
  })

  it('never undoes a cancellation made between its read and its write', async () => {
    const p = await payload()
    const m = await createMaintenance('Called off at the last moment', HOUR, 2 * HOUR)
    const now = new Date(t0 + HOUR + 60_000)
    const due = (await findDueMaintenances(p, now)).find((d) => d.id === m.id)
    expect(due).toBeDefined()

    const cancel = await patch(m.id, { status: 'cancelled' })
    expect(cancel.status, cancel.text).toBe(200)
    expect(await advanceMaintenance(p, due!, now)).toBe(false)
    const after = await read(m.id)
    expect(after).toMatchObject({ status: 'cancelled', cancelledAt: cancel.body.doc.cancelledAt })
    expect(await announced(m.id)).toEqual(['maintenance_scheduled', 'maintenance_cancelled'])
    expect((await findDueMaintenances(p, now)).map((d) => d.id)).not.toContain(m.id)
  })
})
