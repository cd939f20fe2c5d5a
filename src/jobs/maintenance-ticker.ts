/**
 * The in-process runner of the maintenance transition job: every MAINTENANCE_TICK_MS one indexed, read-only query
 * asks whether any maintenance is due, and only then is the `advanceMaintenances` task queued and run. A timer, not
 * Payload's autoRun cron, since public traffic never starts those crons and a scheduled task would write job rows
 * every second. docs/architecture.md, "The public API and time" (Time moves maintenances).
 */
import type { Payload, TaskConfig } from 'payload'

import { type Env, env } from '@/config/env'

import { advanceDueMaintenances } from '@/services/maintenances/advance'
import { findDueMaintenances } from '@/services/maintenances/find-due'

import { loopInterval, repeat, stopRepeating } from '@/runtime/repeat'

export const ADVANCE_MAINTENANCES_TASK = 'advanceMaintenances'
export const MAINTENANCE_QUEUE = 'maintenances'

/** The task the tick queues: the verb (src/services/maintenances/advance.ts) on Payload's jobs queue. */
export const advanceMaintenancesTask: TaskConfig<'advanceMaintenances'> = {
  slug: ADVANCE_MAINTENANCES_TASK,
  label: 'Move maintenances on in time',
  outputSchema: [
    { name: 'advanced', type: 'number', required: true },
    { name: 'failed', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({ output: await advanceDueMaintenances(req.payload) }),
}

const NAME = 'maintenanceTicker'

/** The tick interval: MAINTENANCE_TICK_MS when given (0 turns the runner off), else 1 s (off under the test runner). */
export const maintenanceTickMs = (settings: Env = env()): number =>
  loopInterval(settings.MAINTENANCE_TICK_MS, 1000, settings)

/** One tick: queue and run the task when something is due. Exported for tests and scripts. */
export async function runMaintenanceTick(payload: Payload, now = new Date()): Promise<boolean> {
  const due = await findDueMaintenances(payload, now, 1)
  if (due.length === 0) return false
  const job = await payload.jobs.queue({ task: ADVANCE_MAINTENANCES_TASK, input: {}, queue: MAINTENANCE_QUEUE })
  await payload.jobs.runByID({ id: job.id, silent: { info: true } })
  return true
}

export const stopMaintenanceTicker = (): void => stopRepeating(NAME)

/** Starts (or restarts, with this Payload instance) the runner; returns the interval in use, or 0 when it is off. */
export function startMaintenanceTicker(payload: Payload, intervalMs = maintenanceTickMs()): number {
  return repeat(
    NAME,
    intervalMs,
    () => runMaintenanceTick(payload),
    (error) => payload.logger.error({ err: error, msg: 'Maintenance transition tick failed' }),
  )
}
