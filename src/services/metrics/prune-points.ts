import { and, eq, lt } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'
import { connectionFor } from '@/db/sql'
import { FIVE_MINUTES, HOUR, RAW } from '@/domain/metrics'

import { pointsTable } from '@/db/metric-points'

import { retentionSeconds } from './internal'

/**
 * Removes the points past their retention: raw points after METRICS_RAW_RETENTION_HOURS, 5-minute buckets after
 * METRICS_FIVE_MINUTE_RETENTION_DAYS, hourly ones after METRICS_HOURLY_RETENTION_DAYS. Every instance may run it:
 * a delete of what is already gone deletes nothing. The buckets were rolled up when the points were written.
 */
export async function prunePoints(payload: Payload, now = new Date(), settings: Env = env()): Promise<void> {
  const table = pointsTable(payload)
  const db = await connectionFor(payload)
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const kept = retentionSeconds(settings)
  for (const resolution of [RAW, FIVE_MINUTES, HOUR] as const)
    await db.delete(table).where(and(eq(table.resolution, resolution), lt(table.t, nowSeconds - kept[resolution])))
}
