/**
 * The points table of the metrics (src/collections/MetricPoints) through drizzle: a push writes thousands of rows
 * at once and a chart reads hundreds, where the Local API writes and builds one document at a time.
 */
import { and, eq, gte, lt, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import type { Bucket, Resolution } from '@/domain/metrics'

import { type Db, tableOf } from './sql'

export const pointsTable = (payload: Payload) => tableOf(payload, 'metric_points')

/** A statement's rows at most: five values each, well under SQLite's limit of bound values per statement. */
const ROWS_PER_STATEMENT = 500

/** Writes `rows` at `resolution`, each replacing the row of its time if there is one. */
export async function upsertRows(
  payload: Payload,
  db: Db,
  metric: number,
  resolution: Resolution,
  rows: readonly Bucket[],
): Promise<void> {
  const table = pointsTable(payload)
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    await db
      .insert(table)
      .values(chunk.map(({ t, v, n }) => ({ metric, resolution, t, v, n })))
      .onConflictDoUpdate({
        target: [table.metric, table.resolution, table.t],
        set: { v: sql.raw('excluded."v"'), n: sql.raw('excluded."n"') },
      })
  }
}

/** The rows of a metric at a resolution with `from <= t < to`, in time order. */
export async function readBuckets(
  payload: Payload,
  db: Db,
  metric: number,
  resolution: Resolution,
  from: number,
  to: number,
): Promise<Bucket[]> {
  const table = pointsTable(payload)
  const rows: { t: unknown; v: unknown; n: unknown }[] = await db
    .select({ t: table.t, v: table.v, n: table.n })
    .from(table)
    .where(and(eq(table.metric, metric), eq(table.resolution, resolution), gte(table.t, from), lt(table.t, to)))
    .orderBy(table.t)
  // PostgreSQL's numeric columns come back as text.
  return rows.map((row) => ({ t: Number(row.t), v: Number(row.v), n: Number(row.n) }))
}
