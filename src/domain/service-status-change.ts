/**
 * The rules of a service's status over time: when a write is a change at all, and what a service goes back to when
 * an incident resolves or a maintenance ends. Pure: the use case in src/services/service-status/ reads the history and the holds and
 * asks these.
 */
import type { ServiceStatus, StatusChangeSource } from './statuses'

/** A write that leaves the status as it is changes nothing and leaves no history. */
export function isStatusChange(from: ServiceStatus | null | undefined, to: ServiceStatus): boolean {
  return from !== to
}

/** Sources that speak for the service's own status: a person, a monitor, or the start of the history. */
export const BASELINE_SOURCES: readonly StatusChangeSource[] = ['initial', 'manual', 'integration']
/** Sources that hold a service in a status for a while and give it back afterwards. */
export const HOLD_SOURCES = ['incident', 'maintenance'] as const
export type HoldSource = (typeof HOLD_SOURCES)[number]

/** One row of a service's history, as the rules need it. */
export interface StatusChangeRow {
  fromStatus: ServiceStatus | null
  toStatus: ServiceStatus
  at: Date
  source: StatusChangeSource
  sourceRef: string | null
}

/**
 * What an open incident or a running maintenance says a service's status is: the status its newest update gave the
 * service (for a maintenance, `maintenance`), and when it said so (null: it holds nothing it said itself, only what
 * its history rows show).
 */
export interface StatusHold {
  source: HoldSource
  ref: string
  status: ServiceStatus
  claimedAt: Date | null
}

const sameHolder = (row: StatusChangeRow, hold: { source: HoldSource; ref: string }) =>
  row.source === hold.source && row.sourceRef === hold.ref

/**
 * The status a service would have without `released` (an incident that resolved, a maintenance that ended), or null
 * when the service is to be left as it is.
 *
 * `rows` is the service's history in the order written, from its latest baseline change (initial, manual or
 * integration) on; `others` are the holds still in force (open incidents, running maintenances), `released`
 * excluded or not. The rules:
 * - Only what `released` changed is given back: if somebody set the status by hand (or a monitor did) after it,
 *   that status stands, and if `released` never touched the service since, there is nothing to give back.
 * - Another hold made since the last baseline change wins, the most recent one first.
 * - Otherwise the service goes back to the status it had before the first hold changed it.
 */
export function statusWithout(
  released: { source: HoldSource; ref: string; claimedAt: Date | null },
  rows: readonly StatusChangeRow[],
  others: readonly StatusHold[],
): ServiceStatus | null {
  let baselineIndex = -1
  rows.forEach((row, index) => {
    if (BASELINE_SOURCES.includes(row.source)) baselineIndex = index
  })
  const baseline = baselineIndex >= 0 ? rows[baselineIndex] : undefined
  // A claim made before a person's (or a monitor's) change is overruled by it; the start of the history overrules
  // nothing (an update may be dated before the service was added).
  const baselineAt = baseline && baseline.source !== 'initial' ? baseline.at.getTime() : -Infinity
  const since = rows.slice(baselineIndex + 1)

  const heldSinceBaseline = (hold: { source: HoldSource; ref: string; claimedAt: Date | null }) =>
    since.some((row) => sameHolder(row, hold)) || (hold.claimedAt !== null && hold.claimedAt.getTime() > baselineAt)
  if (!heldSinceBaseline(released)) return null

  const heldAt = (hold: StatusHold) =>
    Math.max(
      hold.claimedAt?.getTime() ?? -Infinity,
      ...since.filter((row) => sameHolder(row, hold)).map((row) => row.at.getTime()),
    )
  let latest: StatusHold | undefined
  for (const hold of others) {
    if ((hold.source === released.source && hold.ref === released.ref) || !heldSinceBaseline(hold)) continue
    if (!latest || heldAt(hold) >= heldAt(latest)) latest = hold
  }
  if (latest) return latest.status

  const firstHold = since.find((row) => (HOLD_SOURCES as readonly string[]).includes(row.source))
  return firstHold?.fromStatus ?? baseline?.toStatus ?? null
}

/**
 * What an incident's updates say about the services: for each service named in some update's serviceStatuses, the
 * status from the newest update naming it, and that update's time. `updates` oldest first or in any order: the
 * newest is decided by createdAt, the later element on a tie (as for the incident's own status).
 */
export function incidentClaims(
  updates: readonly {
    createdAt: string | Date
    serviceStatuses?: readonly { service: number; status: ServiceStatus }[] | null
  }[],
): Map<number, { status: ServiceStatus; claimedAt: Date }> {
  const claims = new Map<number, { status: ServiceStatus; claimedAt: Date }>()
  for (const update of updates) {
    const at = new Date(update.createdAt)
    for (const entry of update.serviceStatuses ?? []) {
      const current = claims.get(entry.service)
      if (!current || at.getTime() >= current.claimedAt.getTime())
        claims.set(entry.service, { status: entry.status, claimedAt: at })
    }
  }
  return claims
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/**
 * A row of an update's "Set service statuses" names the service it sets, or why not. `stored` is the row's service
 * as stored (undefined: the row is new). Deleting a service empties the rows that named it; such a row stays in the
 * timeline as history and is not asked for a service again, or every later save of its incident (a resolve, a
 * scheduled publication) would be refused.
 */
export function chosenServiceError(service: unknown, stored: unknown): string | null {
  if (!isEmpty(service)) return null
  return stored === null ? null : 'Choose a service'
}
