/**
 * The schedule tick: drafts whose publication time has come are published, recurring maintenances get their next
 * occurrences, then reminders that are due go out, and audit entries past AUDIT_RETENTION_DAYS are pruned (src/audit/prune.ts) (the verbs: src/services/drafts/publish-due.ts,
 * src/services/maintenances/extend-series.ts, src/services/reminders/remind-*.ts). Every SCHEDULE_TICK_MS (default 10 s) on each instance;
 * each step claims its records with a conditional write, so instances never repeat one another.
 */
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'

import { pruneAuditLog } from '@/audit/prune'
import { publishDue } from '@/services/drafts/publish-due'
import { extendSeries } from '@/services/maintenances/extend-series'
import { reminderSettings } from '@/services/reminders/internal'
import { remindMaintenances } from '@/services/reminders/remind-maintenances'
import { remindQuietIncidents } from '@/services/reminders/remind-quiet-incidents'
import { loopInterval, repeat } from '@/runtime/repeat'

const NAME = 'scheduleTicker'

export interface ScheduleTick {
  published: number
  /** Drafts this tick could not publish, marked so and left for an editor. */
  unpublishable: number
  occurrences: number
  maintenances: number
  incidents: number
  /** Audit entries past their retention removed (null: the hourly prune was not due). */
  auditPruned: number | null
}

/** One tick; exported for tests and scripts. */
export async function runScheduleTick(payload: Payload, now = new Date()): Promise<ScheduleTick> {
  const { published, unpublishable } = await publishDue(payload, now)
  const occurrences = await extendSeries(payload, now)
  const { lead, hours } = await reminderSettings(payload)
  return {
    published,
    unpublishable,
    occurrences,
    maintenances: await remindMaintenances(payload, now, lead),
    incidents: await remindQuietIncidents(payload, now, hours),
    auditPruned: await pruneAuditLog(payload, now),
  }
}

/** SCHEDULE_TICK_MS when given (0 turns it off), else every 10 s (off under the test runner). */
export const scheduleTickMs = (settings: Env = env()): number =>
  loopInterval(settings.SCHEDULE_TICK_MS, 10_000, settings)

export function startScheduleTicker(payload: Payload, intervalMs = scheduleTickMs()): number {
  return repeat(
    NAME,
    intervalMs,
    () => runScheduleTick(payload),
    (error) => payload.logger.error({ err: error, msg: 'Schedule tick failed' }),
  )
}
