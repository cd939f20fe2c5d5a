/**
 * One database's half of `npm run bench:metrics-storage` (bench/metrics-storage.mjs): the storage target of issue 42,
 * "a year of one point a minute for 50 metrics stays under 100 MB and a chart read under 20 ms at the database".
 * Into a fresh, migrated database it writes 50 metrics and, for each, what the retention rules keep of a year of one
 * point a minute (docs/metrics.md): 1,440 raw rows (a day), 2,016 five-minute rows (a week), 8,760 hourly rows (a
 * year), through the statement a push writes with (src/db/metric-points.ts, upsertRows). Then it measures the size
 * (SQLite: the file after VACUUM; PostgreSQL: pg_total_relation_size of the table after VACUUM) and times the chart's
 * own read (src/public-api/metrics.ts, rangePoints) for each range: a warm-up, then 20 reads, each of another metric.
 *
 *   DATABASE_URL=file:./bench/results/metrics-storage/storage.db PAYLOAD_SECRET=… \
 *     node --conditions=production --import tsx bench/metrics-storage.ts
 *
 * The last line of output is `STORAGE_RESULT {json}`.
 */
import { statSync } from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-sqlite/drizzle'
import { getPayload, type Payload } from 'payload'

import { dialectOf } from '../src/config/database'
import { upsertRows } from '../src/db/metric-points'
import { readRows } from '../src/db/sql'
import { type Bucket, FIVE_MINUTES, HOUR, METRIC_RANGES, RAW, type Resolution } from '../src/domain/metrics'
import { rangePoints } from '../src/public-api/metrics'

import { freshDatabase } from './fresh-database'

const METRICS = Number(process.env.BENCH_STORAGE_METRICS ?? 50)
const READS = 20
/** What the default retention keeps of one point a minute: resolution, rows, points each row combines. */
const KEPT: [Resolution, number, number][] = [
  [RAW, 1440, 1],
  [FIVE_MINUTES, 2016, 5],
  [HOUR, 8760, 60],
]

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

interface Drizzle {
  run?: (query: unknown) => Promise<unknown>
  execute?: (query: unknown) => Promise<unknown>
}
const drizzleOf = (payload: Payload) => (payload.db as unknown as { drizzle: Drizzle }).drizzle

/** The rows of one metric: unrounded values (rolled-up averages are), the worst case for PostgreSQL's numeric. */
function rowsOf(resolution: Resolution, count: number, n: number, now: number, random: () => number): Bucket[] {
  const step = resolution === RAW ? 60 : resolution
  const last = Math.floor(now / step) * step
  return Array.from({ length: count }, (_, i) => ({ t: last - (count - 1 - i) * step, v: 80 + 90 * random(), n }))
}

/** The database's size: SQLite's file after a checkpoint and VACUUM; PostgreSQL's table after VACUUM. */
async function sizes(payload: Payload, url: string) {
  const db = drizzleOf(payload)
  if (dialectOf(url) === 'sqlite') {
    await db.run!(sql`PRAGMA wal_checkpoint(TRUNCATE)`)
    await db.run!(sql`VACUUM`)
    await db.run!(sql`PRAGMA wal_checkpoint(TRUNCATE)`)
    const file = path.resolve(url.replace(/^file:/, ''))
    let table: number | null = null
    try {
      // The table's and its indexes' pages, where the library has the dbstat table.
      const [row] = await readRows<{ bytes: number }>(
        payload,
        sql`SELECT sum(pgsize) AS "bytes" FROM dbstat WHERE name IN ('metric_points', 'metric_resolution_t_idx')`,
      )
      table = Number(row.bytes)
    } catch {
      table = null
    }
    return { databaseBytes: statSync(file).size, tableBytes: table, indexBytes: null }
  }
  await db.execute!(sql`VACUUM ANALYZE "metric_points"`)
  const [row] = await readRows<{ total: string; indexes: string; database: string }>(
    payload,
    sql`SELECT pg_total_relation_size('metric_points') AS "total", pg_indexes_size('metric_points') AS "indexes",
          pg_database_size(current_database()) AS "database"`,
  )
  return { databaseBytes: Number(row.database), tableBytes: Number(row.total), indexBytes: Number(row.indexes) }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is required')
  // Only this script writes: no loop of the service runs (the metrics tick would prune by the clock).
  process.env.MAINTENANCE_TICK_MS = '0'
  process.env.NOTIFY_TICK_MS = '0'
  process.env.METRICS_TICK_MS = '0'
  await freshDatabase(url)
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  const empty = await sizes(payload, url)
  const random = mulberry32(42)
  const now = Math.floor(Date.now() / 1000)
  const ids: number[] = []
  const fillStarted = performance.now()
  let rows = 0
  for (let m = 1; m <= METRICS; m++) {
    const metric = await payload.create({
      collection: 'metrics',
      data: { name: `Storage ${m}`, slug: `storage-${m}`, unit: 'ms', aggregation: 'avg', source: 'push' },
      overrideAccess: true,
    })
    ids.push(metric.id)
    for (const [resolution, count, n] of KEPT) {
      const bucketRows = rowsOf(resolution, count, n, now, random)
      await upsertRows(payload, drizzleOf(payload), metric.id, resolution, bucketRows)
      rows += bucketRows.length
    }
  }
  const fillMs = performance.now() - fillStarted
  const [counted] = await readRows<{ n: number | string }>(payload, sql`SELECT count(*) AS "n" FROM "metric_points"`)
  const filled = await sizes(payload, url)

  const at = new Date(now * 1000)
  const reads: Record<string, { ms: number[]; points: number; first: number }> = {}
  for (const range of METRIC_RANGES) {
    const started = performance.now()
    const warm = await rangePoints(payload, ids[0], range, at)
    const first = performance.now() - started
    const ms: number[] = []
    for (let i = 0; i < READS; i++) {
      const t0 = performance.now()
      await rangePoints(payload, ids[(i + 1) % ids.length], range, at)
      ms.push(performance.now() - t0)
    }
    reads[range] = { ms, points: warm.points.length, first }
  }
  const result = {
    dialect: dialectOf(url),
    metrics: METRICS,
    rows,
    counted: Number(counted.n),
    fillMs,
    empty,
    filled,
    reads: Object.fromEntries(
      Object.entries(reads).map(([range, r]) => [
        range,
        { points: r.points, first: r.first, median: median(r.ms), max: Math.max(...r.ms), all: r.ms },
      ]),
    ),
  }
  console.log(`STORAGE_RESULT ${JSON.stringify(result)}`)
  await payload.destroy?.()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The metrics storage benchmark failed:', error)
    process.exit(1)
  },
)
