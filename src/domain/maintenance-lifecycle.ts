import { isOneOf, MAINTENANCE_STATUSES, type MaintenanceStatus } from './statuses'

/** Statuses an operator sets by hand; time never moves a maintenance out of them. */
export const FINAL_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = ['completed', 'cancelled']

export function isFinalMaintenanceStatus(status: MaintenanceStatus | null | undefined): boolean {
  return status != null && FINAL_MAINTENANCE_STATUSES.includes(status)
}

export interface MaintenanceWindow {
  scheduledStartAt: Date
  scheduledEndAt: Date | null
}

/** Where the clock puts a maintenance that nobody completed or cancelled. An open end never completes by time. */
export function statusByTime(window: MaintenanceWindow, now: Date): MaintenanceStatus {
  if (now.getTime() < window.scheduledStartAt.getTime()) return 'upcoming'
  if (window.scheduledEndAt && now.getTime() >= window.scheduledEndAt.getTime()) return 'completed'
  return 'in_progress'
}

export interface MaintenanceState {
  status: MaintenanceStatus
  completedAt: string | null
  cancelledAt: string | null
}

export interface MaintenanceStateInput extends MaintenanceWindow {
  /** The status the writer asked for (or the stored one when the write did not touch it). */
  requestedStatus: MaintenanceStatus | null | undefined
  previous?: Partial<MaintenanceState> | null
  now: Date
}

/**
 * completed and cancelled are final and kept; anything else follows the clock. The stamps record when the
 * maintenance became completed or cancelled: kept while it stays so, cleared when it is not.
 */
export function deriveMaintenanceState(input: MaintenanceStateInput): MaintenanceState {
  const status = isFinalMaintenanceStatus(input.requestedStatus)
    ? (input.requestedStatus as MaintenanceStatus)
    : statusByTime(input, input.now)
  const nowIso = input.now.toISOString()
  const stamp = (target: MaintenanceStatus, previousStamp: string | null | undefined): string | null => {
    if (status !== target) return null
    if (input.previous?.status === target && previousStamp) return previousStamp
    if (target === 'completed' && input.requestedStatus !== 'completed' && input.scheduledEndAt) {
      // Completed by the clock: it completed when its window ended, not when somebody next saved it.
      return input.scheduledEndAt.toISOString()
    }
    return nowIso
  }
  return {
    status,
    completedAt: stamp('completed', input.previous?.completedAt),
    cancelledAt: stamp('cancelled', input.previous?.cancelledAt),
  }
}

/**
 * Why a requested change of status is refused, or null when it is allowed. A final status is final: a cancelled
 * or completed maintenance is not reopened; the operator schedules a new one. A value outside the vocabulary is
 * refused too, rather than silently replaced by the status the clock gives.
 */
export function maintenanceStatusChangeError(
  previous: MaintenanceStatus | null | undefined,
  requested: MaintenanceStatus | string | null | undefined,
): string | null {
  if (requested != null && !isOneOf(MAINTENANCE_STATUSES, requested)) {
    return `status must be one of ${MAINTENANCE_STATUSES.join(', ')}`
  }
  if (!isFinalMaintenanceStatus(previous) || requested == null || requested === previous) return null
  return `a ${previous} maintenance is final and cannot become ${requested}`
}

/** The window must not end before it starts. Returns a message, or null when the window is valid. */
export function maintenanceWindowError(window: MaintenanceWindow): string | null {
  if (Number.isNaN(window.scheduledStartAt.getTime())) return 'scheduledStartAt must be a valid date'
  if (window.scheduledEndAt === null) return null
  if (Number.isNaN(window.scheduledEndAt.getTime())) return 'scheduledEndAt must be a valid date'
  if (window.scheduledEndAt.getTime() <= window.scheduledStartAt.getTime()) {
    return 'scheduledEndAt must be after scheduledStartAt'
  }
  return null
}

/**
 * The next instant at which the clock changes some maintenance's status, or null when none will. Caches of public
 * data expire then, and the transition job wakes then.
 */
export function nextTransitionAt(
  maintenances: Iterable<MaintenanceWindow & { status: MaintenanceStatus }>,
  now: Date,
): Date | null {
  let next: number | null = null
  for (const m of maintenances) {
    if (isFinalMaintenanceStatus(m.status)) continue
    for (const at of [m.scheduledStartAt, m.scheduledEndAt]) {
      if (at && at.getTime() > now.getTime() && (next === null || at.getTime() < next)) next = at.getTime()
    }
  }
  return next === null ? null : new Date(next)
}
