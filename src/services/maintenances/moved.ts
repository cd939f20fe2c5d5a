/**
 * What follows a maintenance's move, in one place for both paths that move one (an operator's save, through
 * hooks/follow-move.ts, and the clock, advance.ts), so a new effect of a move reaches both. Idempotent: the
 * notification's event key is unique per move and a service already in its status is left alone. Public caches are
 * not its business. docs/architecture.md, "Service statuses" (Maintenances).
 */
import type { PayloadRequest } from 'payload'

import type { MaintenanceStatus } from '@/domain/statuses'
import { announceMaintenanceChange } from '@/notify/events'
import type { Maintenance } from '@/payload-types'

import { applyMaintenanceServiceStatuses } from './apply-service-statuses'
import type { MaintenanceLike } from './internal'

/**
 * `doc` moved from `previous` (null: just created or published), in the transaction of `req`: subscribers are told
 * (if the status changed and the maintenance notifies), then its services go under maintenance or back, at `at`
 * (the clock's time; by default now).
 */
export async function maintenanceMoved(
  req: PayloadRequest,
  doc: Maintenance,
  previous: MaintenanceLike | null,
  at?: Date,
): Promise<void> {
  await announceMaintenanceChange(req, doc, (previous?.status ?? null) as MaintenanceStatus | null)
  await applyMaintenanceServiceStatuses(req, doc, previous, at)
}
