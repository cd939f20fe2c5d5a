/**
 * Uptime per service and UTC day, computed from the history of statuses (src/domain/uptime.ts): the last 90 days of
 * every service in one SQL query over the history rows of the window (about 60,000 rows for 1,000 services), the
 * incidents of the window in another. The result is kept in memory for the current data version and the current
 * minute: a write (which bumps the version) is never missed, and the clock is at most a minute behind. Shorter
 * windows and single services are slices of the same 90 days.
 */
import { and, asc, gte, isNotNull } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { DAY_MS, dailyUptime, type DayUptime, overlappedDays, type StatusChange, windowStartFor, windowUptime } from '../domain/uptime'
import type { ServiceStatus } from '../domain/statuses'
import { currentDataVersion } from '../edge/data-version'
import { tableOf } from '../notify/sql'

import { loadServices } from './read-model'
import { MAX_UPTIME_DAYS, type Uptime } from './schemas'

const MINUTE = 60_000

export interface IncidentRef {
  shortId: string
  title: string
}

export interface ServiceUptime {
  slug: string
  name: string
  group: { slug: string; name: string }
  status: ServiceStatus
  /** The last MAX_UPTIME_DAYS days, oldest first, ending today. */
  days: (DayUptime & { incidents: IncidentRef[] })[]
}

export interface UptimeTable {
  /** The instant it was computed for. */
  now: number
  services: ServiceUptime[]
}

/** Timestamps as either adapter returns them: ISO from SQLite, `2026-03-01 10:00:00.123+00` from PostgreSQL. */
function instant(value: string | Date): number {
  if (value instanceof Date) return value.getTime()
  const direct = Date.parse(value)
  if (!Number.isNaN(direct)) return direct
  return Date.parse(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))
}

interface HistoryRow {
  service: number
  from: ServiceStatus | null
  to: ServiceStatus
  at: string | Date
}

/** Every history row of the window, by service and time. */
async function historyRows(payload: Payload, windowStart: number): Promise<Map<number, StatusChange[]>> {
  const table = tableOf(payload, 'service_status_changes')
  const db = (payload.db as unknown as { drizzle: any }).drizzle // eslint-disable-line @typescript-eslint/no-explicit-any
  const rows: HistoryRow[] = await db
    .select({ service: table.service, from: table.fromStatus, to: table.toStatus, at: table.at })
    .from(table)
    .where(and(gte(table.at, new Date(windowStart).toISOString()), isNotNull(table.service)))
    .orderBy(asc(table.service), asc(table.at), asc(table.id))
  const byService = new Map<number, StatusChange[]>()
  for (const row of rows) {
    let list = byService.get(row.service)
    if (!list) byService.set(row.service, (list = []))
    list.push({ at: instant(row.at), from: row.from ?? null, to: row.to })
  }
  return byService
}

/** The incidents whose span reaches into the window, with the services they affect and where they start and end. */
async function windowIncidents(payload: Payload, windowStart: number) {
  const found = await payload.find({
    collection: 'incidents',
    where: { or: [{ status: { not_equals: 'resolved' } }, { resolvedAt: { greater_than_equal: new Date(windowStart).toISOString() } }] },
    sort: ['createdAt', 'id'],
    pagination: false,
    depth: 0,
    select: { shortId: true, title: true, status: true, affectedServices: true, createdAt: true, resolvedAt: true, updates: { createdAt: true } },
  })
  return found.docs.map((doc) => {
    // An incident begins at its first update when that was back-dated before the record (src/site/pages.ts).
    const starts = [instant(doc.createdAt), ...(doc.updates ?? []).flatMap((u) => (u.createdAt ? [instant(u.createdAt)] : []))]
    return {
      ref: { shortId: doc.shortId ?? '', title: doc.title },
      services: (doc.affectedServices ?? []).map((s) => (typeof s === 'object' ? s.id : s)),
      start: Math.min(...starts),
      end: doc.status === 'resolved' && doc.resolvedAt ? instant(doc.resolvedAt) : null,
    }
  })
}

async function computeTable(payload: Payload, now: number): Promise<UptimeTable> {
  const days = MAX_UPTIME_DAYS
  const windowStart = windowStartFor(now, days)
  const [{ groups, services }, history, incidents] = await Promise.all([loadServices(payload), historyRows(payload, windowStart), windowIncidents(payload, windowStart)])
  const groupById = new Map(groups.map((g) => [g.id, g]))
  const incidentDays = new Map<number, IncidentRef[][]>()
  for (const incident of [...incidents].sort((a, b) => a.start - b.start)) {
    const overlapped = overlappedDays(incident, windowStart, days, now)
    if (overlapped.length === 0) continue
    for (const id of incident.services) {
      let perDay = incidentDays.get(id)
      if (!perDay) incidentDays.set(id, (perDay = Array.from({ length: days }, () => [])))
      for (const day of overlapped) perDay[day].push(incident.ref)
    }
  }
  return {
    now,
    services: services.map((s) => {
      const group = groupById.get(typeof s.group === 'object' ? s.group.id : s.group)
      const perDay = incidentDays.get(s.id)
      const daily = dailyUptime({ createdAt: instant(s.createdAt), currentStatus: s.status, changes: history.get(s.id) ?? [], windowStart, days, now })
      return {
        slug: s.slug ?? '',
        name: s.name,
        group: { slug: group?.slug ?? '', name: group?.name ?? '' },
        status: s.status,
        days: daily.map((day, index) => ({ ...day, incidents: perDay?.[index] ?? [] })),
      }
    }),
  }
}

interface Memo {
  key: string
  table: Promise<UptimeTable>
}
let memo: Memo | null = null

/** The uptime of every service over the last 90 days, as of `now` (at most a minute earlier), never before the last write. */
export function uptimeTable(payload: Payload, now: Date): Promise<UptimeTable> {
  const key = `${currentDataVersion()}:${Math.floor(now.getTime() / MINUTE)}`
  if (memo?.key === key) return memo.table
  const table = computeTable(payload, now.getTime())
  memo = { key, table }
  // A failure is not remembered: the next request tries again.
  table.catch(() => {
    if (memo?.table === table) memo = null
  })
  return table
}

/** The last `days` days of a service (oldest first). */
export function lastDays(service: ServiceUptime, days: number): ServiceUptime['days'] {
  return service.days.slice(service.days.length - days)
}

/**
 * When what these services show next changes by itself: the next minute while some of them have downtime in the
 * window or a status other than operational (its seconds grow), else the next UTC day (a new bar).
 */
export function uptimeChangesAt(services: ServiceUptime[], days: number, now: Date): Date {
  const moving = services.some((s) => s.status !== 'operational' || lastDays(s, days).some((d) => d.seconds.major > 0 || d.seconds.partial > 0))
  const time = now.getTime()
  return new Date(moving ? Math.floor(time / MINUTE) * MINUTE + MINUTE : Math.floor(time / DAY_MS) * DAY_MS + DAY_MS)
}

/** The public shape of GET /api/v1/uptime for these services. */
export function toUptime(services: ServiceUptime[], days: number): Uptime[] {
  return services.map((s) => {
    const window = lastDays(s, days)
    return {
      slug: s.slug,
      name: s.name,
      group: s.group,
      uptimePercent: windowUptime(window),
      days: window.map((d) => ({ date: d.date, uptimePercent: d.uptimePercent, seconds: d.seconds, incidents: d.incidents })),
    }
  })
}
