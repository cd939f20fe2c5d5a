import { and, eq } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { deriveMaintenanceState } from '@/domain/maintenance-lifecycle'
import { connectionFor, tableOf } from '@/db/sql'
import { inTransaction } from '@/db/transaction'

import type { DueMaintenance } from './find-due'
import { maintenanceMoved } from './moved'

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
