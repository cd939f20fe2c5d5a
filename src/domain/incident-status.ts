import { INCIDENT_STATUSES, type IncidentStatus } from './statuses'

/**
 * The status that closes an incident; every other one makes it active (the list filter `status=active`, the home page).
 * Reads of active incidents list these (`status IN (…)`, a few rows of the status index) rather than asking for "not
 * resolved", which scans every incident.
 */
export const RESOLVED_INCIDENT_STATUS = 'resolved' satisfies IncidentStatus
export const ACTIVE_INCIDENT_STATUSES: readonly IncidentStatus[] = INCIDENT_STATUSES.filter(
  (status) => status !== RESOLVED_INCIDENT_STATUS,
)

export interface IncidentUpdateInput {
  status: IncidentStatus
  createdAt: string | Date
}

export interface DerivedIncidentState {
  status: IncidentStatus
  resolvedAt: string | null
}

function toTime(value: string | Date): number {
  return value instanceof Date ? value.getTime() : Date.parse(value)
}

function toIso(value: string | Date): string {
  return new Date(toTime(value)).toISOString()
}

/**
 * The newest update: the greatest createdAt; on equal createdAt the later array element, because an operator who
 * posts two updates within the same millisecond (a script, an import) means the second one.
 */
export function newestUpdate<T extends IncidentUpdateInput>(updates: readonly T[]): T | undefined {
  let newest: T | undefined
  for (const update of updates) {
    if (newest === undefined || toTime(update.createdAt) >= toTime(newest.createdAt)) newest = update
  }
  return newest
}

/**
 * An incident's status is never assigned: it is the status of its newest update, so the timeline and the headline
 * cannot disagree. resolvedAt is the moment of that resolving update, and is cleared when the incident reopens.
 */
export function deriveIncidentState(updates: readonly IncidentUpdateInput[]): DerivedIncidentState | undefined {
  const newest = newestUpdate(updates)
  if (!newest) return undefined
  return {
    status: newest.status,
    resolvedAt: newest.status === RESOLVED_INCIDENT_STATUS ? toIso(newest.createdAt) : null,
  }
}

/**
 * Updates ordered for display, an incident's or a maintenance's: newest first, with the same tie rule as the status
 * derivation (on equal createdAt the later element first).
 */
export function updatesNewestFirst<T extends { createdAt: string | Date }>(updates: readonly T[]): T[] {
  return updates
    .map((update, index) => ({ update, index, time: toTime(update.createdAt) }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ update }) => update)
}

/**
 * When an incident started: its oldest update's time, or its creation if that is earlier. A backfilled incident is
 * created after it happened (even after it was resolved), so its creation is not its start.
 */
export function incidentStartedAt(createdAt: string | Date, updateTimes: readonly (string | Date)[]): Date {
  return new Date(Math.min(toTime(createdAt), ...updateTimes.map(toTime).filter(Number.isFinite)))
}

/**
 * Whether the stored updates are still the ones a writer read: the same rows (by their ids) in the same order. The
 * list is written back as a whole, so a writer whose read is out of date would delete what was added since.
 */
export function sameUpdates(read: readonly { id?: string | null }[], stored: readonly { id?: string | null }[]) {
  return read.length === stored.length && read.every((row, index) => row.id === stored[index].id)
}
