/**
 * Entries older than AUDIT_RETENTION_DAYS (default 365) are removed by the schedule tick (src/jobs/schedule-ticker.ts):
 * one DELETE on the indexed creation time, at most once an hour per instance. Instances pruning at once delete
 * the same rows; nothing conflicts.
 */
import { lt } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { env } from '@/config/env'
import { connectionFor, tableOf } from '@/db/sql'
import { auditCutoff } from '@/domain/audit'
import { AUDIT_TABLE } from './record'

const PRUNE_EVERY_MS = 60 * 60 * 1000
let lastPrune: number | undefined

/** Deletes what is past the retention at `now`; the number of entries removed, or null when not yet due. */
export async function pruneAuditLog(
  payload: Payload,
  now = new Date(),
  retentionDays = env().AUDIT_RETENTION_DAYS,
): Promise<number | null> {
  if (lastPrune !== undefined && Math.abs(now.getTime() - lastPrune) < PRUNE_EVERY_MS) return null
  lastPrune = now.getTime()
  const t = tableOf(payload, AUDIT_TABLE)
  const db = await connectionFor(payload)
  const removed: { id: number }[] = await db
    .delete(t)
    .where(lt(t.createdAt, auditCutoff(now, retentionDays).toISOString()))
    .returning({ id: t.id })
  return removed.length
}
