import { and, eq } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { writeAuditEntry } from '@/audit/record'
import type { AuditChanges } from '@/domain/audit'
import { deriveMaintenanceState, type MaintenanceState } from '@/domain/maintenance-lifecycle'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'

import type { DueMaintenance } from './find-due'
import { maintenanceMoved } from './moved'

/** The job's write in the audit log: a maintenance moving on is upcoming or in progress, so it had no stamps before. */
function movedChanges(due: DueMaintenance, state: MaintenanceState): AuditChanges {
  const before: MaintenanceState = { status: due.status, completedAt: null, cancelledAt: null, completedBy: null }
  const changes: AuditChanges = {}
  for (const key of Object.keys(state) as (keyof MaintenanceState)[]) {
    if (state[key] !== before[key]) changes[key] = { before: before[key], after: state[key] }
  }
  return changes
}

/** Who moves maintenances, in the audit log. */
const MAINTENANCE_JOB = { auditActor: { type: 'job' as const, name: 'maintenance schedule' } }

/**
 * Moves one maintenance as the clock says at `now`, if it is still as read: writes its status and stamps, and
 * queues its notification, in one transaction. Returns false when the row changed since it was read (an operator
 * saved it, or another runner moved it): nothing is written then.
 */
export async function advanceMaintenance(payload: Payload, due: DueMaintenance, now = new Date()): Promise<boolean> {
  const state = deriveMaintenanceState({ ...due, requestedStatus: null, previous: { status: due.status }, now })
  return inTransaction(
    payload,
    async (req) => {
      const db = await connectionFor(payload, req)
      const t = tableOf(payload, 'maintenances')
      const moved: { id: number }[] = await db
        .update(t)
        .set({ ...state, updatedAt: now.toISOString() })
        .where(and(eq(t.id, due.id), eq(t.status, due.status), eq(t.updatedAt, due.updatedAt)))
        .returning({ id: t.id })
      if (moved.length > 0) {
        // The conditional write above passes no hook: its audit entry is written here, in the same transaction.
        await writeAuditEntry(req, {
          action: 'update',
          collection: 'maintenances',
          documentId: Number(due.id),
          changes: movedChanges(due, state),
        })
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
    },
    MAINTENANCE_JOB,
  )
}
