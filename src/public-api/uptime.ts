/**
 * Uptime per service and UTC day, computed from the history of statuses (src/domain/uptime.ts): the last 90 days of
 * every service in one SQL query over the history rows of the window (about 60,000 rows for 1,000 services), the
 * incidents of the window in another. The result is kept in memory for the current data version and the current
 * minute: a write (which bumps the version) is never missed, and the clock is at most a minute behind. Shorter
 * windows and single services are slices of the same 90 days. A page that chose another window or a shortest
 * outage (src/domain/page-display.ts) gets a table of its own, computed from the same rows (read once for the
 * longest window asked).
 */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import {
  DAY_MS,
  dailyUptime,
  type DayUptime,
  observedSince,
  overlappedDays,
  type StatusChange,
  windowStartFor,
  windowUptime,
} from '@/domain/uptime'
import { countsAsIncident, DEFAULT_DISPLAY, withoutShortOutages } from '@/domain/page-display'
import type { PageScope } from '@/domain/pages'
import { type ContentLanguage, localizedField, readsOtherLanguages } from '@/domain/content-language'
import { DEFAULT_LOCALE } from '@/domain/locales'
import type { ServiceStatus } from '@/domain/statuses'
import { readRows } from '@/db/sql'
import { currentDataVersion } from '@/runtime/data-version'
import { peersUnheard } from '@/runtime/health'
import { sharedPerVersion } from '@/runtime/version-memo'

import { type Loaded, loadServices, timestampOf as instant } from './read-model'
import {
  DAY_LETTERS,
  MAX_UPTIME_DAYS,
  NO_DATA_LETTER,
  type Uptime,
  type UptimeCompact,
  type UptimeQuery,
} from './schemas'

const MINUTE = 60_000

export interface IncidentRef {
  shortId: string
  title: string
}

export interface ServiceUptime {
  /** The service's id: what a page's choices (src/domain/page-display.ts) name. */
  id: number
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
  /** Each incident's title per language, by shortId: what uptimeTable reads another language's names from. */
  titles: Map<string, Titles>
}

/** What a page's table is computed for: its window and its shortest outage counted. */
export interface UptimeOptions {
  days: number
  minIncidentMs: number
}

/** The table the site always had: 90 days, every outage counted. */
const DEFAULT_OPTIONS: UptimeOptions = { days: MAX_UPTIME_DAYS, minIncidentMs: 0 }

/** A page's uptime options (its scope's display; none: the defaults). */
export function uptimeOptions(scope: PageScope | undefined): UptimeOptions {
  const display = scope?.display ?? DEFAULT_DISPLAY
  if (display.uptimeDays === DEFAULT_OPTIONS.days && display.minIncidentMs === 0) return DEFAULT_OPTIONS
  return { days: display.uptimeDays, minIncidentMs: display.minIncidentMs }
}

/** Every history row of the window, by service and time. */
async function historyRows(payload: Payload, windowStart: number): Promise<Map<number, StatusChange[]>> {
  const rows = await readRows<{
    service_id: number
    from_status: ServiceStatus | null
    to_status: ServiceStatus
    at: string | Date
  }>(
    payload,
    sql`SELECT "service_id", "from_status", "to_status", "at" FROM "service_status_changes" WHERE "at" >= ${new Date(windowStart).toISOString()} AND "service_id" IS NOT NULL ORDER BY "service_id", "at", "id"`,
  )
  const byService = new Map<number, StatusChange[]>()
  for (const row of rows) {
    const service = Number(row.service_id)
    let list = byService.get(service)
    if (!list) byService.set(service, (list = []))
    list.push({ at: instant(row.at), from: row.from_status ?? null, to: row.to_status })
  }
  return byService
}

interface WindowIncident {
  ref: IncidentRef
  /** Its title in each language it is written in (docs/languages.md, "Content"). */
  titles: Titles
  services: number[]
  start: number
  end: number | null
}

type Titles = Partial<Record<string, string>>

/** The published incidents still open or resolved within the window. */
const inWindow = (windowStart: number) =>
  sql`(i."draft" IS NULL OR i."draft" = false) AND (i."status" <> 'resolved' OR i."resolved_at" >= ${new Date(windowStart).toISOString()})`

/** The titles of the window's incidents, per incident and language. */
async function windowTitles(payload: Payload, windowStart: number): Promise<Map<number, Titles>> {
  const rows = await readRows<{ id: number; locale: string; title: string | null }>(
    payload,
    sql`SELECT l."_parent_id" AS "id", l."_locale" AS "locale", l."title" FROM "incidents_locales" l
      JOIN "incidents" i ON i."id" = l."_parent_id" WHERE ${inWindow(windowStart)}`,
  )
  const titles = new Map<number, Titles>()
  for (const row of rows) {
    if (row.title === null) continue
    const id = Number(row.id)
    const perLocale = titles.get(id) ?? {}
    perLocale[row.locale] = row.title
    titles.set(id, perLocale)
  }
  return titles
}

/** The incidents whose span reaches into the window, with the services they affect and where they start and end. */
async function windowIncidents(payload: Payload, windowStart: number): Promise<WindowIncident[]> {
  // An incident begins at its first update when that was back-dated before the record (src/site/pages.ts).
  const rows = await readRows<{
    id: number
    short_id: string | null
    status: string
    created_at: string | Date
    resolved_at: string | Date | null
    first_update: string | Date | null
    services_id: number
  }>(
    payload,
    sql`SELECT i."id", i."short_id", i."status", i."created_at", i."resolved_at",
      (SELECT min(u."created_at") FROM "incidents_updates" u WHERE u."_parent_id" = i."id") AS "first_update", r."services_id"
      FROM "incidents" i JOIN "incidents_rels" r ON r."parent_id" = i."id" AND r."path" = 'affectedServices'
      WHERE ${inWindow(windowStart)} AND r."services_id" IS NOT NULL
      ORDER BY i."id"`,
  )
  const titles = await windowTitles(payload, windowStart)
  const byId = new Map<number, WindowIncident>()
  for (const row of rows) {
    const id = Number(row.id)
    let incident = byId.get(id)
    if (!incident) {
      const created = instant(row.created_at)
      const first = row.first_update ? instant(row.first_update) : created
      incident = {
        ref: { shortId: row.short_id ?? '', title: titles.get(id)?.[DEFAULT_LOCALE] ?? '' },
        titles: titles.get(id) ?? {},
        services: [],
        start: Math.min(created, first),
        end: row.status === 'resolved' && row.resolved_at ? instant(row.resolved_at) : null,
      }
      byId.set(id, incident)
    }
    incident.services.push(Number(row.services_id))
  }
  return [...byId.values()]
}

interface Sources {
  /** The window's first day when these were read: rows before it are not among them. */
  windowStart: number
  loaded: Awaited<ReturnType<typeof loadServices>>
  history: Map<number, StatusChange[]>
  incidents: WindowIncident[]
}

/** What the table is computed from: read once per data version (a write changes the version). */
async function readSources(payload: Payload, now: number, days: number): Promise<Sources> {
  // A day earlier than the window needs: a new day can begin before the data version changes again.
  const windowStart = windowStartFor(now, Math.max(days, MAX_UPTIME_DAYS)) - DAY_MS
  const [loaded, history, incidents] = await Promise.all([
    loadServices(payload),
    historyRows(payload, windowStart),
    windowIncidents(payload, windowStart),
  ])
  return { windowStart, loaded, history, incidents }
}

function computeTable(
  { loaded: { groups, services }, history, incidents }: Sources,
  now: number,
  { days, minIncidentMs }: UptimeOptions,
): UptimeTable {
  const windowStart = windowStartFor(now, days)
  const groupById = new Map(groups.map((g) => [g.id, g]))
  const incidentDays = new Map<number, IncidentRef[][]>()
  for (const incident of incidents) {
    if (!countsAsIncident(incident, minIncidentMs)) continue
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
    titles: new Map(incidents.map((incident) => [incident.ref.shortId, incident.titles])),
    services: services.map((s) => {
      const group = groupById.get(typeof s.group === 'object' ? s.group.id : s.group)
      const perDay = incidentDays.get(s.id)
      // Rows read for an earlier window may start before this one: the status at its start is the last of those.
      const rows = withoutShortOutages(history.get(s.id) ?? [], minIncidentMs, now)
      let first = 0
      while (first < rows.length && rows[first].at < windowStart) first++
      const changes = first === 0 ? rows : rows.slice(first)
      const before = first > 0 ? rows[first - 1] : undefined
      const createdAt = instant(s.createdAt)
      const daily = dailyUptime({
        createdAt: before && before.from === null && rows[0] === before ? Math.max(createdAt, before.at) : createdAt,
        currentStatus: s.status,
        // The status at the window's start, as a change at its first instant.
        changes: before ? [{ at: windowStart, from: before.to, to: before.to }, ...changes] : changes,
        windowStart,
        days,
        now,
      })
      return {
        id: s.id,
        slug: s.slug ?? '',
        name: s.name,
        group: { slug: group?.slug ?? '', name: group?.name ?? '' },
        status: s.status,
        days: daily.map((day, index) => Object.assign(day, { incidents: perDay?.[index] ?? NO_INCIDENTS })),
      }
    }),
  }
}

const NO_INCIDENTS: IncidentRef[] = Object.freeze([]) as unknown as IncidentRef[]

let sourcesMemo: { version: number; sources: Promise<Sources> } | null = null

function sourcesFor(payload: Payload, now: number, days: number): Promise<Sources> {
  const version = currentDataVersion()
  if (sourcesMemo?.version === version) {
    const memo = sourcesMemo
    // Read for a window that has since moved on by more than the spare day, or a shorter one: read again.
    return memo.sources.then((sources) =>
      sources.windowStart <= windowStartFor(now, Math.max(days, MAX_UPTIME_DAYS))
        ? sources
        : forget(memo, payload, now, days),
    )
  }
  return remember(payload, now, version, days)
}

function remember(payload: Payload, now: number, version: number, days: number): Promise<Sources> {
  const sources = readSources(payload, now, days)
  const memo = { version, sources }
  sourcesMemo = memo
  // A failure is not remembered: the next request tries again.
  sources.catch(() => {
    if (sourcesMemo === memo) sourcesMemo = null
  })
  return sources
}

function forget(memo: NonNullable<typeof sourcesMemo>, payload: Payload, now: number, days: number): Promise<Sources> {
  if (sourcesMemo === memo) sourcesMemo = null
  return remember(payload, now, memo.version, days)
}

/**
 * The table of a minute of a data version for some options, computed once (the first caller of that minute
 * computes, the others share); each set of options pages chose has its own, so pages do not take turns emptying it.
 */
const sharedTables = new Map<string, (payload: Payload, now: Date) => Promise<UptimeTable>>()

function sharedTable(payload: Payload, now: Date, options: UptimeOptions): Promise<UptimeTable> {
  const key = `${options.days}:${options.minIncidentMs}`
  let shared = sharedTables.get(key)
  if (!shared) {
    shared = sharedPerVersion(
      (_payload: Payload, at: Date) => `${currentDataVersion()}:${Math.floor(at.getTime() / MINUTE)}`,
      (from: Payload, at: Date) =>
        sourcesFor(from, at.getTime(), options.days).then((sources) => computeTable(sources, at.getTime(), options)),
    )
    // Pages choose among a handful of windows and lengths; a bound keeps a stream of edits from growing it for ever.
    if (sharedTables.size > 64) sharedTables.clear()
    sharedTables.set(key, shared)
  }
  return shared(payload, now)
}

/**
 * The uptime of every service over the page's window (90 days unless it chose another), as of `now` (at most a minute
 * earlier), never before the last write: the database is read once per data version, the days computed from it once
 * per minute. Its names and incident titles in the content's language (docs/languages.md, "Content"); the default
 * language's without one.
 */
export async function uptimeTable(
  payload: Payload,
  now: Date,
  language?: ContentLanguage,
  options: UptimeOptions = DEFAULT_OPTIONS,
): Promise<UptimeTable> {
  // While peers' writes go unheard (src/runtime/health.ts), the memos may be behind one of them: read afresh.
  const table = peersUnheard()
    ? await readSources(payload, now.getTime(), options.days).then((sources) =>
        computeTable(sources, now.getTime(), options),
      )
    : await sharedTable(payload, now, options)
  if (!readsOtherLanguages(language)) return table
  const key = `${language.reader}/${language.pageDefault}`
  let inLanguages = translatedTables.get(table)
  if (!inLanguages) translatedTables.set(table, (inLanguages = new Map()))
  let translated = inLanguages.get(key)
  if (!translated) inLanguages.set(key, (translated = tableIn(table, await loadServices(payload, language), language)))
  return translated
}

/** A table's translations, made once per table (a minute of a data version) and language. */
const translatedTables = new WeakMap<UptimeTable, Map<string, UptimeTable>>()

/** The table with the services', groups' and incidents' texts of a language (each falling back as the pages do). */
function tableIn(table: UptimeTable, loaded: Loaded, language: ContentLanguage): UptimeTable {
  const names = new Map(loaded.services.map((s) => [s.slug ?? '', s.name]))
  const groupNames = new Map(loaded.groups.map((g) => [g.slug ?? '', g.name]))
  const refs = new Map<string, IncidentRef>()
  const refIn = (ref: IncidentRef): IncidentRef => {
    let made = refs.get(ref.shortId)
    if (!made) {
      made = { shortId: ref.shortId, title: localizedField(table.titles.get(ref.shortId), language, null, ref.title) }
      refs.set(ref.shortId, made)
    }
    return made
  }
  return {
    ...table,
    services: table.services.map((s) => ({
      ...s,
      name: names.get(s.slug) ?? s.name,
      group: { slug: s.group.slug, name: groupNames.get(s.group.slug) ?? s.group.name },
      days: s.days.map((day) => (day.incidents.length === 0 ? day : { ...day, incidents: day.incidents.map(refIn) })),
    })),
  }
}

/**
 * The services of a table whose bars a page shows, by slug: those it did not choose to show without uptime
 * (Statuspage's `showcase: false`).
 */
export function barsShown(services: ServiceUptime[], scope: PageScope): Map<string, ServiceUptime> {
  const hidden = scope.display?.withoutUptime
  return new Map(services.flatMap((s) => (hidden?.has(s.id) ? [] : [[s.slug, s] as const])))
}

/** The last `days` days of a service (oldest first). */
export function lastDays(service: ServiceUptime, days: number): ServiceUptime['days'] {
  return service.days.slice(service.days.length - days)
}

/**
 * The uptime of several services together over their last `days` days (a group's or a page's badge): their observed
 * and down seconds added up by the one rule of windowUptime, so a service observed longer weighs more. For one service
 * it is its `uptimePercent` in GET /api/v1/uptime; null when none of them was observed.
 */
export function combinedUptime(services: ServiceUptime[], days: number): number | null {
  return windowUptime(services.flatMap((s) => lastDays(s, days)))
}

/**
 * When what these services show next changes by itself: the next minute while some of them have downtime in the
 * window or a status other than operational (its seconds grow), else the next UTC day (a new bar).
 */
export function uptimeChangesAt(services: ServiceUptime[], days: number, now: Date): Date {
  const moving = services.some(
    (s) => s.status !== 'operational' || lastDays(s, days).some((d) => d.seconds.major > 0 || d.seconds.partial > 0),
  )
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
      observedSince: observedSince(window),
      days: window.map((d) => ({
        date: d.date,
        uptimePercent: d.uptimePercent,
        seconds: d.seconds,
        incidents: d.incidents,
      })),
    }
  })
}

/** The services a query names (`service`, `group`), in the table's order; `missing`: named slugs that do not exist. */
export function selectUptime(
  services: ServiceUptime[],
  query: Pick<UptimeQuery, 'service' | 'group'>,
): { selected: ServiceUptime[]; missing: string[] } {
  let selected = services
  let missing: string[] = []
  if (query.service) {
    const named = new Set(query.service)
    selected = selected.filter((s) => named.has(s.slug))
    const found = new Set(services.map((s) => s.slug))
    missing = [...named].filter((slug) => !found.has(slug))
  }
  if (query.group !== undefined) selected = selected.filter((s) => s.group.slug === query.group)
  return { selected, missing }
}

/** The compact shape of GET /api/v1/uptime?format=compact: what bars need, in a letter per day and sparse maps. */
export function toCompactUptime(services: ServiceUptime[], days: number): UptimeCompact[] {
  return services.map((s) => {
    const window = lastDays(s, days)
    let worst = ''
    const uptime: UptimeCompact['uptime'] = {}
    // An incident is on consecutive days (it is open from its start to its end): its first and last day.
    const spans = new Map<string, [string, number, number]>()
    window.forEach((d, index) => {
      worst += d.worst === null ? NO_DATA_LETTER : DAY_LETTERS[d.worst]
      if (d.uptimePercent !== null && d.uptimePercent < 100) uptime[index] = d.uptimePercent
      for (const incident of d.incidents) {
        const span = spans.get(incident.shortId)
        if (span) span[2] = index
        else spans.set(incident.shortId, [incident.shortId, index, index])
      }
    })
    return {
      slug: s.slug,
      name: s.name,
      group: s.group,
      uptimePercent: windowUptime(window),
      observedSince: observedSince(window),
      firstDate: window[0]?.date ?? '',
      worst,
      uptime,
      incidents: [...spans.values()],
    }
  })
}
