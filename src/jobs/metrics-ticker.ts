/**
 * The metrics tick (docs/metrics.md): the Prometheus queries of metrics that are due are evaluated (each claimed by
 * one instance with a conditional write, so every instance may poll and one writes), then points past their
 * retention are removed. Every METRICS_TICK_MS (default 60 s) on each instance.
 */
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'
import { loopInterval, repeat } from '@/runtime/repeat'
import { pollPrometheus } from '@/services/metrics/poll-prometheus'
import { prunePoints } from '@/services/metrics/prune-points'

const NAME = 'metricsTicker'

/** One tick; exported for tests. */
export async function runMetricsTick(payload: Payload, now = new Date()): Promise<{ polled: number }> {
  const polled = await pollPrometheus(payload, now)
  await prunePoints(payload, now)
  return { polled }
}

/** METRICS_TICK_MS when given (0 turns it off), else every 60 s (off under the test runner). */
export const metricsTickMs = (settings: Env = env()): number => loopInterval(settings.METRICS_TICK_MS, 60_000, settings)

export function startMetricsTicker(payload: Payload, intervalMs = metricsTickMs()): number {
  return repeat(
    NAME,
    intervalMs,
    () => runMetricsTick(payload),
    (error) => payload.logger.error({ err: error, msg: 'Metrics tick failed' }),
  )
}
