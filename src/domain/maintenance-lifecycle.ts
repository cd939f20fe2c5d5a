import { isOneOf, MAINTENANCE_STATUSES, type MaintenanceStatus } from './statuses'

/** Statuses the clock never moves a maintenance out of (a clock-completed one has its end behind it). */
export const FINAL_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = ['completed', 'cancelled']

/** The maintenances readers see as current or coming: every status that is not final. */
export const ACTIVE_MAINTENANCE_STATUSES: readonly MaintenanceStatus[] = MAINTENANCE_STATUSES.filter(
  (status) => !FINAL_MAINTENANCE_STATUSES.includes(status),
)

export function isFinalMaintenanceStatus(status: MaintenanceStatus | null | undefined): boolean {
  return status != null && FINAL_MAINTENANCE_STATUSES.includes(status)
}

/** Who completed a maintenance: the clock at the end of its window, or an operator. */
export const COMPLETED_BY = ['schedule', 'operator'] as const
export type CompletedBy = (typeof COMPLETED_BY)[number]

/**
 * Whether a stored maintenance is final: an operator's word is (cancelled, or completed by hand), the clock's is
 * not. A maintenance the clock completed follows its window when the window is edited, so an overrun can be
 * extended after the fact. A completed one with no record of who completed it counts as the operator's.
 */
export function isFinalMaintenance(
  state: { status?: MaintenanceStatus | null; completedBy?: CompletedBy | null } | null | undefined,
): boolean {
  if (state?.status === 'cancelled') return true
  return state?.status === 'completed' && state.completedBy !== 'schedule'
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
  completedBy: CompletedBy | null
}

export interface MaintenanceStateInput extends MaintenanceWindow {
  /** The status the writer asked for (or the stored one when the write did not touch it). */
  requestedStatus: MaintenanceStatus | null | undefined
  previous?: Partial<MaintenanceState> | null
  now: Date
}

/**
 * Whether the writer's status is an operator's decision. A write that leaves the status alone carries the stored
 * one back (Payload merges the stored document into every write), so `completed` on a clock-completed maintenance
 * is the clock's own status coming back, not an operator completing it.
 */
function operatorDecides(input: MaintenanceStateInput): boolean {
  if (input.requestedStatus === 'cancelled') return true
  if (input.requestedStatus !== 'completed') return false
  return !(input.previous?.status === 'completed' && input.previous.completedBy === 'schedule')
}

/**
 * An operator's completed and cancelled are final and kept; anything else follows the clock, a clock-completed
 * maintenance included: moving its end into the future makes it in progress again. The stamps record when the
 * maintenance became completed or cancelled: kept while it stays so, cleared when it is not.
 */
export function deriveMaintenanceState(input: MaintenanceStateInput): MaintenanceState {
  const byOperator = operatorDecides(input)
  const status = byOperator ? (input.requestedStatus as MaintenanceStatus) : statusByTime(input, input.now)
  const completedBy: CompletedBy | null = status !== 'completed' ? null : byOperator ? 'operator' : 'schedule'
  const nowIso = input.now.toISOString()
  const keep = (target: MaintenanceStatus, previousStamp: string | null | undefined): string | null => {
    if (status !== target) return null
    if (completedBy === 'schedule' && input.scheduledEndAt) {
      // Completed by the clock: it completed when its window ended, not when somebody next saved it.
      return input.scheduledEndAt.toISOString()
    }
    const sameDecision =
      input.previous?.status === target && (target !== 'completed' || input.previous.completedBy !== 'schedule')
    return sameDecision && previousStamp ? previousStamp : nowIso
  }
  return {
    status,
    completedAt: keep('completed', input.previous?.completedAt),
    cancelledAt: keep('cancelled', input.previous?.cancelledAt),
    completedBy,
  }
}

/**
 * Why a requested change of status is refused, or null when it is allowed. An operator's completed or cancelled is
 * final: not reopened; the operator schedules a new one. What happened is not cancelled afterwards. A value outside
 * the vocabulary is refused too, rather than silently replaced by the status the clock gives.
 */
export function maintenanceStatusChangeError(
  previous: { status?: MaintenanceStatus | null; completedBy?: CompletedBy | null } | null | undefined,
  requested: MaintenanceStatus | string | null | undefined,
): string | null {
  if (requested != null && !isOneOf(MAINTENANCE_STATUSES, requested)) {
    return `status must be one of ${MAINTENANCE_STATUSES.join(', ')}`
  }
  if (requested == null || requested === previous?.status) return null
  if (isFinalMaintenance(previous) || (previous?.status === 'completed' && requested === 'cancelled')) {
    return `a ${previous?.status} maintenance is final and cannot become ${requested}`
  }
  return null
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
