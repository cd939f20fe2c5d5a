/**
 * Time moves maintenances (upcoming → in progress → completed); reads never write, so a job does it. Each move is a
 * conditional write of the status and stamps only (`… WHERE status = <read> AND updated_at = <read>`), so an
 * operator's save in between is never overwritten and a second instance moving the same maintenance writes
 * nothing. docs/architecture.md, "The public API and time" (Time moves maintenances).
 */
import { and, eq } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, Where } from 'payload'

import { deriveMaintenanceState } from '@/domain/maintenance-lifecycle'
import { isTransitionDue, TRANSITION_BOUNDARIES } from '@/domain/maintenance-schedule'
import type { MaintenanceStatus } from '@/domain/statuses'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { bumpDataVersion } from '@/runtime/data-version'
import { slot } from '@/runtime/state'
import { maintenanceMoved } from './moved'

/** A maintenance that cannot be saved (its hook or validation refuses) is retried after this, not every tick. */
const FAILURE_BACKOFF_MS = 60_000
/** At most this many maintenances per run; the rest follow on the next tick. */
const BATCH = 100

declare module '@/runtime/state' {
  interface RuntimeSlots {
    /** Maintenances whose save failed, until when they are left alone. */
    maintenanceFailures: Map<number | string, number>
  }
}

/** Ids whose save failed, until when they are left alone (in the runtime state: Next bundles its own modules). */
const failures = () => slot('maintenanceFailures', () => new Map())

function backedOffIds(now: Date): (number | string)[] {
  const map = failures()
  for (const [id, until] of map) if (until <= now.getTime()) map.delete(id)
  return [...map.keys()]
}

export interface DueMaintenance {
  id: number | string
  status: MaintenanceStatus
  scheduledStartAt: Date
  scheduledEndAt: Date | null
  /** As read: the write happens only if the row still has it. */
  updatedAt: string
}

/**
 * Maintenances the clock has moved on. The query uses the indexed status and window columns (upcoming whose start
 * has come, in progress whose end has come; a null end never matches); the domain rule confirms each candidate.
 */
export async function findDueMaintenances(
  payload: Payload,
  now = new Date(),
  limit = BATCH,
): Promise<DueMaintenance[]> {
  const iso = now.toISOString()
  const due: Where = {
    or: TRANSITION_BOUNDARIES.map(({ status, boundary }) => ({
      and: [{ status: { equals: status } }, { [boundary]: { less_than_equal: iso } }],
    })),
  }
  // A draft keeps its status until it is published; its hooks then derive the status from the clock.
  const and: Where[] = [due, { draft: { not_equals: true } }]
  const skip = backedOffIds(now)
  if (skip.length) and.push({ id: { not_in: skip } })
  const where: Where = { and }
  const { docs } = await payload.find({
    collection: 'maintenances',
    where,
    select: { status: true, scheduledStartAt: true, scheduledEndAt: true, updatedAt: true },
    sort: 'scheduledStartAt',
    limit,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return docs
    .map((doc) => ({
      id: doc.id,
      status: doc.status as MaintenanceStatus,
      scheduledStartAt: new Date(doc.scheduledStartAt),
      scheduledEndAt: doc.scheduledEndAt ? new Date(doc.scheduledEndAt) : null,
      updatedAt: doc.updatedAt,
    }))
    .filter((m) => isTransitionDue(m, now))
}

/**
 * Moves one maintenance as the clock says at `now`, if it is still as read: writes its status and stamps, and
 * queues its notification, in one transaction. Returns false when the row changed since it was read (an operator
 * saved it, or another runner moved it): nothing is written then.
 */
export async function advanceMaintenance(payload: Payload, due: DueMaintenance, now = new Date()): Promise<boolean> {
  const state = deriveMaintenanceState({ ...due, requestedStatus: null, previous: { status: due.status }, now })
  return inTransaction(payload, async (req) => {
    const db = await connectionFor(payload, req)
    const t = tableOf(payload, 'maintenances')
    const moved: { id: number }[] = await db
      .update(t)
      .set({ ...state, updatedAt: now.toISOString() })
      .where(and(eq(t.id, due.id), eq(t.status, due.status), eq(t.updatedAt, due.updatedAt)))
      .returning({ id: t.id })
    if (moved.length > 0) {
      const doc = await payload.findByID({
        collection: 'maintenances',
        id: due.id,
        depth: 0,
        overrideAccess: true,
        req,
      })
      // What a save's hooks would do, in the same transaction, at the job's clock (src/services/maintenances/moved.ts).
      await maintenanceMoved(req, doc, { ...doc, status: due.status }, now)
    }
    return moved.length > 0
  })
}

export interface AdvanceResult {
  advanced: number
  failed: number
}

/** Moves every due maintenance; one that fails is logged and backed off, and does not stop the others. */
export async function advanceDueMaintenances(payload: Payload, now = new Date()): Promise<AdvanceResult> {
  const result: AdvanceResult = { advanced: 0, failed: 0 }
  for (const maintenance of await findDueMaintenances(payload, now)) {
    try {
      if (await advanceMaintenance(payload, maintenance, now)) result.advanced += 1
    } catch (error) {
      result.failed += 1
      failures().set(maintenance.id, now.getTime() + FAILURE_BACKOFF_MS)
      payload.logger.error({
        err: error,
        msg: `Could not move maintenance ${maintenance.id} on in time; retrying in a minute`,
      })
    }
  }
  // The writes above bypass the collection's hooks, so nothing has bumped yet: bumping once after the commits
  // invalidates cached public responses, and no read computed before a commit can be cached under the new version.
  if (result.advanced > 0) bumpDataVersion()
  return result
}
