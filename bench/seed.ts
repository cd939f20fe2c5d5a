/**
 * The benchmark's data set, written straight into the tables the migrations created (Payload's Local API runs hooks
 * and a short-id lookup per document: far too slow for 100,000 incidents).
 *
 *   DATABASE_URL=file:./bench/results/sqlite/bench.db PAYLOAD_SECRET=… \
 *     node --conditions=production --import tsx bench/seed.ts [--fresh]
 *
 * (`--conditions=production`: see the comment in scripts/create-user.ts.)
 *
 * --fresh first deletes the SQLite file, or drops and recreates the PostgreSQL database. Without it the database
 * must not hold any service, incident or maintenance yet. Getting Payload once runs the migrations (onInit).
 *
 * What the hooks would enforce is computed with the same domain functions the hooks call: an incident's status and
 * resolvedAt come from deriveIncidentState (the newest update decides), a maintenance's status and stamps from
 * deriveMaintenanceState, its duration from durationToStore, short ids from generateShortId (kept unique per
 * collection), slugs from toSlug (kept unique). The data is pseudo-random from a fixed seed, so both databases get
 * the same rows.
 *
 * Sizes (environment): BENCH_GROUPS=50, BENCH_SERVICES=1000, BENCH_INCIDENTS=100000, BENCH_MAINTENANCES=5000,
 * BENCH_UNRESOLVED=0.0001 (share of incidents whose newest update is not "resolved": about 10 ongoing, as during a
 * real outage), BENCH_UPCOMING=10 (maintenances still to come); BENCH_SERVICE_PROBLEMS=k: only the first k services
 * are not operational (unset: about 6% at random).
 *
 * The last line of output is `SEED_RESULT {json}` with counts and timings, for bench/run.mjs.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import type { Client as LibsqlClient, InStatement } from '@libsql/client'
import pg from 'pg'
import { getPayload } from 'payload'

import { dialectOf } from '../src/config/database'
import { durationToStore } from '../src/domain/duration'
import { deriveIncidentState } from '../src/domain/incident-status'
import { deriveMaintenanceState } from '../src/domain/maintenance-lifecycle'
import { generateShortId } from '../src/domain/short-id'
import { toSlug } from '../src/domain/slug'
import type { IncidentStatus, MaintenanceStatus, ServiceStatus } from '../src/domain/statuses'

import { freshDatabase } from './fresh-database'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const sizeFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`)
  return value
}

const SIZES = {
  groups: sizeFromEnv('BENCH_GROUPS', 50),
  services: sizeFromEnv('BENCH_SERVICES', 1000),
  incidents: sizeFromEnv('BENCH_INCIDENTS', 100_000),
  maintenances: sizeFromEnv('BENCH_MAINTENANCES', 5000),
  unresolved: sizeFromEnv('BENCH_UNRESOLVED', 0.0001),
  upcoming: sizeFromEnv('BENCH_UPCOMING', 10),
}
// BENCH_SERVICE_PROBLEMS=k: exactly the first k services (one in each of the first k groups) have a problem, the rest
// are operational; unset, about 6% have one, at random (SERVICE_STATUS_MIX), so most groups of 20 have a problem.
const SERVICE_PROBLEMS =
  process.env.BENCH_SERVICE_PROBLEMS === undefined ? null : sizeFromEnv('BENCH_SERVICE_PROBLEMS', 0)

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(20261122)
const int = (max: number) => Math.floor(random() * max)
const between = (min: number, max: number) => min + int(max - min + 1)
const pick = <T>(items: readonly T[]): T => items[int(items.length)]
function pickDistinct<T>(items: readonly T[], count: number): T[] {
  const chosen = new Set<T>()
  while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items))
  return [...chosen]
}

function uniqueShortIds(count: number): string[] {
  const ids = new Set<string>()
  while (ids.size < count) ids.add(generateShortId(int))
  return [...ids]
}

/** Array-row ids like Payload's (24 hex characters, ObjectId-shaped), unique within the run. */
let rowCounter = 0
const rowPrefix = Math.floor(Date.now() / 1000)
  .toString(16)
  .padStart(8, '0')
const rowId = () => rowPrefix + (rowCounter++).toString(16).padStart(16, '0')

// ---------------------------------------------------------------------------------------------------------------
// The data set, as plain rows (column name → value); timestamps as ISO strings

type Row = Record<string, string | number | boolean | null>

const WORDS = [
  'api',
  'web',
  'edge',
  'auth',
  'billing',
  'search',
  'storage',
  'queue',
  'mail',
  'sms',
  'dns',
  'cdn',
  'db',
  'cache',
  'jobs',
  'reports',
  'payments',
  'sync',
  'upload',
  'export',
]
const REGIONS = [
  'EU West',
  'EU Central',
  'US East',
  'US West',
  'AP South',
  'AP Northeast',
  'SA East',
  'AF South',
  'ME Central',
  'CA Central',
]
const PROBLEMS = [
  'Elevated error rates',
  'Increased latency',
  'Partial outage',
  'Degraded performance',
  'Connectivity issues',
  'Delayed processing',
  'Login failures',
  'Timeouts',
]
const MESSAGES: Record<IncidentStatus, string[]> = {
  investigating: [
    'We are investigating reports of errors affecting a subset of requests. More information will follow shortly.',
    'Some customers are seeing failed requests. Our engineers are looking into it.',
    'We are aware of elevated response times and are investigating the cause.',
  ],
  identified: [
    'The cause has been identified as a faulty configuration change, and a fix is being rolled out now.',
    'We have identified an overloaded database node and are moving traffic away from it.',
    'An upstream provider outage is the cause; we are failing over to the secondary provider.',
  ],
  monitoring: [
    'A fix has been deployed and error rates are back to normal. We are monitoring the results.',
    'Traffic has been rerouted and latency has recovered; we continue to watch the system closely.',
  ],
  resolved: [
    'This incident has been resolved. We apologise for the inconvenience and will publish a post-mortem.',
    'All systems are operating normally again. Thank you for your patience.',
  ],
}
const SERVICE_STATUS_MIX: ServiceStatus[] = [
  ...Array<ServiceStatus>(94).fill('operational'),
  'degraded',
  'degraded',
  'partial',
  'major',
  'maintenance',
  'maintenance',
]
const PROBLEM_STATUSES: ServiceStatus[] = ['degraded', 'partial', 'major', 'maintenance']

/** A service's status: from the mix (drawn either way, so the rest of the data stays the same), or BENCH_SERVICE_PROBLEMS's. */
function serviceStatus(s: number): ServiceStatus {
  const drawn = pick(SERVICE_STATUS_MIX)
  if (SERVICE_PROBLEMS === null) return drawn
  return s <= SERVICE_PROBLEMS ? PROBLEM_STATUSES[(s - 1) % PROBLEM_STATUSES.length] : 'operational'
}

function lexicalParagraph(text: string) {
  const textNode = { type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }
  const paragraph = {
    type: 'paragraph',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    textFormat: 0,
    textStyle: '',
    children: [textNode],
  }
  return { root: { type: 'root', format: '', indent: 0, version: 1, direction: 'ltr', children: [paragraph] } }
}

interface DataSet {
  service_groups: Row[]
  services: Row[]
  incidents: Row[]
  incidents_updates: Row[]
  incidents_rels: Row[]
  maintenances: Row[]
  maintenances_updates: Row[]
  maintenances_rels: Row[]
  unresolved: number
  maintenanceStatuses: Record<string, number>
}

function buildDataSet(now: Date): DataSet {
  const set: DataSet = {
    service_groups: [],
    services: [],
    incidents: [],
    incidents_updates: [],
    incidents_rels: [],
    maintenances: [],
    maintenances_updates: [],
    maintenances_rels: [],
    unresolved: 0,
    maintenanceStatuses: {},
  }
  const created = new Date(now.getTime() - 4 * 365 * DAY).toISOString()
  const groupSlugs = new Set<string>()
  for (let g = 1; g <= SIZES.groups; g++) {
    const name = `${REGIONS[(g - 1) % REGIONS.length]} ${Math.ceil(g / REGIONS.length)}`
    const slug = toSlug(name)
    if (groupSlugs.has(slug)) throw new Error(`duplicate group slug ${slug}`)
    groupSlugs.add(slug)
    set.service_groups.push({
      id: g,
      name,
      slug,
      description: `Services hosted in ${name}.`,
      display_order: g,
      updated_at: created,
      created_at: created,
    })
  }
  const serviceSlugs = new Set<string>()
  const serviceIds: number[] = []
  for (let s = 1; s <= SIZES.services; s++) {
    const group = ((s - 1) % Math.max(1, SIZES.groups)) + 1
    const name = `${WORDS[(s - 1) % WORDS.length].toUpperCase()} ${s} (${set.service_groups[group - 1]?.name ?? 'Global'})`
    const slug = toSlug(name)
    if (serviceSlugs.has(slug)) throw new Error(`duplicate service slug ${slug}`)
    serviceSlugs.add(slug)
    serviceIds.push(s)
    set.services.push({
      id: s,
      name,
      slug,
      description: s % 3 === 0 ? null : `The ${name} service.`,
      group_id: group,
      status: serviceStatus(s),
      display_order: Math.floor((s - 1) / Math.max(1, SIZES.groups)),
      updated_at: created,
      created_at: created,
    })
  }

  // Incidents over the last three years, in creation order (ids follow time, as they do in a live system).
  const incidentIds = uniqueShortIds(SIZES.incidents)
  const span = 3 * 365 * DAY
  const start = now.getTime() - span - 2 * DAY
  const nonResolved: IncidentStatus[] = ['investigating', 'identified', 'monitoring']
  const anyStatus: IncidentStatus[] = [...nonResolved, 'resolved']
  for (let i = 1; i <= SIZES.incidents; i++) {
    const createdAt = Math.floor(
      start + (span * (i - 1)) / Math.max(1, SIZES.incidents) + random() * (span / Math.max(1, SIZES.incidents)),
    )
    const count = between(3, 5)
    const open = random() < SIZES.unresolved
    const updates: { id: string; status: IncidentStatus; message: string; createdAt: string; at: number }[] = []
    let at = createdAt
    for (let u = 0; u < count; u++) {
      const last = u === count - 1
      // Earlier updates: any status (a "resolved" followed by more updates is a reopened incident).
      const status: IncidentStatus = last
        ? open
          ? pick(nonResolved)
          : 'resolved'
        : u === 0
          ? 'investigating'
          : pick(anyStatus)
      updates.push({ id: rowId(), status, message: pick(MESSAGES[status]), createdAt: new Date(at).toISOString(), at })
      at += between(2, 240) * MINUTE
    }
    // One in twenty timelines is stored out of chronological order (a backdated update): the newest by time decides.
    if (i % 20 === 0) updates.reverse()
    const derived = deriveIncidentState(updates)
    if (!derived) throw new Error('an incident without updates')
    if (derived.status !== 'resolved') set.unresolved += 1
    const newest = Math.max(...updates.map((u) => u.at))
    const services = pickDistinct(serviceIds, between(1, 3))
    const firstService = set.services[services[0] - 1]
    set.incidents.push({
      id: i,
      title: `${pick(PROBLEMS)} on ${firstService.name}`,
      short_id: incidentIds[i - 1],
      status: derived.status,
      resolved_at: derived.resolvedAt,
      updated_at: new Date(newest + 1000).toISOString(),
      created_at: new Date(createdAt).toISOString(),
    })
    updates.forEach((u, index) =>
      set.incidents_updates.push({
        _order: index + 1,
        _parent_id: i,
        id: u.id,
        status: u.status,
        message: u.message,
        created_at: u.createdAt,
        notify: false,
      }),
    )
    services.forEach((serviceId, index) =>
      set.incidents_rels.push({ order: index + 1, parent_id: i, path: 'affectedServices', services_id: serviceId }),
    )
  }

  // Maintenances: mostly completed in the past, some cancelled, a few in progress, some upcoming. In-progress ones
  // end, and upcoming ones start, days from now: the clock moves none of them during a benchmark.
  const maintenanceIds = uniqueShortIds(SIZES.maintenances)
  const inProgress = Math.min(5, SIZES.maintenances)
  for (let m = 1; m <= SIZES.maintenances; m++) {
    const kind =
      m > SIZES.maintenances - inProgress
        ? 'in_progress'
        : m <= SIZES.upcoming
          ? 'upcoming'
          : pick([
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'past',
              'cancelled',
              'cancelled',
              'early',
            ] as const)
    let startAt: number
    let endAt: number | null
    let requested: MaintenanceStatus | null = null
    let writtenAt: number
    if (kind === 'in_progress') {
      startAt = now.getTime() - between(1, 12) * HOUR
      endAt = m % 2 === 0 ? null : now.getTime() + between(2, 5) * DAY
      writtenAt = startAt - 3 * DAY
    } else if (kind === 'upcoming') {
      startAt = now.getTime() + between(2, 60) * DAY + between(0, 23) * HOUR
      endAt = startAt + between(1, 8) * HOUR
      writtenAt = now.getTime() - between(1, 20) * DAY
    } else {
      startAt = now.getTime() - between(3, 3 * 365) * DAY + between(0, 23) * HOUR
      endAt = startAt + between(1, 8) * HOUR
      writtenAt = startAt - between(1, 14) * DAY
      if (kind === 'cancelled') requested = 'cancelled'
      if (kind === 'early') requested = 'completed'
    }
    const scheduledStartAt = new Date(startAt)
    const scheduledEndAt = endAt === null ? null : new Date(endAt)
    // The moment the operator (or the clock) last wrote it: cancelled before the start, completed early mid-window.
    const decidedAt =
      kind === 'cancelled'
        ? new Date(startAt - between(1, 48) * HOUR)
        : kind === 'early'
          ? new Date(startAt + 30 * MINUTE)
          : now
    const state = deriveMaintenanceState({
      requestedStatus: requested,
      scheduledStartAt,
      scheduledEndAt,
      previous: null,
      now: decidedAt,
    })
    set.maintenanceStatuses[state.status] = (set.maintenanceStatuses[state.status] ?? 0) + 1
    const duration = durationToStore({
      written: m % 7 === 0 ? 'about two hours' : null,
      scheduledStartAt,
      scheduledEndAt,
    })
    const services = pickDistinct(serviceIds, between(1, 3))
    const updatedAt = Math.min(
      now.getTime(),
      Math.max(
        writtenAt,
        state.completedAt ? Date.parse(state.completedAt) : 0,
        state.cancelledAt ? Date.parse(state.cancelledAt) : 0,
      ),
    )
    set.maintenances.push({
      id: m,
      title: `Scheduled maintenance of ${set.services[services[0] - 1].name}`,
      short_id: maintenanceIds[m - 1],
      description: JSON.stringify(
        lexicalParagraph(
          'We will upgrade the underlying infrastructure. Short interruptions are possible during the window.',
        ),
      ),
      scheduled_start_at: scheduledStartAt.toISOString(),
      scheduled_end_at: scheduledEndAt?.toISOString() ?? null,
      duration,
      status: state.status,
      completed_at: state.completedAt,
      cancelled_at: state.cancelledAt,
      updated_at: new Date(updatedAt).toISOString(),
      created_at: new Date(writtenAt).toISOString(),
    })
    const updateCount = state.status === 'upcoming' ? 0 : between(0, 2)
    for (let u = 0; u < updateCount; u++) {
      set.maintenances_updates.push({
        _order: u + 1,
        _parent_id: m,
        id: rowId(),
        message: u === 0 ? 'The maintenance has started.' : 'Work is progressing as planned.',
        created_at: new Date(startAt + u * 20 * MINUTE).toISOString(),
        notify: false,
      })
    }
    services.forEach((serviceId, index) =>
      set.maintenances_rels.push({ order: index + 1, parent_id: m, path: 'affectedServices', services_id: serviceId }),
    )
  }
  return set
}

// ---------------------------------------------------------------------------------------------------------------
// Writers

/** Tables in insertion order (parents first), with the columns to write. */
const TABLES: { name: keyof DataSet; columns: string[]; pgTypes: string[] }[] = [
  {
    name: 'service_groups',
    columns: ['id', 'name', 'slug', 'description', 'display_order', 'updated_at', 'created_at'],
    pgTypes: ['int', 'text', 'text', 'text', 'numeric', 'timestamptz', 'timestamptz'],
  },
  {
    name: 'services',
    columns: ['id', 'name', 'slug', 'description', 'group_id', 'status', 'display_order', 'updated_at', 'created_at'],
    pgTypes: ['int', 'text', 'text', 'text', 'int', 'enum_services_status', 'numeric', 'timestamptz', 'timestamptz'],
  },
  {
    name: 'incidents',
    columns: ['id', 'title', 'short_id', 'status', 'resolved_at', 'updated_at', 'created_at'],
    pgTypes: ['int', 'text', 'text', 'enum_incidents_status', 'timestamptz', 'timestamptz', 'timestamptz'],
  },
  {
    name: 'incidents_updates',
    columns: ['_order', '_parent_id', 'id', 'status', 'message', 'created_at', 'notify'],
    pgTypes: ['int', 'int', 'text', 'enum_incidents_updates_status', 'text', 'timestamptz', 'bool'],
  },
  {
    name: 'incidents_rels',
    columns: ['order', 'parent_id', 'path', 'services_id'],
    pgTypes: ['int', 'int', 'text', 'int'],
  },
  {
    name: 'maintenances',
    columns: [
      'id',
      'title',
      'short_id',
      'description',
      'scheduled_start_at',
      'scheduled_end_at',
      'duration',
      'status',
      'completed_at',
      'cancelled_at',
      'updated_at',
      'created_at',
    ],
    pgTypes: [
      'int',
      'text',
      'text',
      'jsonb',
      'timestamptz',
      'timestamptz',
      'text',
      'enum_maintenances_status',
      'timestamptz',
      'timestamptz',
      'timestamptz',
      'timestamptz',
    ],
  },
  {
    name: 'maintenances_updates',
    columns: ['_order', '_parent_id', 'id', 'message', 'created_at', 'notify'],
    pgTypes: ['int', 'int', 'text', 'text', 'timestamptz', 'bool'],
  },
  {
    name: 'maintenances_rels',
    columns: ['order', 'parent_id', 'path', 'services_id'],
    pgTypes: ['int', 'int', 'text', 'int'],
  },
]

/**
 * The texts written per language (Payload's localization, docs/languages.md): kept in `<table>_locales`, one row per
 * record and language, beside the record's other columns. The seed writes English, the language every text has.
 */
const LOCALIZED: Partial<Record<keyof DataSet, { columns: string[]; pgTypes: string[]; parentType: string }>> = {
  service_groups: { columns: ['name', 'description'], pgTypes: ['text', 'text'], parentType: 'int' },
  services: { columns: ['name', 'description'], pgTypes: ['text', 'text'], parentType: 'int' },
  incidents: { columns: ['title'], pgTypes: ['text'], parentType: 'int' },
  incidents_updates: { columns: ['message'], pgTypes: ['text'], parentType: 'text' },
  maintenances: { columns: ['title', 'description'], pgTypes: ['text', 'jsonb'], parentType: 'int' },
  maintenances_updates: { columns: ['message'], pgTypes: ['text'], parentType: 'text' },
}

/** A table's rows as written: the record's own columns, then its English texts' row in `<table>_locales`. */
function writes(table: (typeof TABLES)[number], rows: Row[]) {
  const texts = LOCALIZED[table.name]
  if (!texts) return [{ name: table.name, columns: table.columns, pgTypes: table.pgTypes, rows }]
  const own = table.columns.map((column, index) => [column, table.pgTypes[index]] as const)
  const kept = own.filter(([column]) => !texts.columns.includes(column))
  return [
    { name: table.name, columns: kept.map(([c]) => c), pgTypes: kept.map(([, t]) => t), rows },
    {
      name: `${table.name}_locales`,
      columns: [...texts.columns, '_locale', '_parent_id'],
      pgTypes: [...texts.pgTypes, '_locales', texts.parentType],
      rows: rows.map((row) => ({
        ...Object.fromEntries(texts.columns.map((column) => [column, row[column]])),
        _locale: 'en',
        _parent_id: row.id,
      })),
    },
  ]
}

interface Writer {
  isEmpty(): Promise<boolean>
  insert(table: string, columns: string[], pgTypes: string[], rows: Row[]): Promise<void>
  finish(): Promise<void>
}

function sqliteWriter(client: LibsqlClient): Writer {
  const ROWS_PER_STATEMENT = 400
  const STATEMENTS_PER_TRANSACTION = 50
  return {
    async isEmpty() {
      const result = await client.execute(
        'SELECT (SELECT count(*) FROM services) + (SELECT count(*) FROM incidents) + (SELECT count(*) FROM maintenances) AS n',
      )
      return Number(result.rows[0].n) === 0
    },
    async insert(table, columns, _pgTypes, rows) {
      const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `
      const tuple = `(${columns.map(() => '?').join(', ')})`
      let batch: InStatement[] = []
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT)
        const args = chunk.flatMap((row) =>
          columns.map((c) => (typeof row[c] === 'boolean' ? (row[c] ? 1 : 0) : row[c])),
        )
        batch.push({ sql: head + chunk.map(() => tuple).join(', '), args })
        if (batch.length === STATEMENTS_PER_TRANSACTION) {
          await client.batch(batch, 'write')
          batch = []
        }
      }
      if (batch.length) await client.batch(batch, 'write')
    },
    async finish() {
      // Nothing: a live SQLite database has no statistics unless someone runs ANALYZE, and Payload does not.
    },
  }
}

/** PostgreSQL's enum types of the schema: the statuses' `enum_…`, and the languages' `_locales`. */
const isEnum = (type: string) => type.startsWith('enum_') || type === '_locales'

function postgresWriter(pool: pg.Pool): Writer {
  const ROWS_PER_STATEMENT = 10_000
  return {
    async isEmpty() {
      const result = await pool.query(
        'SELECT (SELECT count(*) FROM services) + (SELECT count(*) FROM incidents) + (SELECT count(*) FROM maintenances) AS n',
      )
      return Number(result.rows[0].n) === 0
    },
    async insert(table, columns, pgTypes, rows) {
      // One array parameter per column, unnested: a single round trip per 10,000 rows.
      const select = columns.map(
        (_, index) =>
          `$${index + 1}::${pgTypes[index] === 'jsonb' || isEnum(pgTypes[index]) ? 'text' : pgTypes[index]}[]`,
      )
      const casts = columns.map((c, index) => `"${c}"::${pgTypes[index]}`)
      const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${casts.join(', ')} FROM unnest(${select.join(', ')}) AS t(${columns.map((c) => `"${c}"`).join(', ')})`
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT)
        await pool.query(
          sql,
          columns.map((c) => chunk.map((row) => row[c])),
        )
      }
    },
    async finish() {
      // Explicit ids were written: move the serial sequences past them, as inserts through Payload would have.
      for (const { name } of TABLES.filter((table) => !table.name.endsWith('_updates'))) {
        // (Array-row tables, …_updates, have text ids and no sequence.)
        await pool.query(
          `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), GREATEST((SELECT max(id) FROM "${name}"), 1))`,
        )
      }
      // After this many inserts autovacuum would analyze the tables soon anyway; do it now so plans are stable.
      await pool.query('ANALYZE')
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl)
    throw new Error('set DATABASE_URL (file:… or postgres://…): the seed never writes to the default ./data database')
  // Seeding writes no maintenance through Payload; its ticker has nothing to do here.
  process.env.MAINTENANCE_TICK_MS = '0'
  const dialect = dialectOf(databaseUrl)
  const timings: Record<string, number> = {}
  const t0 = performance.now()
  if (process.argv.includes('--fresh')) await freshDatabase(databaseUrl)
  else if (dialect === 'sqlite')
    mkdirSync(path.dirname(path.resolve(databaseUrl.replace(/^file:/, ''))), { recursive: true })

  const tMigrate = performance.now()
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  timings.migrateMs = performance.now() - tMigrate

  const tBuild = performance.now()
  const now = new Date()
  const data = buildDataSet(now)
  timings.generateMs = performance.now() - tBuild

  const db = payload.db as unknown as { client?: LibsqlClient; pool?: pg.Pool }
  const writer = dialect === 'sqlite' ? sqliteWriter(db.client as LibsqlClient) : postgresWriter(db.pool as pg.Pool)
  if (!(await writer.isEmpty()))
    throw new Error('the database already holds services, incidents or maintenances; run with --fresh to recreate it')

  const tInsert = performance.now()
  const rowCounts: Record<string, number> = {}
  for (const table of TABLES)
    for (const { name, columns, pgTypes, rows } of writes(table, data[table.name] as Row[])) {
      const started = performance.now()
      await writer.insert(name, columns, pgTypes, rows)
      rowCounts[name] = rows.length
      console.log(
        `  ${name}: ${rows.length.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
    }
  timings.insertMs = performance.now() - tInsert
  const tFinish = performance.now()
  await writer.finish()
  timings.finishMs = performance.now() - tFinish

  // Read a sample back through Payload: the rows must be documents Payload understands, with the derived fields
  // the hooks would have written.
  const tVerify = performance.now()
  const sample = await payload.find({
    collection: 'incidents',
    sort: ['-createdAt', '-id'],
    limit: 50,
    page: 7,
    depth: 1,
  })
  for (const doc of sample.docs) {
    const derived = deriveIncidentState(
      (doc.updates ?? []).map((u) => ({ status: u.status, createdAt: u.createdAt ?? doc.createdAt })),
    )
    if (
      !derived ||
      derived.status !== doc.status ||
      (derived.resolvedAt ?? null) !== (doc.resolvedAt ? new Date(doc.resolvedAt).toISOString() : null)
    ) {
      throw new Error(`incident ${doc.id}: stored status ${doc.status}/${doc.resolvedAt} disagrees with its updates`)
    }
    if (!doc.affectedServices?.length || typeof doc.affectedServices[0] !== 'object')
      throw new Error(`incident ${doc.id}: affectedServices not populated`)
  }
  const counted = await payload.count({ collection: 'incidents' })
  if (counted.totalDocs !== SIZES.incidents)
    throw new Error(`Payload counts ${counted.totalDocs} incidents, expected ${SIZES.incidents}`)
  timings.verifyMs = performance.now() - tVerify
  timings.totalMs = performance.now() - t0

  // Handy inputs for the benchmark: a service with active incidents, and some short ids.
  const activeIncident = data.incidents.find((row) => row.status !== 'resolved')
  const activeService = activeIncident
    ? data.incidents_rels.find((rel) => rel.parent_id === activeIncident.id)?.services_id
    : undefined
  const result = {
    dialect,
    sizes: SIZES,
    rows: rowCounts,
    unresolvedIncidents: data.unresolved,
    maintenanceStatuses: data.maintenanceStatuses,
    timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])),
    activeServiceSlug: activeService ? data.services[Number(activeService) - 1].slug : data.services[0]?.slug,
    sampleShortIds: data.incidents
      .filter((_, index) => index % Math.max(1, Math.floor(data.incidents.length / 2000)) === 0)
      .map((row) => row.short_id),
  }
  console.log(
    `Seeded ${dialect}: ${Object.values(rowCounts)
      .reduce((a, b) => a + b, 0)
      .toLocaleString(
        'en',
      )} rows; insert ${(timings.insertMs / 1000).toFixed(1)} s, total ${(timings.totalMs / 1000).toFixed(1)} s`,
  )
  console.log(`SEED_RESULT ${JSON.stringify(result)}`)
  await payload.destroy?.()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('Seeding failed:', error)
    process.exit(1)
  },
)
