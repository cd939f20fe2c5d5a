import type { Payload, Where } from 'payload'

import { isTransitionDue, TRANSITION_BOUNDARIES } from '@/domain/maintenance-schedule'
import type { MaintenanceStatus } from '@/domain/statuses'

import { backedOffIds } from './internal'

/** At most this many maintenances per run; the rest follow on the next tick. */
const BATCH = 100

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
