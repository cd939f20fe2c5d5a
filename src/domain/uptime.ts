/**
 * Uptime from the history of a service's statuses, weighted as Statuspage weighs it (what its users expect):
 * per UTC day, the seconds spent in each non-operational status while the service existed; downtime is the seconds
 * of `major` plus 0.3 × those of `partial` (degraded and maintenance are up); uptime is
 * 100 × (1 − downtime ÷ observed), where observed is the part of the day that has passed while the service existed
 * (and its history was kept). A day with nothing observed has no uptime (null), never 100 nor 0.
 */
import { severity } from './overall-status'
import type { ServiceStatus } from './statuses'

export const DAY_MS = 24 * 60 * 60 * 1000
/** Statuspage's weight of a partial outage. */
export const PARTIAL_WEIGHT = 0.3

export const COUNTED_STATUSES = ['degraded', 'partial', 'major', 'maintenance'] as const
export type CountedStatus = (typeof COUNTED_STATUSES)[number]
export type StatusSeconds = Record<CountedStatus, number>

/** One row of the history: the service went from `from` (null: the history starts here) to `to` at `at` (ms). */
export interface StatusChange {
  at: number
  from: ServiceStatus | null
  to: ServiceStatus
}

export interface UptimeInput {
  /** When the service was created (ms). */
  createdAt: number
  /** Its status now: the status of the whole window when the window holds no change. */
  currentStatus: ServiceStatus
  /** The changes at or after `windowStart`, oldest first (the status before the first is its `from`). */
  changes: StatusChange[]
  /** UTC midnight of the first day (ms). */
  windowStart: number
  days: number
  now: number
}

export interface DayUptime {
  /** YYYY-MM-DD (UTC). */
  date: string
  /** Seconds of the day that have passed while the service existed. */
  observed: number
  seconds: StatusSeconds
  /** null: nothing of the day was observed. */
  uptimePercent: number | null
  /** The worst status the service had during the observed part of the day; null when nothing was observed. */
  worst: ServiceStatus | null
}

const zeroSeconds = (): StatusSeconds => ({ degraded: 0, partial: 0, major: 0, maintenance: 0 })

/** UTC midnight of the day `days - 1` days before the day of `now`: the first day of a window ending today. */
export function windowStartFor(now: number, days: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS
}

// A page computes the same 90 dates for every one of its services.
const isoDates = new Map<number, string>()

export function isoDate(ms: number): string {
  let date = isoDates.get(ms)
  if (date === undefined) {
    date = new Date(ms).toISOString().slice(0, 10)
    if (isoDates.size > 10_000) isoDates.clear()
    isoDates.set(ms, date)
  }
  return date
}

/** 100 × (1 − (major + 0.3 × partial) ÷ observed), to 4 decimals; null when nothing was observed. */
export function uptimePercent(seconds: Pick<StatusSeconds, 'major' | 'partial'>, observed: number): number | null {
  if (observed <= 0) return null
  const downtime = seconds.major + PARTIAL_WEIGHT * seconds.partial
  const percent = 100 * (1 - Math.min(downtime, observed) / observed)
  return Math.round(percent * 10_000) / 10_000
}

/** The uptime over several days: their seconds and observed time added up. */
export function windowUptime(days: Pick<DayUptime, 'seconds' | 'observed'>[]): number | null {
  let observed = 0
  let major = 0
  let partial = 0
  for (const day of days) {
    observed += day.observed
    major += day.seconds.major
    partial += day.seconds.partial
  }
  return uptimePercent({ major, partial }, observed)
}

/**
 * The first day of `days` on which the service was observed (YYYY-MM-DD), or null: the uptime of a window is over
 * the observed time only, so a service ten minutes old has its uptime "since" that day, not "over 90 days".
 */
export function observedSince(days: Pick<DayUptime, 'date' | 'observed'>[]): string | null {
  for (const day of days) if (day.observed > 0) return day.date
  return null
}

/**
 * When the history of the service begins: its creation, or the first row of a history that starts after it (a
 * database older than the history starts it at its migration, from the statuses then; before that nothing is known).
 */
function trackedFrom(input: UptimeInput): number {
  const first = input.changes[0]
  return first && first.from === null ? Math.max(input.createdAt, first.at) : input.createdAt
}

/** Per day of the window, oldest first: the seconds in each status, the observed seconds, uptime and the worst status. */
export function dailyUptime(input: UptimeInput): DayUptime[] {
  const { windowStart, days, now } = input
  const windowEnd = windowStart + days * DAY_MS
  const start = Math.max(windowStart, trackedFrom(input))
  const end = Math.min(now, windowEnd)
  const ms = Array.from({ length: days }, zeroSeconds)
  const observedMs: number[] = new Array(days).fill(0)
  const worst: (ServiceStatus | null)[] = new Array(days).fill(null)

  const mark = (status: ServiceStatus, from: number, to: number) => {
    // Every day the status touched, even for an instant, counts it for its worst; its seconds go to the days it spans.
    const firstDay = Math.floor((from - windowStart) / DAY_MS)
    const lastDay = Math.min(days - 1, Math.floor((Math.max(from, to - 1) - windowStart) / DAY_MS))
    for (let day = Math.max(0, firstDay); day <= lastDay; day++) {
      const dayStart = windowStart + day * DAY_MS
      const length = Math.min(to, dayStart + DAY_MS) - Math.max(from, dayStart)
      const current = worst[day]
      if (current === null || severity(status) > severity(current)) worst[day] = status
      if (length <= 0) continue
      observedMs[day] += length
      if (status !== 'operational') ms[day][status] += length
    }
  }

  if (end >= start) {
    const first = input.changes[0]
    let status: ServiceStatus = first ? (first.from ?? first.to) : input.currentStatus
    let since = start
    for (const change of input.changes) {
      const at = Math.min(Math.max(change.at, start), end)
      if (at > since) {
        mark(status, since, at)
        since = at
      }
      status = change.to
    }
    // The status at `end` holds at that instant even when no time has passed in it yet.
    mark(status, since, Math.max(since, end))
  }

  const result: DayUptime[] = new Array(days)
  for (let day = 0; day < days; day++) {
    const seconds = ms[day]
    // In place: 90 days × 1,000 services is a lot of small objects.
    seconds.degraded = Math.round(seconds.degraded / 1000)
    seconds.partial = Math.round(seconds.partial / 1000)
    seconds.major = Math.round(seconds.major / 1000)
    seconds.maintenance = Math.round(seconds.maintenance / 1000)
    const observed = Math.round(observedMs[day] / 1000)
    result[day] = {
      date: isoDate(windowStart + day * DAY_MS),
      observed,
      seconds,
      uptimePercent: uptimePercent(seconds, observed),
      worst: observed > 0 ? worst[day] : null,
    }
  }
  return result
}

/**
 * The days of the window (indexes, oldest first) that an incident's span overlaps: from its start to its
 * resolution, or to now while it is open.
 */
export function overlappedDays(
  span: { start: number; end: number | null },
  windowStart: number,
  days: number,
  now: number,
): number[] {
  const end = Math.min(span.end ?? now, now)
  if (end < span.start) return []
  const first = Math.max(0, Math.floor((span.start - windowStart) / DAY_MS))
  const last = Math.min(days - 1, Math.floor((end - windowStart) / DAY_MS))
  const found: number[] = []
  for (let day = first; day <= last; day++) found.push(day)
  return found
}
