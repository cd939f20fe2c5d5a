/**
 * The in-process runner of the maintenance transition job. Every MAINTENANCE_TICK_MS (default 1000) it asks the
 * database, with one indexed query and no write, whether any maintenance is due; only then does it queue the
 * `advanceMaintenances` task on Payload's jobs queue and run that job at once.
 *
 * Why not `jobs.autoRun` with a per-second cron plus a task `schedule`: Payload's crons start only when something
 * calls getPayload({ cron: true }) (the CMS REST routes and admin do; /api/health and the public routes do not), and
 * a scheduled task writes a job row, a stats global and a job update every second on every instance even when
 * nothing is due. This runner writes only when a maintenance actually moves.
 */
import type { Payload } from 'payload'

import { ADVANCE_MAINTENANCES_TASK, findDueMaintenances, MAINTENANCE_QUEUE } from './advance-maintenances'

const DEFAULT_TICK_MS = 1000

/**
 * The tick interval: MAINTENANCE_TICK_MS when given (0 turns the runner off), else 1 s, except under the test runner
 * (NODE_ENV=test), where test files that want it ask for it, so unrelated files see no background writes.
 */
export function maintenanceTickMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.MAINTENANCE_TICK_MS?.trim()
  if (raw) {
    const value = Number(raw)
    if (Number.isFinite(value) && value >= 0) return value
    console.warn(`MAINTENANCE_TICK_MS must be a number of milliseconds (0 to disable), got "${raw}"; using ${DEFAULT_TICK_MS}`)
    return DEFAULT_TICK_MS
  }
  return env.NODE_ENV === 'test' ? 0 : DEFAULT_TICK_MS
}

/** One tick: queue and run the task when something is due. Exported for tests and scripts. */
export async function runMaintenanceTick(payload: Payload, now = new Date()): Promise<boolean> {
  const due = await findDueMaintenances(payload, now, 1)
  if (due.length === 0) return false
  const job = await payload.jobs.queue({ task: ADVANCE_MAINTENANCES_TASK, input: {}, queue: MAINTENANCE_QUEUE })
  await payload.jobs.runByID({ id: job.id, silent: { info: true } })
  return true
}

interface Ticker {
  timer: ReturnType<typeof setInterval>
  intervalMs: number
}

// One runner per process, even when Payload initialises twice (Next's bundles, HMR): the state hangs off globalThis.
const KEY = Symbol.for('statuspage.maintenanceTicker')
type Holder = typeof globalThis & { [KEY]?: Ticker }

export function stopMaintenanceTicker(): void {
  const holder = globalThis as Holder
  if (holder[KEY]) clearInterval(holder[KEY].timer)
  delete holder[KEY]
}

/**
 * Starts (or restarts, with this Payload instance) the runner. Ticks never overlap: one that finds the previous
 * still running is skipped. The timer is unref'd, so it never keeps a process (a CLI, a test worker) alive.
 * Returns the interval in use, or 0 when the runner is off.
 */
export function startMaintenanceTicker(payload: Payload, intervalMs = maintenanceTickMs()): number {
  stopMaintenanceTicker()
  if (intervalMs <= 0 || process.env.NEXT_PHASE === 'phase-production-build') return 0
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    runMaintenanceTick(payload)
      .catch((error: unknown) => payload.logger.error({ err: error, msg: 'Maintenance transition tick failed' }))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  ;(globalThis as Holder)[KEY] = { timer, intervalMs }
  return intervalMs
}
