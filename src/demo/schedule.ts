/**
 * When demo resets run: one at start, then one per interval, inside the service process; with several instances
 * on one database, one reset per interval in all (not one per instance).
 *
 * The instances agree through the demo-state row (src/globals/DemoState.ts): each reads it, decides with the rules
 * of src/domain/demo.ts whether a reset is due, and claims it with a compare-and-set (an UPDATE conditioned on the
 * value it read). Only the instance whose UPDATE changed the row resets; the others see the new time on their
 * next read.
 */
import { eq, isNull } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { isBuildPhase } from '@/config/env'
import { type DemoConfig, formatCountdown, startupResetDue } from '@/domain/demo'
import { repeat, stopRepeating } from '@/runtime/repeat'
import { connectionFor, tableOf } from '@/db/sql'

import { demoConfig } from './config'
import { resetDemo } from '@/services/demo/reset'

export interface DemoClock {
  lastResetAt: Date | null
  nextResetAt: Date | null
}

const asDate = (value: string | null | undefined) => (value ? new Date(value) : null)

export async function readClock(payload: Payload): Promise<DemoClock> {
  const state = await payload.findGlobal({ slug: 'demo-state', overrideAccess: true, depth: 0 })
  return { lastResetAt: asDate(state.lastResetAt), nextResetAt: asDate(state.nextResetAt) }
}

/**
 * Moves the clock to (now, now + interval) if `column` still holds `seen`; true when this caller moved it. The row
 * is created first when the database has none yet.
 */
async function claim(
  payload: Payload,
  column: 'lastResetAt' | 'nextResetAt',
  seen: Date | null,
  now: Date,
  config: DemoConfig,
): Promise<boolean> {
  const state = await payload.findGlobal({ slug: 'demo-state', overrideAccess: true, depth: 0 })
  if (!state.id) await payload.updateGlobal({ slug: 'demo-state', data: {}, overrideAccess: true, depth: 0 })
  const db = await connectionFor(payload)
  const t = tableOf(payload, 'demo_state')
  const next = new Date(now.getTime() + config.intervalMs)
  const rows: unknown[] = await db
    .update(t)
    .set({ lastResetAt: now.toISOString(), nextResetAt: next.toISOString(), updatedAt: now.toISOString() })
    .where(seen ? eq(t[column], seen.toISOString()) : isNull(t[column]))
    .returning({ id: t.id })
  return rows.length > 0
}

/**
 * A failed reset is tried again this soon (or at the next interval, when that is sooner), not an interval later: on
 * SQLite it may have left the data half wiped, and until a reset succeeds the edge can only serve its copies. It
 * also forgets when the last reset ran, so an instance that restarts before the retry resets at start (the edge's
 * "unsettled" mark lives in memory and would not survive the restart).
 */
export const RETRY_FAILED_RESET_MS = 60_000

async function resetAndLog(payload: Payload, config: DemoConfig, now: Date, atStart = false): Promise<void> {
  try {
    await resetDemo(payload, config, now, { atStart })
  } catch (error) {
    const retryAt = new Date(now.getTime() + Math.min(RETRY_FAILED_RESET_MS, config.intervalMs)).toISOString()
    await payload
      .updateGlobal({
        slug: 'demo-state',
        data: { nextResetAt: retryAt, lastResetAt: null },
        overrideAccess: true,
        depth: 0,
      })
      .catch(() => undefined)
    throw error
  }
  const next = new Date(now.getTime() + config.intervalMs)
  payload.logger.info(`Demo data reset at ${now.toISOString()}; next reset at ${next.toISOString()}`)
}

/** A tick of the loop: resets when the next reset is due and this instance wins the claim. */
export async function runDemoTick(payload: Payload, config: DemoConfig, now = new Date()): Promise<boolean> {
  const clock = await readClock(payload)
  if (clock.nextResetAt && now < clock.nextResetAt) return false
  if (!(await claim(payload, 'nextResetAt', clock.nextResetAt, now, config))) return false
  await resetAndLog(payload, config, now)
  return true
}

/** At start: reseed unless another instance did less than a minute ago (instances starting together). */
export async function resetAtStart(payload: Payload, config: DemoConfig, now = new Date()): Promise<boolean> {
  const clock = await readClock(payload)
  if (!startupResetDue(clock.lastResetAt, now)) return false
  if (!(await claim(payload, 'lastResetAt', clock.lastResetAt, now, config))) return false
  await resetAndLog(payload, config, now, true)
  return true
}

const NAME = 'demoReset'

/** Called from onInit: nothing unless DEMO_MODE=true; then a reset now and a loop that checks every second. */
export async function startDemoMode(payload: Payload, config = demoConfig()): Promise<void> {
  stopRepeating(NAME)
  if (!config.enabled || isBuildPhase()) return
  for (const warning of config.warnings) payload.logger.warn(warning)
  payload.logger.warn(
    `Demo mode: all data is wiped and reseeded every ${config.intervalMinutes} minutes. Use it only on a disposable database.`,
  )
  payload.logger.warn('Demo mode: notifications and confirmations are queued but never sent.')
  await resetAtStart(payload, config)
  repeat(
    NAME,
    1000,
    () => runDemoTick(payload, config),
    (error) => payload.logger.error({ err: error, msg: 'Demo reset failed' }),
  )
}

export interface DemoStatus {
  isDemoMode: boolean
  timeUntilReset: string
  resetIntervalMinutes: number
}

/** GET /api/demo-status. With demo mode off the countdown reads "0m 00s": no reset is coming. */
export async function demoStatus(payload: Payload, config = demoConfig(), now = new Date()): Promise<DemoStatus> {
  if (!config.enabled)
    return { isDemoMode: false, timeUntilReset: formatCountdown(0), resetIntervalMinutes: config.intervalMinutes }
  const { nextResetAt } = await readClock(payload)
  const remaining = nextResetAt ? nextResetAt.getTime() - now.getTime() : config.intervalMs
  return { isDemoMode: true, timeUntilReset: formatCountdown(remaining), resetIntervalMinutes: config.intervalMinutes }
}
