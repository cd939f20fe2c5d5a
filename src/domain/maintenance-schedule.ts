import { isFinalMaintenanceStatus, type MaintenanceWindow, statusByTime } from './maintenance-lifecycle'
import type { MaintenanceStatus } from './statuses'

/**
 * Whether the clock has moved a stored maintenance on: it is neither completed nor cancelled, and the status the
 * clock gives now differs from the stored one. The transition job re-saves exactly these, and the save's hook
 * derives the new status and stamps (src/domain/maintenance-lifecycle.ts).
 */
export function isTransitionDue(
  maintenance: MaintenanceWindow & { status: MaintenanceStatus | null | undefined },
  now: Date,
): boolean {
  if (isFinalMaintenanceStatus(maintenance.status)) return false
  return statusByTime(maintenance, now) !== maintenance.status
}

/**
 * The stored statuses the clock can move on, each with the scheduled instant at which it does: an `upcoming`
 * maintenance from its start, an `in_progress` one from its end (an open end never). A maintenance is due when that
 * instant is at or before now; database queries select candidates with this, then confirm with isTransitionDue.
 */
export const TRANSITION_BOUNDARIES = [
  { status: 'upcoming', boundary: 'scheduledStartAt' },
  { status: 'in_progress', boundary: 'scheduledEndAt' },
] as const satisfies readonly { status: MaintenanceStatus; boundary: keyof MaintenanceWindow }[]
