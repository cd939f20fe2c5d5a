/**
 * Time moves maintenances: `upcoming` → `in_progress` at scheduledStartAt, `in_progress` → `completed` at
 * scheduledEndAt. Reads never write, so a job does it. The job decides nothing itself: it finds the maintenances
 * the clock has moved on (src/domain/maintenance-schedule.ts) and re-saves each through the Local API with no
 * data, so the collection's beforeChange hook derives status and stamps with the one rule
 * (src/domain/maintenance-lifecycle.ts: completed by the clock is stamped with the scheduled end) and the
 * afterChange hooks invalidate cached public responses, exactly as for an operator's save.
 *
 * Idempotent: a second runner (another instance) re-saving the same maintenance derives the same status and keeps
 * the stamps, and cancelled/completed maintenances are never selected.
 */
import type { Payload, TaskConfig, Where } from 'payload'

import { isTransitionDue, TRANSITION_BOUNDARIES } from '../domain/maintenance-schedule'
import type { MaintenanceStatus } from '../domain/statuses'
import { bumpDataVersion } from '../edge/data-version'

export const ADVANCE_MAINTENANCES_TASK = 'advanceMaintenances'
export const MAINTENANCE_QUEUE = 'maintenances'

/** A maintenance that cannot be saved (its hook or validation refuses) is retried after this, not every tick. */
const FAILURE_BACKOFF_MS = 60_000
/** At most this many maintenances per run; the rest follow on the next tick. */
const BATCH = 100

/** Ids whose save failed, until when they are left alone. On globalThis: Next bundles its own copy of modules. */
const FAILURES_KEY = Symbol.for('statuspage.maintenanceTransitionFailures')
function failures(): Map<number | string, number> {
  const holder = globalThis as typeof globalThis & { [FAILURES_KEY]?: Map<number | string, number> }
  holder[FAILURES_KEY] ??= new Map()
  return holder[FAILURES_KEY]
}

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
}

/**
 * Maintenances the clock has moved on. The query uses the indexed status and window columns (upcoming whose start
 * has come, in progress whose end has come; a null end never matches); the domain rule confirms each candidate.
 */
export async function findDueMaintenances(payload: Payload, now = new Date(), limit = BATCH): Promise<DueMaintenance[]> {
  const iso = now.toISOString()
  const where: Where = {
    or: TRANSITION_BOUNDARIES.map(({ status, boundary }) => ({
      and: [{ status: { equals: status } }, { [boundary]: { less_than_equal: iso } }],
    })),
  }
  const skip = backedOffIds(now)
  if (skip.length) where.and = [{ id: { not_in: skip } }]
  const { docs } = await payload.find({
    collection: 'maintenances',
    where,
    select: { status: true, scheduledStartAt: true, scheduledEndAt: true },
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
    }))
    .filter((m) => isTransitionDue(m, now))
}

export interface AdvanceResult {
  advanced: number
  failed: number
}

/** Re-saves every due maintenance; one that fails is logged and backed off, and does not stop the others. */
export async function advanceDueMaintenances(payload: Payload, now = new Date()): Promise<AdvanceResult> {
  const result: AdvanceResult = { advanced: 0, failed: 0 }
  for (const maintenance of await findDueMaintenances(payload, now)) {
    try {
      // No data: the beforeChange hook derives status, completedAt and cancelledAt from the stored window and
      // the current time. Sending status: 'completed' would read as an operator ending it early.
      await payload.update({
        collection: 'maintenances',
        id: maintenance.id,
        data: {},
        depth: 0,
        overrideAccess: true,
        context: { maintenanceTransition: true },
      })
      result.advanced += 1
    } catch (error) {
      result.failed += 1
      failures().set(maintenance.id, Date.now() + FAILURE_BACKOFF_MS)
      payload.logger.error({ err: error, msg: `Could not move maintenance ${maintenance.id} on in time; retrying in a minute` })
    }
  }
  // The afterChange hooks marked the change before each commit (src/edge/data-version.ts); this bump, after the
  // commits, is the one that makes the next public read see the new state.
  if (result.advanced > 0) bumpDataVersion()
  return result
}

export const advanceMaintenancesTask: TaskConfig<'advanceMaintenances'> = {
  slug: ADVANCE_MAINTENANCES_TASK,
  label: 'Move maintenances on in time',
  outputSchema: [
    { name: 'advanced', type: 'number', required: true },
    { name: 'failed', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({ output: await advanceDueMaintenances(req.payload) }),
}
