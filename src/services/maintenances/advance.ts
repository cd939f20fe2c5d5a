/**
 * Time moves maintenances (upcoming → in progress → completed); reads never write, so a job does it. Each move is a
 * conditional write of the status and stamps only (`… WHERE status = <read> AND updated_at = <read>`), so an
 * operator's save in between is never overwritten and a second instance moving the same maintenance writes
 * nothing. docs/architecture.md, "The public API and time" (Time moves maintenances).
 */
import type { Payload } from 'payload'

import { bumpDataVersion } from '@/runtime/data-version'

import { advanceMaintenance } from './advance-maintenance'
import { findDueMaintenances } from './find-due'
import { failures } from './internal'

/** A maintenance that cannot be saved (its hook or validation refuses) is retried after this, not every tick. */
const FAILURE_BACKOFF_MS = 60_000

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
