/**
 * A backfilled incident: one that happened while nobody wrote it down, recorded afterwards with its own times.
 * It is resolved when created, tells nobody, and leaves the services' current statuses alone; their history shows
 * what its updates set, at those times, and the return at its end.
 */
import { newestUpdate } from './incident-status'
import type { IncidentStatus, ServiceStatus } from './statuses'

export interface BackfillUpdate {
  status: IncidentStatus
  createdAt?: string | Date | null
  serviceStatuses?: { service: number; status: ServiceStatus }[]
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : Number.NaN)

/** Why these updates cannot be backfilled at `now`, or null. */
export function backfillError(
  updates: readonly Pick<BackfillUpdate, 'status' | 'createdAt'>[],
  now: Date,
): string | null {
  if (updates.length === 0) return 'backfilled: a backfilled incident needs its updates'
  if (updates.some((u) => !Number.isFinite(time(u.createdAt))))
    return 'backfilled: every update of a backfilled incident needs its time (createdAt)'
  if (updates.some((u) => time(u.createdAt) > now.getTime()))
    return 'backfilled: the updates of a backfilled incident must lie in the past'
  if (
    newestUpdate(updates.map((u) => ({ ...u, message: '', createdAt: u.createdAt as string | Date })))?.status !==
    'resolved'
  ) {
    return 'backfilled: a backfilled incident must end with a resolved update'
  }
  return null
}

export interface BackfilledChange {
  service: number
  to: ServiceStatus
  at: number
}

/**
 * The history a backfilled incident writes: each update's service statuses at its time, oldest first, and the end
 * (its resolving update's time) at which every service it touched returns to what the existing history says.
 */
export function backfilledChanges(updates: readonly BackfillUpdate[]): {
  changes: BackfilledChange[]
  end: number
  services: number[]
} {
  const ordered = [...updates].sort((a, b) => time(a.createdAt) - time(b.createdAt))
  const end = time(ordered[ordered.length - 1]?.createdAt)
  const changes = ordered
    .filter((u) => time(u.createdAt) < end)
    .flatMap((u) =>
      (u.serviceStatuses ?? []).map((entry) => ({ service: entry.service, to: entry.status, at: time(u.createdAt) })),
    )
  return { changes, end, services: [...new Set(changes.map((change) => change.service))] }
}
