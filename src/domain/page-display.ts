/**
 * How a page shows uptime and quiet services (docs/pages.md, "Uptime and quiet services"): the window of its bars and
 * of /api/v1/uptime, the services without bars, the groups and services shown only while not operational, and the
 * shortest outage that counts against uptime (Better Stack's `min_incident_length`). The defaults are the site as it
 * was before pages chose: 90 days, every service with bars, everything shown, every outage counted.
 */
import type { ServiceStatus } from './statuses'
import type { StatusChange } from './uptime'

export const UPTIME_WINDOWS = ['30', '60', '90', '180', '365'] as const
export const DEFAULT_UPTIME_WINDOW = 90
/** The longest outage a page may leave uncounted, in minutes: a day. */
export const MAX_MIN_INCIDENT_MINUTES = 1440

export interface PageDisplay {
  /** Days of the bars and of /api/v1/uptime's window. */
  uptimeDays: number
  /** Outages (and resolved incidents) shorter than this, in ms, count for nothing on the bars and in the uptime. */
  minIncidentMs: number
  /** Services shown without bars and percentage (Statuspage's `showcase: false`). */
  withoutUptime: ReadonlySet<number>
  /** Services and groups left out of the page while operational (Statuspage's `only_show_if_degraded`). */
  onlyWhenNotOperational: { services: ReadonlySet<number>; groups: ReadonlySet<number> }
}

export const DEFAULT_DISPLAY: PageDisplay = Object.freeze({
  uptimeDays: DEFAULT_UPTIME_WINDOW,
  minIncidentMs: 0,
  withoutUptime: new Set<number>(),
  onlyWhenNotOperational: { services: new Set<number>(), groups: new Set<number>() },
})

/** The page's choice as stored (a select's value and a number of minutes), made safe: anything else is the default. */
export function uptimeDaysOf(value: unknown): number {
  return typeof value === 'string' && (UPTIME_WINDOWS as readonly string[]).includes(value)
    ? Number(value)
    : DEFAULT_UPTIME_WINDOW
}

export function minIncidentMsOf(minutes: unknown): number {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return 0
  return Math.round(Math.min(minutes, MAX_MIN_INCIDENT_MINUTES) * 60_000)
}

/** An outage: a status that lowers uptime or colours a bar as trouble. Maintenance is planned, never an outage. */
const isOutage = (status: ServiceStatus) => status === 'degraded' || status === 'partial' || status === 'major'

/**
 * The history with every outage shorter than `minMs` taken out: its stretch (from leaving a calm status until going
 * back to one, through any outage statuses) reads as the calm status before it. An outage still going on counts once
 * it has lasted `minMs` (from its start); one that began before the first row (its start unknown) always counts.
 */
export function withoutShortOutages(changes: StatusChange[], minMs: number, now: number): StatusChange[] {
  if (minMs <= 0 || changes.length === 0) return changes
  const result = changes.slice()
  const first = changes[0]
  // The calm status an outage reads as when it is taken out; null while in an outage whose start is not known. A
  // history that starts with its first row (from: null) was calm, as a service is before anything happens to it.
  let calm: ServiceStatus | null = first.from === null ? 'operational' : isOutage(first.from) ? null : first.from
  // The index of the change that began the current outage; -1: none, or one whose start is not known.
  let began = -1
  const smooth = (from: number, to: number, status: ServiceStatus) => {
    for (let i = from; i < to; i++) result[i] = { ...result[i], to: status }
  }
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]
    if (isOutage(change.to)) {
      if (began === -1 && calm !== null) began = i
      continue
    }
    if (began !== -1 && calm !== null && change.at - changes[began].at < minMs) smooth(began, i, calm)
    began = -1
    calm = change.to
  }
  if (began !== -1 && calm !== null && now - changes[began].at < minMs) smooth(began, changes.length, calm)
  return result
}

/** Whether an incident spanning `start` to `end` (null: still open) is long enough to show on the bars. */
export function countsAsIncident(span: { start: number; end: number | null }, minMs: number): boolean {
  return minMs <= 0 || span.end === null || span.end - span.start >= minMs
}

interface ShownService {
  id: number
  status: ServiceStatus
}

/**
 * The groups and services a page lists now: one shown only while not operational is left out while it is; a group
 * whose every service was left out this way goes too (an empty heading says nothing). A group that had no services
 * stays as it was.
 */
export function visibleNow<S extends ShownService, G extends { id: number; status: ServiceStatus; services: S[] }>(
  groups: G[],
  display: PageDisplay,
): G[] {
  const { services: quietServices, groups: quietGroups } = display.onlyWhenNotOperational
  if (quietServices.size === 0 && quietGroups.size === 0) return groups
  return groups.flatMap((group) => {
    if (quietGroups.has(group.id) && group.status === 'operational') return []
    const services = group.services.filter((s) => !(quietServices.has(s.id) && s.status === 'operational'))
    if (services.length === group.services.length) return [group]
    return services.length === 0 ? [] : [{ ...group, services }]
  })
}
