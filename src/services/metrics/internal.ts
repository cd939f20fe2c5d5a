/** What the metric verbs share: the per-metric write lock, the retention of each resolution. */
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { PayloadRequest } from 'payload'

import { type Env, env } from '@/config/env'
import { postgresTransaction } from '@/db/sql'
import { FIVE_MINUTES, HOUR, RAW, type Resolution } from '@/domain/metrics'

/** The lock space of metric writes (pg_advisory_xact_lock's first key), apart from any other advisory lock. */
const METRIC_LOCKS = 0x3e7c

/**
 * One writer at a time per metric across instances: a write rolls its buckets up from the rows it reads, so two at
 * once on PostgreSQL (read committed) could each miss the other's points. SQLite has no transaction here; the
 * process's own queue per metric (write-points.ts) orders its writers.
 */
export async function lockMetric(req: PayloadRequest, metric: number): Promise<void> {
  const db = await postgresTransaction(req)
  if (db) await db.execute(sql`SELECT pg_advisory_xact_lock(${METRIC_LOCKS}, ${metric})`)
}

/** How long each resolution is kept, in seconds (METRICS_*_RETENTION_*). */
export function retentionSeconds(settings: Env = env()): Record<Resolution, number> {
  return {
    [RAW]: settings.METRICS_RAW_RETENTION_HOURS * 3600,
    [FIVE_MINUTES]: settings.METRICS_FIVE_MINUTE_RETENTION_DAYS * 86_400,
    [HOUR]: settings.METRICS_HOURLY_RETENTION_DAYS * 86_400,
  } as Record<Resolution, number>
}
